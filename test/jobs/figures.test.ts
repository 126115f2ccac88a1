// One definition per figure: three sandbox nights with every deadline one day long, so that on the last
// night N3 the findings first seen on N1 are past due (due N2) and those first seen on N2 are due on N3
// itself, on time. Each figure of N3 (new, open, overdue, the amount at stake) is then read from every
// place a person or a script reads it (summary.json, the workbook's Summary and category sheets, the
// page of a real `recon serve`, `recon findings list` and the alerts the night sent) and must be the same
// everywhere. The page and the CLI read days after the night, as finance does: the date they are read on
// must not move a deadline.
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import ExcelJS from 'exceljs';
import { DateTime } from 'luxon';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runNightly } from '../../jobs/nightly.ts';
import { REPORT_CATALOG } from '../../reports/index.ts';
import { createPaymentsApi } from '../../src/api/index.ts';
import { configSchema, type ReconConfig } from '../../src/config/schema.ts';
import { generateHistory, startSandbox, writeOrdersExport } from '../../src/sandbox/index.ts';
import { startReportServer, type RunningServer } from '../../src/serve/server.ts';
import { addDays } from '../../src/shared/business-day.ts';
import { FINDING_CATEGORIES } from '../../src/shared/domain.ts';
import { messagesFor } from '../../src/shared/locale/index.ts';
import { silentLogger } from '../../src/shared/log.ts';
import { openWarehouse } from '../../src/warehouse/open.ts';
import { runCliInProcess } from '../cli/in-process.ts';
import { get } from '../serve/http.ts';

const ZONE = 'America/Sao_Paulo';
const N3 = '2026-03-12';
const N2 = addDays(N3, -1);
const N1 = addDays(N3, -2);
const m = messagesFor('pt-BR');

/** Per category: the count and the cents of one figure. */
type PerCategory = Record<string, { n: number; cents: bigint }>;
interface Figures {
  new: number;
  open: number;
  overdue: number;
  overdueCents: bigint;
  atStakeCents: bigint;
  atStakeByCategory: Record<string, bigint>;
  overdueByCategory: Record<string, number>;
}

let dir: string;
let config: ReconConfig;
let configFile: string;
let server: RunningServer;
let hook: Server;
const hookBodies: { text: string; blocks: { text: { text: string } }[] }[] = [];

const cli = (...args: string[]) => runCliInProcess(['findings', ...args, '--config', configFile]);
const listJson = async (...args: string[]): Promise<Record<string, any>[]> => {
  const { code, stdout, stderr } = await cli('list', '--format', 'json', ...args);
  expect([code, stderr]).toEqual([0, '']);
  return JSON.parse(stdout);
};

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'recon-figures-'));
  hook = createServer((req, res) => {
    let body = '';
    req.on('data', (c: Buffer) => {
      body += c.toString();
    });
    req.on('end', () => {
      hookBodies.push(JSON.parse(body));
      res.writeHead(200).end('ok');
    });
  });
  await new Promise<void>((r) => hook.listen(0, '127.0.0.1', r));
  const raw = {
    timezone: ZONE,
    warehouse: { path: join(dir, 'recon.duckdb') },
    orders: { preset: 'recon-sandbox', path: join(dir, 'orders-{date}.csv') },
    reports: { outDir: join(dir, 'reports'), locale: 'pt-BR' },
    // Every deadline a day long: due the night after the first one.
    reconcile: { slaDays: Object.fromEntries(FINDING_CATEGORIES.map((c) => [c, 1])) },
    alerts: { webhooks: [{ url: `http://127.0.0.1:${(hook.address() as AddressInfo).port}/hook`, on: ['new', 'overdue'] }], baseDelayMs: 1 },
  };
  configFile = join(dir, 'recon.config.json');
  writeFileSync(configFile, JSON.stringify(raw));
  config = configSchema.parse(raw);

  const history = generateHistory({ seed: 13, days: 10, perDay: 30, endDate: N3, discrepancyRate: 0.1 });
  let now = 0;
  const clock = { now: () => now };
  const sandbox = await startSandbox({ history, clock });
  const api = createPaymentsApi({
    baseUrl: sandbox.url,
    apiKey: sandbox.apiKey,
    timeoutMs: 5000,
    retry: { maxAttempts: 3, baseDelayMs: 1, maxDelayMs: 5, maxRetryAfterMs: 100 },
  });
  const night = async (date: string) => {
    await writeOrdersExport(history, join(dir, `orders-${date}.csv`), { format: 'csv-br', date });
    now = DateTime.fromISO(date, { zone: ZONE }).plus({ days: 1, hours: 2 }).toMillis();
    const warehouse = await openWarehouse(config.warehouse.path);
    try {
      await runNightly({ db: warehouse.connection, api, clock, logger: silentLogger }, { date, source: 'sandbox' }, config);
    } finally {
      warehouse.close();
    }
  };
  try {
    await night(N1);
    await night(N2);
    // One of N1's findings is accepted as explained before N3: past its due date, but never overdue.
    const accepted = (await listJson('--state', 'open')).find((r) => r['first_seen'] === N1);
    expect(accepted).toBeDefined();
    expect((await cli('accept', accepted!['finding_key'], '--reason', 'accepted loss', '--by', 'ana')).code).toBe(0);
    hookBodies.length = 0;
    await night(N3);
  } finally {
    await api.close();
    await sandbox.close();
  }
  // The morning after, finance acknowledges one new finding and one overdue one: an acknowledgement
  // changes neither figure.
  const [fresh] = await listJson('--state', 'new');
  const [late] = await listJson('--state', 'overdue');
  for (const key of [fresh!['finding_key'], late!['finding_key']]) expect((await cli('ack', key, '--note', 'looking into it', '--by', 'bia')).code).toBe(0);
  // The page is read a week after the night.
  const weekLater = DateTime.fromISO(N3, { zone: ZONE }).plus({ days: 8, hours: 9 }).toMillis();
  server = await startReportServer({
    reportsDir: config.reports.outDir,
    warehousePath: config.warehouse.path,
    zone: ZONE,
    maskDocuments: true,
    host: '127.0.0.1',
    port: 0,
    token: undefined,
    clock: { now: () => weekLater },
    logger: silentLogger,
    catalog: REPORT_CATALOG,
    locale: 'pt-BR',
    slaDays: config.reconcile.slaDays,
    fileMode: config.warehouse.fileMode,
  });
}, 240_000);

