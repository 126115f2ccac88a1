// The bad-file corpus of the import limits, through the real CLI: each file is generated in a temp folder,
// imported by a child `recon import` after a good export, and must end with its exit code and message (or
// its kept-out reasons), a peak resident set under 512 MB (VmHWM of the child, Linux), and — when the file
// is refused — the warehouse's order tables exactly as the good import left them. The good export is
// imported in this process (the same runCli, into a copy of the migrated template): it only sets the
// scene, and a child for it cost as much CPU again as the bad file's child, whose memory is the point.
// So are the bad files of a few hundred bytes (`small`), refused or kept out for their shape, not their
// size: the bound on memory is measured where a file could cost memory (bombs, huge values, deep nesting).
import { execFile } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { openWarehouse } from '../../src/warehouse/open.ts';
import { runCliInProcess } from '../cli/in-process.ts';
import { openMigratedCopy } from '../warehouse/migrated-copy.ts';
import * as bad from './bad-files.ts';
import { SANDBOX_HEADER, sandboxRow } from './helpers.ts';

const BIN = join(import.meta.dirname, '..', '..', 'bin', 'recon.js');
const PEAK = join(import.meta.dirname, 'peak-rss.mjs');
const MAX_PEAK_MB = 512;
const HAS_PROC = existsSync('/proc/self/status');

interface Run {
  code: number;
  stdout: string;
  stderr: string;
  peakMb: number;
}

function recon(args: string[], cwd: string): Promise<Run> {
  const peakFile = join(cwd, `peak-${Math.random().toString(36).slice(2)}`);
  return new Promise((resolve) => {
    execFile(
      process.execPath,
      ['--import', PEAK, BIN, ...args],
      { cwd, env: { ...process.env, RECON_CONFIG: '', PEAK_RSS_FILE: peakFile }, timeout: 120_000, maxBuffer: 16 << 20 },
      (error, stdout, stderr) => {
        const peakMb = existsSync(peakFile) ? Number(readFileSync(peakFile, 'utf8')) / 1024 : Number.NaN;
        resolve({ code: error ? Number((error as { code?: number }).code ?? 1) : 0, stdout, stderr, peakMb });
      },
    );
  });
}

/** Everything the order tables hold, as text: equal before and after a refused file. */
async function orderTables(dir: string): Promise<string> {
  const warehouse = await openWarehouse(join(dir, 'w.duckdb'), { readOnly: true });
  try {
    const parts: unknown[] = [];
    for (const table of ['orders', 'order_history', 'order_imports', 'order_import_issues']) {
      const reader = await warehouse.connection.runAndReadAll(`SELECT * FROM ${table} ORDER BY ALL`);
      parts.push(reader.getRowObjectsJson());
    }
    return JSON.stringify(parts);
  } finally {
    warehouse.close();
  }
}

async function ordersIn(dir: string): Promise<Map<string, string | null>> {
  const warehouse = await openWarehouse(join(dir, 'w.duckdb'), { readOnly: true });
  try {
    const reader = await warehouse.connection.runAndReadAll('SELECT item_id, customer_name FROM orders ORDER BY item_id');
    return new Map(reader.getRowObjectsJS().map((r) => [String(r['item_id']), (r['customer_name'] as string | null) ?? null]));
  } finally {
    warehouse.close();
  }
}

interface CorpusCase {
  name: string;
  make(dir: string): Promise<string> | string;
  orders?: Record<string, unknown>;
  exit: 0 | 2;
  stderr?: RegExp | ((dir: string) => RegExp);
  /** Kept-out reasons expected among stdout's JSON lines. */
  rejected?: RegExp[];
  /** Orders the file itself commits (besides the good export's G1 and G2), with customer names when given. */
  loaded?: Record<string, string | null>;
  /** A file of a few hundred bytes: imported in this process, its memory not at stake. */
  small?: true;
}

const PARQUET_REST = { P3: 'Ana', P4: 'Ana', P5: 'Ana', P6: 'Ana', P7: 'Ana', P8: 'Ana', P9: 'Ana' };

