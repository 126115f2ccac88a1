// Hostile bank statements through the real CLI (`recon import`), each bounded: 60 s and 640 MB peak
// resident memory of the recon process. A file past a count bound is refused whole with exit 2 and
// leaves nothing in the warehouse; a file of hostile lines keeps them out with their reason, in bulk,
// and never lets one line take another's id. Each case starts from a copy of the migrated template (an
// import would otherwise migrate a fresh warehouse first); the two id cases, four imports of a line or
// two whose point is the ids and not the cost, import in this process (the same runCli).
import { closeSync, mkdtempSync, openSync, readFileSync, rmSync, writeFileSync, writeSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_STATEMENT_LIMITS } from '../../src/bank/statement-limits.ts';
import { MAX_STATEMENT_BYTES } from '../../src/bank/statement-text.ts';
import { formatOfx1 } from '../../src/bank/write-ofx.ts';
import { openWarehouse } from '../../src/warehouse/open.ts';
import { FIXTURES, ofx1, statementOf, trn } from '../bank/statement-helpers.ts';
import { runCliInProcess } from '../cli/in-process.ts';
import { openMigratedCopy } from '../warehouse/migrated-copy.ts';
import { runRecon, STACK_FRAME } from './cli.ts';

const PEAK_MB = 640;
const SECONDS = 60;
const ACCOUNTS = [
  { id: 'itau-1', document: '12.345.678/0001-90', bankAccount: '56789-0' },
  { id: 'bradesco-1', document: '12.345.678/0001-90', bankAccount: '12345-6' },
];

let root: string;
beforeAll(() => {
  root = mkdtempSync(join(tmpdir(), 'recon-hostile-statements-'));
});
afterAll(() => rmSync(root, { recursive: true, force: true }));

async function setUp(limits: Record<string, number> = {}): Promise<string> {
  const dir = mkdtempSync(join(root, 'case-'));
  const config = { warehouse: { path: 'w.duckdb' }, reports: { outDir: 'reports' }, bank: { accounts: ACCOUNTS, limits } };
  writeFileSync(join(dir, 'recon.config.json'), JSON.stringify(config));
  (await openMigratedCopy(join(dir, 'w.duckdb'))).close();
  return dir;
}

/** `head`, then `unit` repeated until the file is as large as a statement may be, written in 1 MiB blocks. */
function writeFilled(path: string, head: string, unit: string): number {
  const fd = openSync(path, 'w');
  try {
    writeSync(fd, head);
    const count = Math.floor((MAX_STATEMENT_BYTES - Buffer.byteLength(head)) / unit.length);
    const perBlock = Math.floor((1 << 20) / unit.length);
    const block = unit.repeat(perBlock);
    for (let left = count; left > 0; left -= perBlock) writeSync(fd, left >= perBlock ? block : unit.repeat(left));
    return count;
  } finally {
    closeSync(fd);
  }
}

const OFX_HEAD = ofx1([]).split('</BANKTRANLIST>')[0] as string;
const CNAB_HEAD = `${readFileSync(`${FIXTURES}/itau-extrato.ret`, 'latin1').slice(0, 240)}\r\n`;

async function importIn(dir: string, file: string) {
  const result = await runRecon(['import', file], { cwd: dir, timeoutMs: SECONDS * 1000 });
  const shown = `exit ${result.code} after ${result.seconds.toFixed(1)} s, ${result.peakRssMb.toFixed(0)} MB\n${result.stderr.slice(-1500)}`;
  expect(result.seconds, shown).toBeLessThan(SECONDS);
  expect(result.peakRssMb, shown).toBeLessThan(PEAK_MB);
  expect(result.stderr, shown).not.toMatch(STACK_FRAME);
  expect(result.stderr.length + result.stdout.length, 'output bounded').toBeLessThan(256 * 1024);
  // SHOW_PEAKS=1 prints each import's time and peak memory (the figures docs/bank.md quotes).
  if (process.env['SHOW_PEAKS']) console.info(`${file}: exit ${result.code}, ${result.seconds.toFixed(1)} s, ${result.peakRssMb.toFixed(0)} MB`);
  return { ...result, shown };
}

/** `recon import FILE` in this process, bounded in time and output as importIn is. */
async function importHere(dir: string, file: string) {
  const started = performance.now();
  const result = await runCliInProcess(['import', file], { cwd: dir });
  const seconds = (performance.now() - started) / 1000;
  const shown = `exit ${result.code} after ${seconds.toFixed(1)} s\n${result.stderr.slice(-1500)}`;
  expect(seconds, shown).toBeLessThan(SECONDS);
  expect(result.stderr, shown).not.toMatch(STACK_FRAME);
  expect(result.stderr.length + result.stdout.length, 'output bounded').toBeLessThan(256 * 1024);
  return { ...result, shown };
}

