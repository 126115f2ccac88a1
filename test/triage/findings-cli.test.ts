// `recon findings` in-process: list with filters and formats, act by key and by filter, and the
// refusals (exit 2) for bad usage and unknown keys.
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { configSchema } from '../../src/config/schema.ts';
import { reconcileDay } from '../../src/reconcile/reconcile.ts';
import { businessDayOf } from '../../src/shared/business-day.ts';
import { fixedClock } from '../../src/shared/clock.ts';
import { silentLogger } from '../../src/shared/log.ts';
import { readJournal, journalPathFor } from '../../src/triage/journal.ts';
import { openWarehouse } from '../../src/warehouse/open.ts';
import { runCliInProcess } from '../cli/in-process.ts';
import { insertOrders, insertTransactions } from '../reconcile/fixtures.ts';

const ZONE = 'America/Sao_Paulo';
const dir = mkdtempSync(join(tmpdir(), 'recon-findings-cli-'));
const path = join(dir, 'recon.duckdb');
const configFile = join(dir, 'recon.config.json');
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const cli = (...args: string[]) => runCliInProcess(['findings', ...args, '--config', configFile]);
/** The same warehouse, its config naming each locale (the default config's is pt-BR). */
const localeConfig = (locale: string) => join(dir, `recon.${locale}.json`);

beforeAll(async () => {
  writeFileSync(configFile, JSON.stringify({ timezone: ZONE, warehouse: { path } }));
  for (const locale of ['pt-BR', 'en']) writeFileSync(localeConfig(locale), JSON.stringify({ timezone: ZONE, warehouse: { path }, reports: { locale } }));
  const warehouse = await openWarehouse(path);
  try {
    const db = warehouse.connection;
    await insertOrders(db, [
      { item_id: 'A', created: '2026-03-10T14:00:00Z' },
      { item_id: 'B', created: '2026-03-10T14:10:00Z' },
      { item_id: 'C', amount: 500, created: '2026-03-10T15:00:00Z' },
    ]);
    await insertTransactions(db, [{ transaction_id: 't1', item_id: 'C', net_value: 400, created: '2026-03-10T15:01:00Z' }]);
    const config = configSchema.parse({ timezone: ZONE }).reconcile;
    await reconcileDay(
      { db, clock: fixedClock(Date.parse('2026-03-11T08:00:00Z')), logger: silentLogger },
      { runId: 'rec-1', day: businessDayOf('2026-03-10', ZONE) },
      config,
    );
  } finally {
    warehouse.close();
  }
});

