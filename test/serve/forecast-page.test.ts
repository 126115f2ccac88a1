// The night page's cash forecast over a real warehouse file: the section is there with every day of
// the horizon as a bar whose title carries the exact figures of the forecast report's per-day sheet,
// labelled a forecast; and in Debian's Chromium at 1366 px it draws inside the page (no sideways
// scroll, no script or CSP error), leaving a screenshot in test/artifacts/ to look at.
import { spawn } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { chromium } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { settlementSchema } from '../../src/config/bank-schema.ts';
import { RECEIVABLES_FORECAST_SQL, settlementParams } from '../../src/forecast/receivables-sql.ts';
import { businessDayOf } from '../../src/shared/business-day.ts';
import { pageEn } from '../../src/shared/locale/page-en.ts';
import { pagePtBR } from '../../src/shared/locale/page-pt-BR.ts';
import { startReportServer, type RunningServer } from '../../src/serve/server.ts';
import { formatEn } from '../../src/shared/locale/format-en.ts';
import { openWarehouse } from '../../src/warehouse/open.ts';
import { dateParam, instantParam, runWithParams } from '../../src/warehouse/sql.ts';
import { get } from './http.ts';
import { pngFacts } from './png.ts';
import { REPORT_CATALOG } from '../../reports/index.ts';
import { silentLogger } from '../../src/shared/log.ts';

const ZONE = 'America/Sao_Paulo';
const NIGHT = '2026-03-10';
const CHROMIUM = process.env['RECON_CHROMIUM'] ?? '/usr/bin/chromium';
const ARTIFACTS = join(process.cwd(), 'test', 'artifacts');

let dir: string;
let expected: Map<string, { count: number; cents: bigint }>;
const servers: RunningServer[] = [];

/** 300 paid card sales over the 60 days to the night, 1x to 12x; a refunded and a charged-back one. */
const SALES = `
INSERT INTO transactions (transaction_id, item_id, status, date_created, date_updated, net_value, authorized_amount, paid_amount,
  refunded_amount, installments, card_brand, raw_key, first_seen_at, last_seen_at, first_seen_run, last_seen_run)
SELECT 'S' || i, 'I' || i, CASE i WHEN 7 THEN 'refunded' WHEN 8 THEN 'chargeback' ELSE 'paid' END,
  TIMESTAMPTZ '2026-03-10 15:00:00Z' - to_days(CAST(i % 60 AS INTEGER)), TIMESTAMPTZ '2026-03-10 15:00:00Z',
  10000 + i * 3701, 11000 + i * 3701, 11000 + i * 3701, 0, CAST(i % 12 + 1 AS VARCHAR), 'visa', '0:0', now(), now(), 's', 's'
FROM range(300) AS t(i)`;

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'recon-forecast-page-'));
  mkdirSync(join(dir, 'reports', NIGHT), { recursive: true });
  const warehouse = await openWarehouse(join(dir, 'recon.duckdb'));
  try {
    await warehouse.connection.run(SALES);
    // The syncs read every sale from 2025-06-01 (local midnight) to past the night: a due day d is
    // complete from 2025-06-01 + 30 + 330 days = 2026-05-27 on, partial before.
    await warehouse.connection.run(
      `INSERT INTO sync_windows VALUES ('s', 'transactions', 'date_created', epoch_ms(TIMESTAMPTZ '2025-06-01T03:00:00Z'), epoch_ms(TIMESTAMPTZ '2026-03-11T04:00:00Z'), 0, 0, 1, 1, now())`,
    );
    const rows = await (
      await runWithParams(
        warehouse.connection,
        `SELECT strftime(due_date, '%Y-%m-%d') AS due, count(*) AS n, sum(amount_cents)::BIGINT AS cents FROM (${RECEIVABLES_FORECAST_SQL}) GROUP BY ALL`,
        {
          date: dateParam(NIGHT),
          tz: ZONE,
          day_end: instantParam(businessDayOf(NIGHT, ZONE).endMs),
          ...settlementParams(settlementSchema.parse({})),
        },
      )
    ).getRowObjects();
    expected = new Map(rows.map((r) => [String(r['due']), { count: Number(r['n']), cents: r['cents'] as bigint }]));
  } finally {
    warehouse.close();
  }
});
afterAll(async () => {
  for (const server of servers) await server.close();
  rmSync(dir, { recursive: true, force: true });
});