afterAll(async () => {
  await server?.close();
  await new Promise<void>((r) => (hook ? hook.close(() => r()) : r()));
  if (dir) rmSync(dir, { recursive: true, force: true });
});

const sumCents = (records: readonly Record<string, any>[]) => records.reduce((sum, r) => sum + BigInt(r['amount_cents']), 0n);
const byCategoryCents = (records: readonly Record<string, any>[]): Record<string, bigint> => {
  const out: Record<string, bigint> = {};
  for (const r of records) out[r['category']] = (out[r['category']] ?? 0n) + BigInt(r['amount_cents']);
  return out;
};
const countByCategory = (records: readonly Record<string, any>[]): Record<string, number> => {
  const out: Record<string, number> = {};
  for (const r of records) out[r['category']] = (out[r['category']] ?? 0) + 1;
  return out;
};
/** Drops the categories with nothing: places differ in whether they list a zero. */
const nonZero = <T extends number | bigint>(o: Record<string, T>) => Object.fromEntries(Object.entries(o).filter(([, v]) => v !== 0 && v !== 0n));
/** "R$ 1.234,56" (the page, the CLI) or "1.234,56" (the alerts) as cents, exactly. */
const centsOf = (text: string): bigint => {
  const match = /^(-?)(?:R\$\s)?([\d.]+),(\d{2})$/.exec(text.trim());
  if (!match) throw new Error(`not an amount: ${text}`);
  const cents = BigInt(match[2]!.replaceAll('.', '')) * 100n + BigInt(match[3]!);
  return match[1] === '-' ? -cents : cents;
};
/** A workbook amount cell (reais, as Excel keeps them) as cents: two decimals at most, so rounding the double is exact. */
const cellCents = (value: unknown): bigint => BigInt(Math.round(Number(value ?? 0) * 100));

function fromSummaryJson(): Figures {
  const s = JSON.parse(readFileSync(join(config.reports.outDir, N3, 'summary.json'), 'utf8'));
  const atStake = Object.fromEntries(
    Object.entries(s.findings.by_category as Record<string, { amountCents: number }>).map(([c, v]) => [c, BigInt(v.amountCents)]),
  );
  return {
    new: s.findings.totals.new,
    open: s.findings.totals.open,
    overdue: s.triage.overdue,
    overdueCents: BigInt(s.triage.overdue_amount_cents),
    atStakeCents: Object.values(atStake).reduce((a, b) => a + b, 0n),
    atStakeByCategory: nonZero(atStake),
    overdueByCategory: nonZero(Object.fromEntries(Object.entries(s.triage.by_category as Record<string, { overdue: number }>).map(([c, v]) => [c, v.overdue]))),
  };
}