describe('recon findings', () => {
  it('lists the latest findings as JSON, with integer cents and the deadline', async () => {
    const { code, stdout } = await cli('list', '--format', 'json');
    expect(code).toBe(0);
    const rows = JSON.parse(stdout);
    expect(rows.map((r: any) => r.finding_key)).toEqual(['amount_mismatch:C', 'missing_payment:A', 'missing_payment:B']);
    // Judged on the night listed (03-10), not on today's date: due on 03-12, so not overdue yet.
    expect(rows[1]).toMatchObject({ state: 'new', first_seen: '2026-03-10', due_date: '2026-03-12', overdue: false, amount_cents: 10000 });
  });

  it('acknowledges by key, and the list shows it at once', async () => {
    const ack = await cli('ack', 'missing_payment:A', '--note', 'paid by bank slip', '--by', 'ana');
    // The default config's locale words what a person reads (the action's key stays the command's).
    expect(ack).toMatchObject({ code: 0, stdout: 'Diário de triagem: 1 achado marcado como ciente.\n' });
    const { stdout } = await cli('list', '--state', 'acknowledged', '--format', 'csv');
    const lines = stdout.trim().split('\r\n');
    expect(lines).toHaveLength(2);
    expect(lines[1]).toMatch(/^missing_payment:A,missing_payment,acknowledged,new,.*,paid by bank slip,ana,/);
  });

  it('acts in bulk by filter only with --yes when there is no terminal', async () => {
    const refused = await cli('assign', '--category', 'missing_payment', '--to', 'bia');
    expect(refused.code).toBe(2);
    expect(refused.stderr).toMatch(/Atribuir 2 achados\? Não há terminal para perguntar: passe --yes para seguir/);
    const done = await cli('assign', '--category', 'missing_payment', '--to', 'bia', '--yes', '--by', 'ana');
    expect(done.stdout).toBe('Diário de triagem: 2 achados atribuídos.\n');
    const inEnglish = await runCliInProcess(['findings', 'assign', '--category', 'missing_payment', '--to', 'bia', '--config', localeConfig('en')]);
    expect(inEnglish.stderr).toMatch(/Assign 2 findings\? There is no terminal to ask: pass --yes to go ahead\./);
    const mine = JSON.parse((await cli('list', '--assignee', 'bia', '--format', 'json')).stdout);
    expect(mine.map((r: any) => r.finding_key)).toEqual(['missing_payment:A', 'missing_payment:B']);
  });

  it('accepts with a reason and reopens, every step kept in the journal', async () => {
    expect((await cli('accept', 'amount_mismatch:C', '--reason', 'loss under R$ 5', '--by', 'caio')).code).toBe(0);
    expect((await cli('reopen', 'amount_mismatch:C', '--by', 'caio')).code).toBe(0);
    const [c] = JSON.parse((await cli('list', '--category', 'amount_mismatch', '--format', 'json')).stdout);
    expect(c).toMatchObject({ state: 'new', note: 'loss under R$ 5', noted_by: 'caio' });
    const { events } = await readJournal(journalPathFor(path));
    expect(events.filter((e) => e.key === 'amount_mismatch:C').map((e) => [e.action, e.by, e.via])).toEqual([
      ['accept', 'caio', 'cli'],
      ['reopen', 'caio', 'cli'],
    ]);
  });

  it.each([
    [['ack', 'missing_payment:A'], /ack needs --note/],
    [['ack', '--note', 'x'], /expected finding keys .* or a filter/],
    [['ack', 'missing_payment:A', '--category', 'x', '--note', 'n'], /not both/],
    [['ack', 'nope:1', '--note', 'n'], /expected keys of current findings, got 1 unknown: nope:1/],
    [['list', '--state', 'later'], /--state expects one of new, open, acknowledged, accepted, resolved, overdue/],
    [['list', '--older-than', 'week'], /--older-than expects an age such as 7d/],
    [['list', '--format', 'xml'], /expected --format table, csv or json/],
  ])('refuses %j with exit 2', async (args, message) => {
    const { code, stderr } = await cli(...args);
    expect(code).toBe(2);
    expect(stderr).toMatch(message);
  });

  it('has --help on every subcommand', async () => {
    for (const sub of ['list', 'ack', 'assign', 'accept', 'reopen', 'note']) {
      const { code, stdout } = await runCliInProcess(['findings', sub, '--help']);
      expect(code).toBe(0);
      expect(stdout).toContain(`recon findings ${sub}`);
    }
  });

  // The table a person reads is in reports.locale: headers, category labels, states, days, money through
  // the locale's formatter, reasons rendered from the facts, the count and the figures line.
  it.each([
    {
      locale: 'pt-BR',
      header: ['chave', 'categoria', 'situação', 'visto em', 'prazo', 'valor', 'responsável', 'nota', 'motivo'],
      c: [
        'amount_mismatch:C',
        'Valor divergente',
        'novo',
        '10/03/2026',
        '15/03/2026',
        'R$ 1,00',
        'loss under R$ 5 (caio)',
        'pedido R$ 5,00 × valor líquido R$ 4,00 (-R$ 1,00)',
      ],
      a: [
        'missing_payment:A',
        'Pagamento ausente',
        'ciente',
        '10/03/2026',
        '12/03/2026',
        'R$ 100,00',
        'bia',
        'paid by bank slip (ana)',
        'pedido R$ 100,00 está pago',
      ],
      tail: ['3 achados', 'novos 3, em aberto 0, vencidos 0 (R$ 0,00); em jogo R$ 201,00'],
    },
    {
      locale: 'en',
      header: ['key', 'category', 'state', 'first seen', 'due', 'amount', 'assignee', 'note', 'reason'],
      c: [
        'amount_mismatch:C',
        'amount_mismatch',
        'new',
        '2026-03-10',
        '2026-03-15',
        'R$ 1.00',
        'loss under R$ 5 (caio)',
        'order 5,00 vs net_value 4,00 (-1,00)',
      ],
      a: [
        'missing_payment:A',
        'missing_payment',
        'acknowledged',
        '2026-03-10',
        '2026-03-12',
        'R$ 100.00',
        'bia',
        'paid by bank slip (ana)',
        'order 100,00 is paid',
      ],
      tail: ['3 findings', 'new 3, open 0, overdue 0 (R$ 0.00); at stake R$ 201.00'],
    },
  ])('lists a table in $locale', async ({ locale, header, c, a, tail }) => {
    const { code, stdout } = await runCliInProcess(['findings', 'list', '--config', localeConfig(locale)]);
    expect(code).toBe(0);
    const lines = stdout.trimEnd().split('\n');
    // Columns are two or more spaces apart; a cell holds at most single spaces.
    const cells = (line: string | undefined) => (line ?? '').split(/ {2,}/);
    expect(cells(lines[0])).toEqual(header);
    expect(cells(lines[1])).toEqual(c);
    expect(cells(lines[2]).slice(0, -1)).toEqual(a.slice(0, -1));
    expect(cells(lines[2]).at(-1)).toMatch(new RegExp(`^${a.at(-1)!.replace(/[$.()]/g, '\\$&')}`));
    expect(lines.slice(-2)).toEqual(tail);
  });

  it('writes the same CSV and JSON in every locale (the machine outputs are a contract)', async () => {
    for (const format of ['csv', 'json']) {
      const [pt, en] = await Promise.all(['pt-BR', 'en'].map((l) => runCliInProcess(['findings', 'list', '--format', format, '--config', localeConfig(l)])));
      expect(pt!.code).toBe(0);
      expect(pt!.stdout).toBe(en!.stdout);
      expect(pt!.stdout).toContain('amount_mismatch:C');
    }
  });
});