const CASES: CorpusCase[] = [
  {
    name: 'zip-bomb XLSX (1.3 MB inflating to 300 MB): refused from its zip directory',
    make: (dir) => bad.writeZipBomb(dir, 'bomb.xlsx'),
    exit: 2,
    stderr:
      /bomb\.xlsx: the workbook's zip directory says its entries decompress to [\d,]+ bytes, more than the limit of [\d,]+ decompressed bytes \(50 x the file's [\d,]+ bytes on disk, set by orders\.limits\.decompressedRatio\); nothing of this file was imported — if the export is genuine, raise orders\.limits\.decompressedRatio/,
  },
  {
    name: 'zip-bomb XLSX whose directory lies (declares 60 MB): stopped while inflating',
    make: (dir) => bad.writeZipBomb(dir, 'lying.xlsx', 60_000_000),
    exit: 2,
    stderr:
      /lying\.xlsx: not a readable XLSX workbook \(the entry "xl\/worksheets\/sheet1\.xml" inflates past the 60,000,000 bytes the zip directory declares\)/,
  },
  {
    name: 'XLSX with more zip entries than orders.limits.maxZipEntries',
    small: true,
    make: (dir) => bad.writeSmallWorkbook(dir, 'entries.xlsx', 20),
    orders: { limits: { maxZipEntries: 10 } },
    exit: 2,
    stderr: /entries\.xlsx: the workbook's zip has 25 entries, more than the limit of 10 \(orders\.limits\.maxZipEntries\)/,
  },
  {
    name: 'Parquet of huge zstd strings (3 x 8,000,000 characters in 2 KB): refused from its footer',
    make: (dir) => bad.writeHugeStringsParquet(dir, 'huge.parquet'),
    exit: 2,
    stderr:
      /huge\.parquet: the Parquet footer says the file's columns decompress to [\d,]+ bytes, more than the limit of [\d,]+ decompressed bytes .*orders\.limits\.decompressedRatio/,
  },
  {
    name: 'Parquet of huge zstd strings with the limits raised: the rows are kept out by length',
    make: (dir) => bad.writeHugeStringsParquet(dir, 'huge-raised.parquet'),
    // One row of three kept out is past orders.maxRejectedShare: raised, so the case shows the row's reason.
    orders: { limits: { decompressedRatio: 100_000 }, maxRejectedShare: 1 },
    exit: 0,
    rejected: [
      /"line":1,"item_id":"P0","reason":"customer_name is 8,000,001 characters long, more than 4,096 \(column \\"cliente\\"; orders\.limits\.maxTextLength\)"/,
    ],
    loaded: PARQUET_REST,
  },
  {
    name: 'Parquet of 8 MiB item_ids with the limits raised: kept out by length, never an order',
    make: (dir) => bad.writeHugeStringsParquet(dir, 'huge-ids.parquet', 'pedido'),
    // One row of three kept out is past orders.maxRejectedShare: raised, so the case shows the row's reason.
    orders: { limits: { decompressedRatio: 100_000 }, maxRejectedShare: 1 },
    exit: 0,
    rejected: [/"line":2,"item_id":null,"reason":"item_id is 8,388,608 characters long, more than 256 \(column \\"pedido\\"; orders\.limits\.maxIdLength\)"/],
    loaded: PARQUET_REST,
  },
  {
    name: 'Parquet with the amount as a STRUCT',
    small: true,
    make: (dir) => bad.writeStructAmountParquet(dir, 'struct.parquet'),
    exit: 2,
    stderr:
      /struct\.parquet: column "valor_total" \(orders\.columns\.amount\) is STRUCT\(reais INTEGER, centavos INTEGER\); expected a number, a DECIMAL or text/,
  },
  {
    name: 'JSON nested 100,000 levels deep',
    make: (dir) => bad.writeDeepJson(dir, 'deep.json'),
    exit: 2,
    stderr: /deep\.json: line 2: JSON nested more than 64 levels deep \(orders\.limits\.maxJsonDepth\)/,
  },
  {
    name: 'invalid UTF-8 in a UTF-8 CSV: the row is kept out with the byte offset',
    small: true,
    make: (dir) => bad.writeInvalidUtf8Csv(dir, 'bad-utf8.csv'),
    orders: { csv: { encoding: 'utf-8' }, maxRejectedShare: 1 },
    exit: 0,
    rejected: [new RegExp(`"line":3,"item_id":null,"reason":"invalid UTF-8 at byte ${bad.INVALID_UTF8_OFFSET}"`)],
    loaded: { A: 'José', C: 'Ana' },
  },
  {
    name: 'a UTF-8 file under windows-1252 settings: read as UTF-8, with a warning',
    small: true,
    make: (dir) => bad.writeUtf8Csv(dir, 'utf8.csv'),
    exit: 0,
    stderr: /utf8\.csv: read as UTF-8 although orders\.csv\.encoding is \\"windows-1252\\".*set orders\.csv\.encoding to \\"utf-8\\"/,
    loaded: { A: 'João Conceição' },
  },
  {
    name: 'a Shopify export under the Brazilian ";" settings',
    small: true,
    make: (dir) => bad.writeShopifyCsv(dir, 'shopify.csv'),
    exit: 2,
    stderr: /shopify\.csv: the header has 1 column under delimiter ';' but 23 under ','; the file looks like a Shopify export: set orders\.preset to "shopify"/,
  },
  {
    name: 'title lines above the header: found, with a warning',
    small: true,
    make: (dir) => bad.writeTitledCsv(dir, 'titled.csv'),
    exit: 0,
    stderr: /titled\.csv: the header is on line 3; the 2 lines above it \(a title\?\) were skipped — set orders\.csv\.skipRows to 2/,
    loaded: { A: 'Ana' },
  },
  {
    name: 'more rows than orders.limits.maxRows',
    small: true,
    make: (dir) => {
      writeFileSync(join(dir, 'rows.csv'), [SANDBOX_HEADER, sandboxRow('R1'), sandboxRow('R2'), sandboxRow('R3')].join('\r\n'));
      return join(dir, 'rows.csv');
    },
    orders: { limits: { maxRows: 2 } },
    exit: 2,
    stderr: /rows\.csv: more than 2 rows, the limit \(orders\.limits\.maxRows\); nothing of this file was imported/,
  },
];