async function serve(locale: 'en' | 'pt-BR'): Promise<RunningServer> {
  const server = await startReportServer({
    reportsDir: join(dir, 'reports'),
    warehousePath: join(dir, 'recon.duckdb'),
    zone: ZONE,
    maskDocuments: true,
    host: '127.0.0.1',
    port: 0,
    token: undefined,
    clock: { now: () => Date.parse('2026-03-11T06:00:00Z') },
    logger: silentLogger,
    catalog: REPORT_CATALOG,
    locale,
    settlement: settlementSchema.parse({}),
    slaDays: {},
    fileMode: '0600',
  });
  servers.push(server);
  return server;
}

const decode = (text: string) => text.replaceAll('&amp;', '&').replaceAll('&#39;', "'").replaceAll('&quot;', '"');

describe('the night page: cash forecast', () => {
  it('has a bar per day from D+1 to D+90, each titled with the day, the installments and the amount', async () => {
    const page = await get((await serve('en')).url, `/nights/${NIGHT}`);
    expect(page.status).toBe(200);
    const section = /<section id="forecast"[\s\S]*?<\/section>/.exec(page.text)?.[0] ?? '';
    expect(section).toContain(pageEn.forecast.heading);
    expect(decode(section)).toContain(pageEn.forecast.notice);
    const titles = [...section.matchAll(/<title>([^<]*)<\/title>/g)].map((m) => decode(m[1] ?? ''));
    expect(expected.size).toBeGreaterThan(60);
    expect(titles).toEqual(
      [...expected.entries()].sort(([a], [b]) => a.localeCompare(b)).map(([date, e]) => pageEn.forecast.bar(date, e.count, formatEn.money(e.cents))),
    );
    const total = [...expected.values()].reduce((sum, e) => sum + e.cents, 0n);
    const count = [...expected.values()].reduce((sum, e) => sum + e.count, 0);
    expect(decode(section)).toContain(pageEn.forecast.chart('2026-03-11', '2026-06-08', count, formatEn.money(total)));
  });

  it('says from which sale date it is complete, and draws the partial days lighter, with a legend', async () => {
    const page = await get((await serve('en')).url, `/nights/${NIGHT}`);
    const section = decode(/<section id="forecast"[\s\S]*?<\/section>/.exec(page.text)?.[0] ?? '');
    expect(section).toContain(pageEn.forecast.partialDays('2025-06-01', '2026-03-11', '2026-05-26'));
    expect(section).toContain(`</svg> ${pageEn.forecast.partialKey}</li>`);
    const bars = [...section.matchAll(/fill="(#[0-9a-f]{6})"><title>(\d{4}-\d{2}-\d{2}):/g)].map((m) => [m[2] ?? '', m[1] ?? ''] as const);
    expect(bars.length).toBe(expected.size);
    const partial = bars.filter(([date]) => date < '2026-05-27').map(([, fill]) => fill);
    const complete = bars.filter(([date]) => date >= '2026-05-27').map(([, fill]) => fill);
    expect(partial.length).toBeGreaterThan(10);
    expect(complete.length).toBeGreaterThan(5);
    expect(new Set(partial).size).toBe(1);
    expect(new Set(complete).size).toBe(1);
    expect(partial[0]).not.toBe(complete[0]);
  });

  it('speaks Portuguese under pt-BR', async () => {
    const page = await get((await serve('pt-BR')).url, `/nights/${NIGHT}`);
    const section = /<section id="forecast"[\s\S]*?<\/section>/.exec(page.text)?.[0] ?? '';
    expect(section).toContain(pagePtBR.forecast.heading);
    expect(decode(section)).toContain(pagePtBR.forecast.contract(30, true));
    expect(section).toContain('R$ ');
    expect(decode(section)).toContain(pagePtBR.forecast.partialDays('2025-06-01', '2026-03-11', '2026-05-26'));
  });

  it('links every line of the horizon as a CSV, whose lines add up to the bars, day by day', async () => {
    const server = await serve('en');
    const section = /<section id="forecast"[\s\S]*?<\/section>/.exec((await get(server.url, `/nights/${NIGHT}`)).text)?.[0] ?? '';
    const href = /<a id="forecast-lines" href="([^"]+)" download>/.exec(section)?.[1];
    expect(href).toBe(`/nights/${NIGHT}/forecast-lines.csv`);
    const file = await get(server.url, href ?? '');
    expect(file.status).toBe(200);
    expect(file.headers['content-disposition']).toBe(`attachment; filename="forecast-lines-${NIGHT}.csv"`);
    const [header, ...lines] = file.text.trimEnd().split('\r\n');
    expect(header).toBe('transaction_id,item_id,card_brand,sold_at,installment,installments,due_date,amount_cents');
    const perDay = new Map<string, { count: number; cents: bigint }>();
    for (const line of lines) {
      const cells = line.split(',');
      const day = perDay.get(cells[6] ?? '') ?? { count: 0, cents: 0n };
      perDay.set(cells[6] ?? '', { count: day.count + 1, cents: day.cents + BigInt(cells[7] ?? '') });
    }
    expect(perDay).toEqual(expected);
    const count = [...expected.values()].reduce((sum, e) => sum + e.count, 0);
    expect(decode(section)).toContain(pageEn.forecast.allLines(count));
    // In the order a person reads them: by due day.
    const days = lines.map((line) => line.split(',')[6] ?? '');
    expect(days).toEqual([...days].sort());
  });

  it('writes the lines for people under pt-BR, and answers 404 for a night without reports', async () => {
    const server = await serve('pt-BR');
    const file = await get(server.url, `/nights/${NIGHT}/forecast-lines.csv`);
    expect(file.status).toBe(200);
    expect(file.headers['content-disposition']).toBe(`attachment; filename="forecast-lines-${NIGHT}.br.csv"`);
    expect(file.text.startsWith('\uFEFFTransação;')).toBe(true);
    expect(file.text.trimEnd().split('\r\n')).toHaveLength(1 + [...expected.values()].reduce((sum, e) => sum + e.count, 0));
    expect((await get(server.url, '/nights/2026-03-09/forecast-lines.csv')).status).toBe(404);
  });

  it('answers a HEAD without writing the lines, and a 503 in the page words while a job holds the warehouse', async () => {
    const server = await serve('pt-BR');
    const head = await get(server.url, `/nights/${NIGHT}/forecast-lines.csv`, {}, 'HEAD');
    expect(head.status).toBe(200);
    expect(head.headers['content-disposition']).toBe(`attachment; filename="forecast-lines-${NIGHT}.br.csv"`);
    expect(head.body.length).toBe(0);
    // Another process holds the warehouse for writing, as a nightly job does.
    const holder = spawn(
      process.execPath,
      [
        '--input-type=module',
        '-e',
        `import { DuckDBInstance } from '@duckdb/node-api';
         const instance = await DuckDBInstance.create(${JSON.stringify(join(dir, 'recon.duckdb'))});
         await instance.connect();
         process.stdout.write('holding\\n');
         setTimeout(() => undefined, 60_000);`,
      ],
      { cwd: process.cwd(), stdio: ['ignore', 'pipe', 'inherit'] },
    );
    try {
      await new Promise<void>((resolve, reject) => {
        holder.stdout.on('data', (chunk: Buffer) => chunk.toString().includes('holding') && resolve());
        holder.once('exit', (code) => reject(new Error(`the holder exited with ${code}`)));
      });
      const busy = await get(server.url, `/nights/${NIGHT}/forecast-lines.csv`);
      expect(busy.status).toBe(503);
      expect(busy.headers['retry-after']).toBe('60');
      expect(busy.text).toBe(`${pagePtBR.forecast.linesBusy}\n`);
    } finally {
      holder.kill();
      await new Promise((resolve) => holder.once('exit', resolve));
    }
    // Once the job is done, the lines are there again.
    expect((await get(server.url, `/nights/${NIGHT}/forecast-lines.csv`)).status).toBe(200);
  });

  it.skipIf(!existsSync(CHROMIUM))('draws inside a 1366 px page in Chromium, with no script or CSP error', async () => {
    const server = await serve('pt-BR');
    const browser = await chromium.launch({ executablePath: CHROMIUM, args: ['--headless', '--no-sandbox', '--disable-gpu', '--no-first-run'] });
    try {
      const page = await (await browser.newContext({ viewport: { width: 1366, height: 800 } })).newPage();
      const errors: string[] = [];
      page.on('console', (message) => {
        if (message.type() === 'error') errors.push(message.text());
      });
      page.on('pageerror', (error) => errors.push(error.message));
      await page.goto(`${server.url}/nights/${NIGHT}`);
      const box = await page.locator('#forecast svg[role="img"]').boundingBox();
      expect(box?.width).toBeGreaterThan(600);
      expect(box?.x ?? -1).toBeGreaterThanOrEqual(0);
      expect((box?.x ?? 0) + (box?.width ?? 0)).toBeLessThanOrEqual(1366);
      expect(await page.locator('html').evaluate((html) => html.scrollWidth)).toBeLessThanOrEqual(1366);
      expect(await page.locator('#forecast rect title').count()).toBe(expected.size);
      mkdirSync(ARTIFACTS, { recursive: true });
      const shot = join(ARTIFACTS, 'serve-forecast-1366.png');
      await page.locator('#forecast').screenshot({ path: shot });
      expect(pngFacts(readFileSync(shot)).distinctBytes).toBeGreaterThan(16);
      expect(errors).toEqual([]);
    } finally {
      await browser.close();
    }
  });
});