async function readWorkbook(): Promise<ExcelJS.Workbook> {
  const wb = new ExcelJS.Workbook();
  await wb.xlsx.readFile(join(config.reports.outDir, N3, 'discrepancies.xlsx'));
  return wb;
}

/** The Summary sheet: per category (labels in pt-BR, back to keys) active, new, open, resolved, amount at stake, acknowledged, accepted, overdue. */
async function fromWorkbookSummary(): Promise<Omit<Figures, 'overdueCents'>> {
  const keyOfLabel = new Map(FINDING_CATEGORIES.map((c) => [m.categories[c] as string, c]));
  const sheet = (await readWorkbook()).getWorksheet(m.sheets.summary)!;
  const figures: Omit<Figures, 'overdueCents'> = { new: 0, open: 0, overdue: 0, atStakeCents: 0n, atStakeByCategory: {}, overdueByCategory: {} };
  let total: unknown[] | undefined;
  sheet.eachRow((row, n) => {
    if (n === 1) return;
    const v = (row.values as unknown[]).slice(1);
    const key = keyOfLabel.get(String(v[0]));
    if (String(v[0]) === m.total) total = v;
    if (key === undefined) return;
    figures.new += Number(v[2]);
    figures.open += Number(v[3]);
    figures.overdue += Number(v[8]);
    figures.atStakeCents += cellCents(v[5]);
    figures.atStakeByCategory[key] = cellCents(v[5]);
    figures.overdueByCategory[key] = Number(v[8]);
  });
  // The sheet's own total row says the same as its rows.
  expect(total && [Number(total[2]), Number(total[3]), cellCents(total[5]), Number(total[8])]).toEqual([
    figures.new,
    figures.open,
    figures.atStakeCents,
    figures.overdue,
  ]);
  return { ...figures, atStakeByCategory: nonZero(figures.atStakeByCategory), overdueByCategory: nonZero(figures.overdueByCategory) };
}

/** The keys the category sheets mark overdue ("Sim" in the Atrasado column). */
async function overdueKeysOfWorkbook(): Promise<string[]> {
  const keys: string[] = [];
  for (const sheet of (await readWorkbook()).worksheets.slice(1)) {
    const headers = (sheet.getRow(1).values as unknown[]).map(String);
    const keyAt = headers.indexOf(m.headers.findingKey);
    const overdueAt = headers.indexOf(m.headers.overdue);
    if (keyAt < 0 || overdueAt < 0) continue;
    sheet.eachRow((row, n) => {
      if (n > 1 && row.getCell(overdueAt).value === m.yes) keys.push(String(row.getCell(keyAt).value));
    });
  }
  return keys.sort();
}