describe('bad-file corpus of the import limits (real CLI, peak memory, nothing committed)', () => {
  const root = mkdtempSync(join(tmpdir(), 'recon-limits-'));
  afterAll(() => rmSync(root, { recursive: true, force: true }));

  it.concurrent.each(CASES.map((c) => [c.name, c] as const))('%s', async (_name, c) => {
    const dir = mkdtempSync(join(root, 'case-'));
    // The English sentences are asserted: the terminal shows them under en.
    writeFileSync(
      join(dir, 'recon.config.json'),
      JSON.stringify({ warehouse: { path: 'w.duckdb' }, orders: { preset: 'recon-sandbox', ...c.orders }, reports: { locale: 'en' } }),
    );
    (await openMigratedCopy(join(dir, 'w.duckdb'))).close();
    const good = await runCliInProcess(['import', bad.writeGoodCsv(dir, 'good.csv')], { cwd: dir });
    expect(good.code, good.stderr).toBe(0);
    const before = await orderTables(dir);

    const file = await c.make(dir);
    const run = c.small ? { ...(await runCliInProcess(['import', file], { cwd: dir })), peakMb: undefined } : await recon(['import', file], dir);
    const shown = `exit ${run.code}\nstderr: ${run.stderr.slice(-1500)}\nstdout: ${run.stdout.slice(-1500)}`;
    if (run.peakMb !== undefined) console.info(`peak RSS ${run.peakMb.toFixed(0)} MB: ${c.name}`);

    expect(run.code, shown).toBe(c.exit);
    if (c.stderr) expect(run.stderr, shown).toMatch(typeof c.stderr === 'function' ? c.stderr(dir) : c.stderr);
    for (const reason of c.rejected ?? []) expect(run.stdout, shown).toMatch(reason);
    expect(run.stderr.length + run.stdout.length, 'no input dumped into the output').toBeLessThan(64 * 1024);
    if (HAS_PROC && run.peakMb !== undefined) expect(run.peakMb, 'peak resident set of the import, MB').toBeLessThan(MAX_PEAK_MB);

    if (c.exit === 2) expect(await orderTables(dir), 'the order tables after a refused file').toBe(before);
    else expect(Object.fromEntries(await ordersIn(dir))).toEqual({ G1: 'Ana', G2: 'Ana', ...c.loaded });
  });
});