async function stored(dir: string) {
  const warehouse = await openWarehouse(join(dir, 'w.duckdb'), { readOnly: true });
  try {
    const read = async (sql: string) => (await warehouse.connection.runAndReadAll(sql)).getRowObjectsJS();
    const [counts] = await read(
      `SELECT (SELECT count(*) FROM bank_statements)::INTEGER AS statements, (SELECT count(*) FROM bank_transactions)::INTEGER AS lines,
              (SELECT count(*) FROM bank_import_issues)::INTEGER AS issues,
              (SELECT coalesce(max(length(line_id)), 0) FROM bank_transactions)::INTEGER AS longest_id,
              (SELECT coalesce(max(greatest(length(reason), length(coalesce(value, '')))), 0) FROM bank_import_issues)::INTEGER AS longest_issue`,
    );
    const lines = await read(
      "SELECT line_id, strftime(posted_at, '%Y-%m-%d') AS posted_on, amount_cents::BIGINT AS cents FROM bank_transactions ORDER BY line_id",
    );
    const issues = await read('SELECT line, reason, value FROM bank_import_issues ORDER BY line');
    return { counts, lines: lines.map((l) => ({ ...l, cents: Number(l['cents']) })), issues };
  } finally {
    warehouse.close();
  }
}

describe('hostile bank statements', () => {
  it.each([
    {
      name: 'a CNAB 240 of 16.7M two-byte records inside the 32 MiB limit',
      file: 'tiny.ret',
      write: (path: string) => writeFilled(path, CNAB_HEAD, 'X\n'),
      stderr: /more than 100,000 statement lines .*bank\.limits\.maxLinesPerStatement/,
    },
    {
      name: 'an OFX of 8.4M tiny leaf lines',
      file: 'tiny.ofx',
      write: (path: string) => writeFilled(path, OFX_HEAD, '<A>\n'),
      stderr: /more than 4,000,000 records .*bank\.limits\.maxRecordsPerStatement/,
    },
  ])('$name is refused whole (exit 2), nothing of it committed', async ({ file, write, stderr }) => {
    const dir = await setUp();
    expect(write(join(dir, file))).toBeGreaterThan(8_000_000);
    const result = await importIn(dir, file);
    expect(result.code, result.shown).toBe(2);
    expect(result.stderr, result.shown).toMatch(stderr);
    expect((await stored(dir)).counts).toMatchObject({ statements: 0, lines: 0, issues: 0 });
  });

  it.each([
    // Record type is position 8: a trailer record cut short after it (the rest read as blanks).
    { name: 'CNAB 240: 3.7M trailer records', file: 'trailers.ret', write: (path: string) => writeFilled(path, CNAB_HEAD, '00000009\n') },
    { name: 'OFX: 8.4M tiny leaves', file: 'leaves.ofx', write: (path: string) => writeFilled(path, OFX_HEAD, '<A>\n') },
  ])('with maxRecordsPerStatement raised, $name still read within the memory bound', async ({ file, write }) => {
    const dir = await setUp({ maxRecordsPerStatement: 20_000_000 });
    write(join(dir, file));
    const result = await importIn(dir, file);
    expect(result.code, result.shown).toBe(0);
    expect((await stored(dir)).counts).toMatchObject({ statements: 1, lines: 0, issues: 0 });
  });

  it('a genuine statement of as many lines as maxLinesPerStatement allows imports within the 512 MB budget', async () => {
    const dir = await setUp();
    const lines = Array.from({ length: DEFAULT_STATEMENT_LIMITS.maxLinesPerStatement }, (_, i) => ({
      postedOn: `2024-05-${String(1 + (i % 28)).padStart(2, '0')}`,
      amountCents: (i % 2 ? -1 : 1) * (100 + i),
      type: i % 2 ? ('debit' as const) : ('credit' as const),
      fitid: `F${i}`,
      memo: `PIX RECEBIDO PAGAMENTOS ${i}`,
      documentNumber: undefined,
    }));
    writeFileSync(join(dir, 'year.ofx'), formatOfx1({ ...statementOf(lines), account: { ...statementOf([]).account, account: '12345-6' } }));
    const result = await importIn(dir, 'year.ofx');
    expect(result.code, result.shown).toBe(0);
    expect(result.peakRssMb, result.shown).toBeLessThan(512);
    expect((await stored(dir)).counts).toMatchObject({ statements: 1, lines: lines.length, issues: 0 });
  });

  it('20,000 empty <STMTTRN> are kept out in bulk, each with its line', async () => {
    const dir = await setUp();
    writeFileSync(join(dir, 'empty.ofx'), ofx1(Array.from({ length: 20_000 }, () => '<STMTTRN></STMTTRN>')), 'latin1');
    const result = await importIn(dir, 'empty.ofx');
    expect(result.code, result.shown).toBe(0);
    const { counts, issues } = await stored(dir);
    expect(counts).toMatchObject({ statements: 1, lines: 0, issues: 20_000 });
    expect(issues[0]).toMatchObject({ reason: expect.stringMatching(/^bad DTPOSTED ""/) });
    expect(result.seconds, result.shown).toBeLessThan(20);
  });

  it('a FITID shaped like a derived id cannot make a later genuine credit vanish', async () => {
    const dir = await setUp();
    const day = (d: string) => `${d}120000[-3:BRT]`;
    writeFileSync(
      join(dir, 'forged.ofx'),
      ofx1([
        trn({ posted: day('20261119'), amount: '5.00', fitid: '0001', memo: 'PIX RECEBIDO' }),
        trn({ posted: day('20261120'), amount: '0.01', fitid: '0001/2026-11-20/1000000', memo: 'PIX RECEBIDO' }),
      ]),
      'latin1',
    );
    expect((await importHere(dir, 'forged.ofx')).code).toBe(0);
    writeFileSync(
      join(dir, 'genuine.ofx'),
      ofx1([trn({ posted: day('20261120'), amount: '10000.00', fitid: '0001', memo: 'TED RECEBIDA REPASSE' })]),
      'latin1',
    );
    const genuine = await importHere(dir, 'genuine.ofx');
    expect(genuine.code, genuine.shown).toBe(0);
    const { lines, issues } = await stored(dir);
    expect(lines).toEqual([
      { line_id: '0001', posted_on: '2026-11-19', cents: 500 },
      { line_id: '0001/2026-11-20/1000000', posted_on: '2026-11-20', cents: 1_000_000 },
    ]);
    expect(issues.map((i) => i['reason'])).toEqual([expect.stringMatching(/FITID "0001\/2026-11-20\/1000000" has the shape of an id recon derives/)]);
  });

  it('a line whose id a warehouse already holds for another line (written before this check) is kept out, not merged', async () => {
    const dir = await setUp();
    writeFileSync(join(dir, 'first.ofx'), ofx1([trn({ posted: '20261119', amount: '5.00', fitid: '0001' })]), 'latin1');
    expect((await importHere(dir, 'first.ofx')).code).toBe(0);
    const warehouse = await openWarehouse(join(dir, 'w.duckdb'));
    try {
      await warehouse.connection.run(
        `INSERT INTO bank_transactions (account_id, line_id, posted_at, amount_cents, type, fitid, memo, statement_file, statement_id, line, imported_at)
         VALUES ('bradesco-1', '0001/2026-11-20/1000000', DATE '2026-11-20', 1, 'credit', '0001/2026-11-20/1000000', 'X', 'old.ofx', 'old', 1, now())`,
      );
    } finally {
      warehouse.close();
    }
    writeFileSync(join(dir, 'genuine.ofx'), ofx1([trn({ posted: '20261120', amount: '10000.00', fitid: '0001', memo: 'TED RECEBIDA' })]), 'latin1');
    const result = await importHere(dir, 'genuine.ofx');
    expect(result.code, result.shown).toBe(0);
    expect(result.stdout + result.stderr).toMatch(/already names another line of this account/);
    const { issues } = await stored(dir);
    expect(issues.map((i) => i['reason'])).toEqual([
      expect.stringMatching(/line id "0001\/2026-11-20\/1000000" already names another line .*1 cents.*1000000 cents/),
    ]);
  });

  it('9 credits with 3 MiB FITIDs and one of 400 characters are kept out; nothing long is stored', async () => {
    const dir = await setUp();
    const credits = Array.from({ length: 9 }, (_, n) => trn({ amount: `${n + 1}00.00`, fitid: `${n}`.repeat(3 << 20), memo: 'PIX RECEBIDO' }));
    credits.push(trn({ amount: '7.00', fitid: 'L'.repeat(400), memo: 'PIX RECEBIDO' }), trn({ amount: '8.00', fitid: 'OK1', memo: 'PIX RECEBIDO' }));
    writeFileSync(join(dir, 'long.ofx'), ofx1(credits), 'latin1');
    const result = await importIn(dir, 'long.ofx');
    expect(result.code, result.shown).toBe(0);
    const { counts, issues } = await stored(dir);
    expect(counts).toMatchObject({ statements: 1, lines: 1, issues: 10, longest_id: 3 });
    expect(counts?.['longest_issue']).toBeLessThan(300);
    expect(issues.map((i) => i['reason'])).toEqual([
      ...Array.from({ length: 9 }, () => expect.stringMatching(/^FITID is 3,145,728 characters long, more than 128 \(bank\.limits\.maxIdLength\)$/)),
      expect.stringMatching(/^FITID is 400 characters long/),
    ]);
  });
});