describe('the figures of a night are the same in every place', () => {
  let expected: Figures;
  let all: Record<string, any>[];
  let overdue: Record<string, any>[];

  beforeAll(async () => {
    expected = fromSummaryJson();
    all = await listJson();
    overdue = await listJson('--state', 'overdue');
  });

  it('has findings past due, findings due on the night itself, and an accepted one past due', () => {
    expect(expected.overdue).toBeGreaterThan(0);
    expect(expected.new).toBeGreaterThan(0);
    expect(expected.open).toBeGreaterThan(expected.overdue);
    const dueTonight = all.filter((r) => r['due_date'] === N3 && r['state'] !== 'resolved');
    expect(dueTonight.length).toBeGreaterThan(0);
    // Due on N3 is on time on N3's figures, wherever they are read.
    for (const r of dueTonight) expect(r['overdue']).toBe(false);
    const accepted = all.filter((r) => r['state'] === 'accepted');
    expect(accepted).toHaveLength(1);
    expect(accepted[0]).toMatchObject({ overdue: false, first_seen: N1 });
    expect(accepted[0]!['due_date'] < N3).toBe(true);
  });

  it('summary.json and the workbook Summary agree', async () => {
    const { overdueCents: _, ...rest } = expected;
    expect(await fromWorkbookSummary()).toEqual(rest);
  });

  it('the workbook marks overdue exactly the findings `recon findings list --state overdue` lists', async () => {
    expect(await overdueKeysOfWorkbook()).toEqual(overdue.map((r) => r['finding_key']).sort());
  });

  it('`recon findings list` counts and sums the same, read months after the night', async () => {
    const unresolved = all.filter((r) => r['computed_state'] !== 'resolved');
    const listed: Figures = {
      new: (await listJson('--state', 'new')).length,
      open: (await listJson('--state', 'open')).length,
      overdue: overdue.length,
      overdueCents: sumCents(overdue),
      atStakeCents: sumCents(unresolved),
      atStakeByCategory: nonZero(byCategoryCents(unresolved)),
      overdueByCategory: countByCategory(overdue),
    };
    expect(listed).toEqual(expected);
    // The table's last line says the same figures, in the config's locale (pt-BR).
    const table = (await cli('list')).stdout.trim().split('\n').at(-1) ?? '';
    const line = /^novos (\d+), em aberto (\d+), vencidos (\d+) \((R\$ [\d.,]+)\); em jogo (R\$ [\d.,]+)$/.exec(table);
    expect(line && [Number(line[1]), Number(line[2]), Number(line[3]), centsOf(line[4]!), centsOf(line[5]!)]).toEqual([
      expected.new,
      expected.open,
      expected.overdue,
      expected.overdueCents,
      expected.atStakeCents,
    ]);
  });

  it('the page counts the same a week later: the views, the overdue view rows, the categories', async () => {
    const page = await get(server.url, `/nights/${N3}`);
    expect(page.status).toBe(200);
    const count = (view: string) => Number(new RegExp(`data-view="${view}" data-count="(\\d+)"`).exec(page.text)?.[1]);
    expect([count('new'), count('overdue')]).toEqual([expected.new, expected.overdue]);
    const lateView = await get(server.url, `/nights/${N3}?view=overdue`);
    const rows = [...lateView.text.matchAll(/<tr data-category="([a-z_]+)"[^>]* data-key="([^"]+)"/g)];
    expect(rows.map((r) => r[2]).sort()).toEqual(overdue.map((r) => r['finding_key']).sort());
    // Its bulk form acknowledges the overdue findings not acknowledged yet: one was, this morning.
    expect(/name="expect" value="(\d+)"/.exec(lateView.text)?.[1]).toBe(String(expected.overdue - 1));
    const categories = /<table id="categories">([\s\S]*?)<\/table>/.exec(page.text)?.[1] ?? '';
    const perCategory: PerCategory = {};
    let news = 0;
    let open = 0;
    for (const [, key, n, o, , amount] of categories.matchAll(
      /<tr data-key="([a-z_]+)"><td>[^<]*<\/td><td class="num">(\d+)<\/td><td class="num">(\d+)<\/td><td class="num">(\d+)<\/td><td class="num">([^<]+)<\/td><\/tr>/g,
    )) {
      news += Number(n);
      open += Number(o);
      perCategory[key!] = { n: Number(n) + Number(o), cents: centsOf(amount!) };
    }
    expect([news, open]).toEqual([expected.new, expected.open]);
    expect(nonZero(Object.fromEntries(Object.entries(perCategory).map(([c, v]) => [c, v.cents])))).toEqual(expected.atStakeByCategory);
  });

  it('the alerts of the night tell the same new and overdue findings, with the same amounts', () => {
    const subjects = hookBodies.map((b) => b.text);
    expect(subjects).toHaveLength(2);
    // The night ran under pt-BR: Portuguese words, dd/MM/yyyy, R$ 1.234,56, categories by their labels.
    const night = m.fmt.day(N3);
    const newAlert = /^recon, noite de (\S+): (\d+) achados? novos?, (R\$ \S+) em jogo$/.exec(subjects[0]!);
    const lateAlert = /^recon, noite de (\S+): (\d+) achados? com o prazo vencido, (R\$ \S+) em jogo$/.exec(subjects[1]!);
    expect([newAlert?.[1], Number(newAlert?.[2])]).toEqual([night, expected.new]);
    expect(centsOf(newAlert![3]!)).toBe(sumCents(all.filter((r) => r['computed_state'] === 'new')));
    expect([lateAlert?.[1], Number(lateAlert?.[2]), centsOf(lateAlert![3]!)]).toEqual([night, expected.overdue, expected.overdueCents]);
    const keyOfLabel = new Map(FINDING_CATEGORIES.map((c) => [m.categories[c] as string, c]));
    const lines = [...hookBodies[1]!.blocks[0]!.text.text.matchAll(/• ([^:\n]+): (\d+) \(R\$ \S+\)/g)];
    expect(Object.fromEntries(lines.map(([, label, n]) => [keyOfLabel.get(label!) ?? label!, Number(n)]))).toEqual(expected.overdueByCategory);
  });
});
