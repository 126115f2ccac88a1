// `recon serve` over a real two-night sandbox run: every route, the downloads (the XLSX opens with
// exceljs), traversal attempts with raw paths, security headers and HTML escaping of hostile data.
import { mkdirSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import ExcelJS from 'exceljs';
import { startReportServer, type RunningServer } from '../../src/serve/server.ts';
import { openWarehouse } from '../../src/warehouse/open.ts';
import { NIGHTS, runTwoNights, type TwoNights } from './fixture.ts';
import { get, optionsFor } from './http.ts';

const SECRET = 'TOP-SECRET-OUTSIDE-THE-REPORTS-FOLDER';
const HOSTILE_REASON = '<script>alert("reason")</script>';
const HOSTILE_ITEM = '"><img src=x onerror=alert(1)>';
const FILES = ['discrepancies.xlsx', 'discrepancies.csv', 'refunds.xlsx', 'refunds.csv', 'chargebacks.xlsx', 'chargebacks.csv'];

let run: TwoNights;
let server: RunningServer;

beforeAll(async () => {
  run = await runTwoNights();
  const warehouse = await openWarehouse(run.config.warehouse.path);
  try {
    await warehouse.connection.run(
      // A finding stored before findings had facts: the page shows its sentence as written.
      `UPDATE findings SET reason = $reason, facts = NULL, item_id = $item
       WHERE finding_key = (SELECT min(finding_key) FROM findings_latest WHERE business_date = $date::DATE)`,
      { reason: HOSTILE_REASON, item: HOSTILE_ITEM, date: NIGHTS[1] },
    );
    // An order row the second night's import kept out, its reason hostile.
    await warehouse.connection.run(
      `INSERT INTO order_import_issues SELECT import_id, file, 7, 'PED-BAD', 'rejected', $reason, 'valor_total', 'R$ 1,2,3', NULL FROM order_imports WHERE business_date = $date::DATE`,
      { reason: `unparseable amount "${HOSTILE_REASON}"`, date: NIGHTS[1] },
    );
    // A listed row the second night's sync kept out.
    await warehouse.connection.run(
      `INSERT INTO sync_rejects SELECT run_id, 'transactions', 'date_created', 0, 1, 'k', 2, 7, 'tr_<b>', '{"transaction_id":"tr_<b>"}', 26, false, $reason, now()
       FROM runs WHERE kind = 'sync' AND business_date = $date::DATE`,
      { reason: `field paid_amount: ${HOSTILE_REASON}`, date: NIGHTS[1] },
    );
  } finally {
    warehouse.close();
  }
  // Things planted to escape the folder: a secret next to it, a night whose file is a symlink to the
  // secret, and a night folder that is itself a symlink to a folder outside.
  const outside = join(run.dir, 'outside');
  mkdirSync(outside);
  writeFileSync(join(run.dir, 'secret.txt'), SECRET);
  writeFileSync(join(outside, 'discrepancies.csv'), SECRET);
  mkdirSync(join(run.config.reports.outDir, '2026-03-09'));
  symlinkSync(join(run.dir, 'secret.txt'), join(run.config.reports.outDir, '2026-03-09', 'discrepancies.csv'));
  symlinkSync(outside, join(run.config.reports.outDir, '2026-03-08'));
  // A failed night (its error text hostile) and a night whose summary.json is broken.
  const failed = join(run.config.reports.outDir, '2026-03-07');
  mkdirSync(failed);
  writeFileSync(
    join(failed, 'summary.json'),
    JSON.stringify({
      run_id: 'nightly-x',
      kind: 'nightly',
      date: '2026-03-07',
      outcome: 'failed',
      started_at: '2026-03-08T05:00:00.000Z',
      finished_at: '2026-03-08T05:01:00.000Z',
      error: '<b>GET /v1/transactions page 3: 503</b>',
      timings: {},
    }),
  );
  mkdirSync(join(run.config.reports.outDir, '2026-03-06'));
  writeFileSync(join(run.config.reports.outDir, '2026-03-06', 'summary.json'), '{"run_id": ');
  // The first night was run again and that attempt failed: its summary keeps the good run.
  const first = join(run.config.reports.outDir, NIGHTS[0], 'summary.json');
  const good = JSON.parse(readFileSync(first, 'utf8'));
  writeFileSync(
    first,
    JSON.stringify({
      ...good,
      last_attempt: { run_id: 'nightly-again', at: '2026-03-12T05:00:00.000Z', outcome: 'failed', error: 'GET /v1/transactions: 503' },
    }),
  );
  server = await startReportServer(optionsFor(run));
}, 60_000);
afterAll(async () => {
  await server?.close();
  if (run) rmSync(run.dir, { recursive: true, force: true });
});

describe('recon serve routes', () => {
  it('home lists both nights with outcome, counts, downloads and three charts', async () => {
    const page = await get(server.url, '/');
    expect(page.status).toBe(200);
    expect(page.headers['content-type']).toBe('text/html; charset=utf-8');
    for (const date of NIGHTS) {
      const summary = JSON.parse(readFileSync(join(run.config.reports.outDir, date, 'summary.json'), 'utf8'));
      const row = new RegExp(`<tr data-date="${date}">([\\s\\S]*?)</tr>`).exec(page.text)?.[1] ?? '';
      expect(row).toContain(`href="/nights/${date}"`);
      expect(row).toContain('<span class="badge done">done</span>');
      expect(row).toContain(`<td class="num">${summary.findings.totals.new}</td><td class="num">${summary.findings.totals.open}</td>`);
      for (const file of FILES) expect(row).toContain(`href="/nights/${date}/${file}"`);
    }
    expect(page.text.match(/<figure class="chart">/g)).toHaveLength(3);
    expect(page.text).toContain('<svg viewBox=');
    expect(page.text).toMatch(/R\$ \d{1,3}(\.\d{3})*,\d{2}/);
    expect(page.text).not.toContain('warehouse-notice');
    expect(page.text).not.toContain('data-date="2026-03-08"');
    expect(page.text).toContain('<tr data-date="2026-03-09">');
  });

  it('a night page shows the summary, downloads and every finding of the run, escaped', async () => {
    const page = await get(server.url, `/nights/${NIGHTS[1]}`);
    expect(page.status).toBe(200);
    const summary = JSON.parse(readFileSync(join(run.config.reports.outDir, NIGHTS[1], 'summary.json'), 'utf8'));
    const total = summary.findings.totals.new + summary.findings.totals.open + summary.findings.totals.resolved;
    expect(page.text.match(/<tr data-category=/g)).toHaveLength(total);
    expect(page.text).toContain('<script src="/static/table.js" defer></script>');
    expect(page.text).not.toMatch(/<script(?![^>]*\bsrc="\/static\/)/);
    expect(page.text).not.toContain(HOSTILE_REASON);
    expect(page.text).not.toContain(HOSTILE_ITEM);
    expect(page.text).toContain('&lt;script&gt;alert(&quot;reason&quot;)&lt;/script&gt;');
    expect(page.text).toContain('&quot;&gt;&lt;img src=x onerror=alert(1)&gt;');
    expect(page.text).toContain(`rel="prev">← ${NIGHTS[0]}`);
    expect(page.text).toContain('America/Sao_Paulo (UTC-3)');
    expect(page.text).not.toMatch(/\d{3}\.\d{3}\.\d{3}-\d{2}/); // no unmasked CPF
  });

  it("lists the order rows the night's import kept out, escaped", async () => {
    const page = await get(server.url, `/nights/${NIGHTS[1]}`);
    const table = /<table id="kept-out">([\s\S]*?)<\/table>/.exec(page.text)?.[1] ?? '';
    expect(table).toContain('<td>valor_total</td><td>R$ 1,2,3</td><td>PED-BAD</td><td>rejected</td>');
    expect(table).toContain('unparseable amount &quot;&lt;script&gt;');
    expect(page.text).toContain('<h2>Order rows kept out</h2>');
    const listed = /<table id="sync-rejects">([\s\S]*?)<\/table>/.exec(page.text)?.[1] ?? '';
    expect(listed).toContain('<td>transactions</td><td>date_created</td><td class="num">2</td><td class="num">7</td><td>tr_&lt;b&gt;</td>');
    expect(listed).toContain('field paid_amount: &lt;script&gt;');
    expect((await get(server.url, `/nights/${NIGHTS[0]}`)).text).not.toContain('id="kept-out"');
  });

  it('a night whose re-run failed shows the good run and the failed attempt', async () => {
    const page = await get(server.url, `/nights/${NIGHTS[0]}`);
    expect(page.text).toContain('<span class="badge done">done</span>');
    expect(page.text).toMatch(
      /<dt>Last attempt<\/dt><dd>failed at 2026-03-12 02:00 \(run nightly-again\): GET \/v1\/transactions: 503; the figures and reports on this page are those of run nightly-/,
    );
  });

  it('shows a failed night and a broken summary.json for what they are, escaped', async () => {
    const home = await get(server.url, '/');
    expect(home.text).toContain('<span class="badge failed">failed</span>');
    expect(home.text).toContain('&lt;b&gt;GET /v1/transactions page 3: 503&lt;/b&gt;');
    expect(home.text).toMatch(/<tr data-date="2026-03-06">[\s\S]*?summary.json is not valid JSON/);
    const failed = await get(server.url, '/nights/2026-03-07');
    expect(failed.status).toBe(200);
    expect(failed.text).toContain('<dt>Error</dt><dd>&lt;b&gt;GET');
    expect(failed.text).toContain('No findings in the warehouse for this night.');
    expect((await get(server.url, '/nights/2026-03-06')).status).toBe(200);
  });

  it.each([
    ['/static/table.js', 'text/javascript; charset=utf-8', 'sortBy'],
    ['/static/style.css', 'text/css; charset=utf-8', 'figure.chart'],
    ['/static/icon.svg', 'image/svg+xml', '<svg'],
  ])('serves %s', async (path, type, marker) => {
    const asset = await get(server.url, path);
    expect([asset.status, asset.headers['content-type']]).toEqual([200, type]);
    expect(asset.text).toContain(marker);
  });

  it.each(NIGHTS.flatMap((date) => FILES.map((file) => [date, file] as const)))('downloads %s %s as an attachment, byte for byte', async (date, file) => {
    const answer = await get(server.url, `/nights/${date}/${file}`);
    expect(answer.status).toBe(200);
    const ext = file.split('.')[1];
    expect(answer.headers['content-type']).toBe(
      ext === 'xlsx' ? 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet' : 'text/csv; charset=utf-8',
    );
    expect(answer.headers['content-disposition']).toBe(`attachment; filename="${file.replace('.', `-${date}.`)}"`);
    expect(answer.body.equals(readFileSync(join(run.config.reports.outDir, date, file)))).toBe(true);
  });

  it('downloads summary.json as JSON', async () => {
    const answer = await get(server.url, `/nights/${NIGHTS[0]}/summary.json`);
    expect([answer.status, answer.headers['content-type'], answer.headers['content-disposition']]).toEqual([
      200,
      'application/json; charset=utf-8',
      `attachment; filename="summary-${NIGHTS[0]}.json"`,
    ]);
    expect(JSON.parse(answer.text).date).toBe(NIGHTS[0]);
  });

  it('the downloaded discrepancies workbook opens with exceljs', async () => {
    const answer = await get(server.url, `/nights/${NIGHTS[1]}/discrepancies.xlsx`);
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(answer.body as unknown as ArrayBuffer);
    expect(workbook.worksheets.map((w) => w.name)).toContain('Resumo');
    expect(workbook.worksheets[0]?.rowCount).toBeGreaterThan(1);
  });

  it.each([
    ['/nights/2026-03-12', 404],
    ['/nights/2026-13-45', 404],
    ['/nights/2026-03-11/recon.duckdb', 404],
    ['/nights/2026-03-11/summary.txt', 404],
    ['/nights/2026-03-12/discrepancies.xlsx', 404],
    ['/static/nope.js', 404],
    ['/nope', 404],
    ['/favicon.ico', 404],
  ])('%s answers %i', async (path, status) => {
    const answer = await get(server.url, path);
    expect(answer.status).toBe(status);
    expect(answer.text).toBe('Not found.\n');
  });

  it('is read-only: POST is refused, HEAD has no body', async () => {
    const post = await get(server.url, '/', {}, 'POST');
    expect([post.status, post.headers['allow']]).toEqual([405, 'GET, HEAD']);
    const head = await get(server.url, `/nights/${NIGHTS[0]}/refunds.csv`, {}, 'HEAD');
    expect([head.status, head.body.length]).toEqual([200, 0]);
  });

  it.each(['/', `/nights/${NIGHTS[0]}`, `/nights/${NIGHTS[0]}/refunds.csv`, '/static/table.js', '/nope'])('sends the security headers on %s', async (path) => {
    const { headers } = await get(server.url, path);
    expect(headers['content-security-policy']).toMatch(/^default-src 'self'; script-src 'self';/);
    expect(headers['content-security-policy']).not.toContain('unsafe-inline');
    expect(headers['x-content-type-options']).toBe('nosniff');
    expect(headers['referrer-policy']).toBe('same-origin');
    expect(headers['x-frame-options']).toBe('DENY');
  });

  it('answers only to a loopback Host header when it has no token (DNS rebinding)', async () => {
    expect((await get(server.url, '/', { Host: 'evil.example:8080' })).status).toBe(403);
    expect((await get(server.url, '/', { Host: `localhost:${server.port}` })).status).toBe(200);
  });
});

describe('recon serve in Portuguese (reports.locale pt-BR, the default)', () => {
  it('speaks pt-BR on the home and night pages, keeping the keys the filters use', async () => {
    const portuguese = await startReportServer(optionsFor(run, { locale: 'pt-BR' }));
    try {
      const home = await get(portuguese.url, '/');
      expect(home.text).toContain('<html lang="pt-BR">');
      expect(home.text).toContain('<h1>Noites</h1>');
      expect(home.text).toContain('relatórios de conciliação');
      // The charts' legends name categories and ages in Portuguese, never by their keys.
      const legends = [...home.text.matchAll(/<ul class="legend">(.*?)<\/ul>/gs)].map((m) => m[1] ?? '');
      expect(legends.length).toBeGreaterThan(0);
      for (const legend of legends) expect(legend).not.toMatch(/[a-z]+_[a-z]+|\bdays\b/);
      const night = await get(portuguese.url, `/nights/${NIGHTS[1]}`);
      expect(night.text).toContain(`<h1>Noite ${NIGHTS[1]}`);
      for (const header of ['Em jogo', 'Motivo', 'Cliente', 'Idade', 'Responsável', 'Linhas por página', 'Em aberto há']) {
        expect(night.text).toContain(header);
      }
      expect(night.text).not.toMatch(/>(At stake|Age|Assignee|Reason|Findings|Every night|All nights)</);
      // Every finding row keeps its category and state keys; the cells show the catalogue's words.
      const rows = [
        ...night.text.matchAll(/<tr data-category="([a-z_]+)" data-state="([a-z]+)"[^>]*><td[^>]*>([^<]+)<\/td>.*?<td class="state">([^<]+)<\/td>/g),
      ];
      expect(rows.length).toBeGreaterThan(5);
      const states: Record<string, string> = { new: 'novo', open: 'em aberto', resolved: 'resolvido' };
      for (const [, category, state, label, shown] of rows) {
        expect(label).not.toBe(category);
        expect(shown).toBe(states[state ?? '']);
      }
      expect(night.text).toContain('data-rows="linhas" data-of="de"');
    } finally {
      await portuguese.close();
    }
  });
});

describe('recon serve refuses to read outside the reports folder', () => {
  const abs = () => encodeURIComponent(join(run.dir, 'secret.txt'));
  it.each([
    ['/nights/../secret.txt'],
    ['/nights/2026-03-11/../../secret.txt'],
    ['/nights/2026-03-11/../../../recon.duckdb'],
    ['/nights/%2e%2e/%2e%2e/secret.txt'],
    ['/nights/2026-03-11/%2e%2e%2f%2e%2e%2fsecret.txt'],
    ['/nights/2026-03-11/..%5c..%5csecret.txt'],
    ['/nights/2026-03-11/%2e%2e/%2e%2e/secret.txt'],
    ['//secret.txt'],
    ['ABS'],
    ['/nights/2026-03-11/ABS'],
    ['/static/..%2f..%2f..%2fpackage.json'],
    ['/static/../../package.json'],
    ['/nights/2026-03-11/discrepancies.csv%00.txt'],
    ['/nights/2026-03-09/discrepancies.csv'],
    ['/nights/2026-03-08/discrepancies.csv'],
    ['/nights/2026-03-08'],
  ])('%s', async (raw) => {
    const path = raw === 'ABS' ? `/${abs()}` : raw.replace('ABS', abs());
    const answer = await get(server.url, path);
    expect([403, 404]).toContain(answer.status);
    expect(answer.text).not.toContain(SECRET);
    expect(answer.text).not.toContain('"name": "recon"');
    expect(answer.body.subarray(0, 4).toString('latin1')).not.toBe('DUCK');
  });
});
