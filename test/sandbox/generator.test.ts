// The seeded history: determinism, ground truth consistent with the data, natural events clean, and the
// order exports in each format read back byte for byte.
import { describe, expect, it } from 'vitest';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import iconv from 'iconv-lite';
import ExcelJS from 'exceljs';
import { parse } from 'csv-parse/sync';
import { generateHistory, writeOrdersExport, SandboxState, groundTruthOf, ORDER_COLUMNS } from '../../src/sandbox/index.ts';
import { businessDayOf, datesBetween } from '../../src/shared/business-day.ts';
import { FINDING_CATEGORIES } from '../../src/shared/domain.ts';
import { transactionsPage } from '../../src/sandbox/listing.ts';
import { parseListingQuery } from '../../src/sandbox/query.ts';
import { naiveFindings, truthFindings, nightOf, type MutableClock } from './naive-reconcile.ts';

const tmp = () => mkdtempSync(join(tmpdir(), 'recon-sandbox-'));
const clockAt = (t: number): MutableClock => ({
  t,
  now() {
    return this.t;
  },
});

describe('generateHistory', () => {
  it('adds an older tail of installment sales before the first day, leaving the days, their orders and truth as they were', () => {
    const plain = generateHistory({ seed: 4, days: 6, perDay: 80, endDate: '2025-03-10', bankStatement: true });
    const tailed = generateHistory({ seed: 4, days: 6, perDay: 80, endDate: '2025-03-10', bankStatement: true, olderSales: { days: 40, perDay: 12 } });
    const first = Date.parse('2025-03-05T03:00:00Z');
    const tail = tailed.transactions.filter((t) => t.createdMs < first);
    expect(tail).toHaveLength(40 * 12);
    expect(tailed.olderSalesFrom).toBe('2025-01-24');
    const shape = (t: (typeof plain.transactions)[number]) => JSON.stringify([t.id, t.itemId, t.createdMs, t.netValue, t.installments, t.versions]);
    expect(tailed.transactions.slice(tail.length).map(shape)).toEqual(plain.transactions.map(shape));
    expect(tailed.orders.length).toBe(plain.orders.length);
    expect(tailed.discrepancies).toEqual(plain.discrepancies);
    expect(tailed.bank?.lines).toEqual(plain.bank?.lines);
    // Installment sales, paid (a few refunded, always before the first day); ids and items of their own.
    expect(tail.every((t) => t.installments >= 2 && t.installments <= 12)).toBe(true);
    expect(tail.every((t) => t.versions.every((v) => v.atMs < first && (v.status === 'paid' || v.status === 'refunded')))).toBe(true);
    const ids = new Set(tailed.transactions.map((t) => t.id));
    expect(ids.size).toBe(tailed.transactions.length);
    const items = new Set(plain.orders.map((o) => o.itemId));
    expect(tail.some((t) => items.has(t.itemId))).toBe(false);
    expect(tailed.transactions.every((t, i, all) => i === 0 || (all[i - 1]?.createdMs ?? 0) <= t.createdMs)).toBe(true);
  });

  it('is deterministic: same seed, same CSV bytes and same listing; another seed differs', async () => {
    const dir = tmp();
    try {
      const bytes = async (seed: number, name: string) => {
        const h = generateHistory({ seed, days: 4, perDay: 60, endDate: '2025-03-10' });
        await writeOrdersExport(h, join(dir, name), { format: 'csv-br' });
        const state = new SandboxState(h, clockAt(nightOf('2025-03-10', h.timezone)));
        const page = transactionsPage(state, parseListingQuery(new URLSearchParams('count=1000'), ['count'], ['date_created']));
        return [readFileSync(join(dir, name)), page] as const;
      };
      const [a, pa] = await bytes(7, 'a.csv');
      const [b, pb] = await bytes(7, 'b.csv');
      const [c, pc] = await bytes(8, 'c.csv');
      expect(a.equals(b)).toBe(true);
      expect(pa).toBe(pb);
      expect(a.equals(c)).toBe(false);
      expect(pa).not.toBe(pc);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('makes exactly days x perDay card transactions when perDay leaves room for the injections', () => {
    const h = generateHistory({ seed: 3, days: 5, perDay: 200, endDate: '2025-01-31' });
    expect(h.transactions).toHaveLength(1000);
    expect(h.startDate).toBe('2025-01-27');
    const sorted = h.transactions.every((t, i, all) => i === 0 || all[i - 1]!.createdMs <= t.createdMs);
    expect(sorted).toBe(true);
    expect(new Set(h.transactions.map((t) => t.id)).size).toBe(1000);
  });

  it('is realistic: brands, 1-12 installments, each refusal code, retries, reviews, refunds, Pix, payouts, fees', () => {
    const h = generateHistory({ seed: 11, days: 60, perDay: 150, endDate: '2025-02-28', discrepancyRate: 0 });
    const v0 = h.transactions.map((t) => t.versions[0]!);
    expect(new Set(h.transactions.map((t) => t.brand)).size).toBe(5);
    expect(new Set(h.transactions.map((t) => t.installments))).toEqual(new Set([1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12]));
    expect(new Set(v0.filter((v) => v.status === 'refused').map((v) => v.code))).toEqual(new Set(['1000', '1011', '1016', '5000']));
    const statuses = new Set(h.transactions.flatMap((t) => t.versions.map((v) => v.status)));
    for (const s of ['paid', 'review', 'refused', 'rejected', 'refunded', 'chargeback']) expect(statuses).toContain(s);
    const refusedItems = new Set(h.transactions.filter((t) => t.versions[0]!.status === 'refused').map((t) => t.itemId));
    const retried = h.transactions.filter((t) => t.versions[0]!.status === 'paid' && refusedItems.has(t.itemId));
    expect(retried.length).toBeGreaterThan(0);
    for (const t of h.transactions) for (const v of t.versions) if (v.status === 'paid') expect(v.paid).toBeGreaterThanOrEqual(t.netValue);
    const opStatuses = new Set(h.operations.flatMap((o) => o.versions.map((v) => `${o.kind}:${v.status}`)));
    for (const s of ['cash_in:active', 'cash_in:paid', 'cash_in:expired', 'cash_out:processing', 'cash_out:pending', 'cash_out:fulfilled'])
      expect(opStatuses).toContain(s);
    expect(opStatuses).not.toContain('cash_out:failed'); // only when injected
    // A refund or chargeback days to months after the sale.
    const lags = h.transactions
      .filter((t) => t.versions.length > 1 && t.versions[0]!.status === 'paid')
      .map((t) => (t.versions[1]!.atMs - t.createdMs) / 86_400_000);
    expect(Math.max(...lags)).toBeGreaterThan(14);
    // Midnight straddle: an order before 00:00 local paid after it.
    const straddles = h.orders.filter((o) =>
      o.versions.some(
        (v) =>
          v.status === 'Pago' &&
          v.atMs - o.createdMs < 600_000 &&
          new Date(v.atMs - 3 * 3_600_000).getUTCDate() !== new Date(o.createdMs - 3 * 3_600_000).getUTCDate(),
      ),
    );
    expect(straddles.length).toBeGreaterThan(0);
  });

  it('injects every category, round-robin, with truth dates inside the history (mispriced sales only when asked)', () => {
    const h = generateHistory({ seed: 5, days: 10, perDay: 100, endDate: '2025-05-20', discrepancyRate: 0.03 });
    expect(h.discrepancies).toHaveLength(30);
    // Lost and contradicting notifications and bank gaps are only planted when asked for (the receiver's and the bank's tests).
    const notPlanted: readonly string[] = [
      'notification_missed',
      'notification_contradicted',
      'payout_not_in_bank',
      'payout_amount_differs',
      'bank_credit_unexplained',
    ];
    const planted = FINDING_CATEGORIES.filter((c) => !notPlanted.includes(c));
    expect(new Set(h.discrepancies.map((d) => d.category))).toEqual(new Set(planted.filter((c) => c !== 'fee_mismatch')));
    const priced = generateHistory({ seed: 5, days: 10, perDay: 100, endDate: '2025-05-20', discrepancyRate: 0.03, mispricedRate: 0.01 });
    expect(new Set(priced.discrepancies.map((d) => d.category))).toEqual(new Set(planted));
    for (const d of h.discrepancies) expect(d.date >= h.startDate && d.date <= h.endDate).toBe(true);
    const truth = groundTruthOf(h);
    expect(truth).toMatchObject({ seed: 5, days: 10, perDay: 100, endDate: '2025-05-20', timezone: 'America/Sao_Paulo' });
  });

  it.each([1, 2, 3])('ground truth equals what the data shows, night by night (seed %i)', (seed) => {
    const h = generateHistory({ seed, days: 12, perDay: 80, endDate: '2025-06-30', discrepancyRate: 0.05, mispricedRate: seed === 1 ? 0 : 0.01 });
    const clock = clockAt(0);
    const state = new SandboxState(h, clock);
    for (const date of datesBetween(h.startDate, h.endDate, h.timezone)) {
      expect({ date, findings: naiveFindings(h, state, clock, date) }).toEqual({ date, findings: truthFindings(h, date) });
    }
  });

  it('natural events (refunds, chargebacks, reviews, retries, straddles, expired Pix) produce no finding', () => {
    const h = generateHistory({ seed: 9, days: 30, perDay: 80, endDate: '2025-08-31', discrepancyRate: 0 });
    expect(h.discrepancies).toEqual([]);
    const clock = clockAt(0);
    const state = new SandboxState(h, clock);
    for (const date of datesBetween(h.startDate, h.endDate, h.timezone)) expect({ date, f: naiveFindings(h, state, clock, date) }).toEqual({ date, f: [] });
  });

  it('plants notifications and review decisions without changing the rest of the history', () => {
    const options = { seed: 4, days: 8, perDay: 80, endDate: '2025-06-30', discrepancyRate: 0.05 };
    const base = generateHistory(options);
    const h = generateHistory({ ...options, lostNotificationRate: 0.5, contradictingNotificationRate: 0.05, reviewDecisionsPerDay: 2 });
    const ids = new Set(base.transactions.map((tx) => tx.id));
    const kept = h.transactions.filter((tx) => ids.has(tx.id));
    expect(kept.map((tx) => [tx.id, tx.versions])).toEqual(base.transactions.map((tx) => [tx.id, tx.versions]));
    // Each later day gains two sales decided out of review the next morning, on orders of their own.
    const added = h.transactions.filter((tx) => !ids.has(tx.id));
    expect(added.map((tx) => tx.versions.map((v) => v.status))).toEqual(Array.from({ length: 2 * 7 }, () => ['review', 'paid']));
    expect(h.orders.length).toBe(base.orders.length + 2 * 7);
    const notify = (d: { category: string }) => d.category.startsWith('notification_');
    expect(h.discrepancies.filter((d) => !notify(d))).toEqual(base.discrepancies);
    expect(new Set(h.discrepancies.filter(notify).map((d) => d.category))).toEqual(new Set(['notification_missed', 'notification_contradicted']));
    for (const d of h.discrepancies) expect(d.date >= h.startDate && d.date <= h.endDate).toBe(true);
  });

  it.each([
    { dayOffset: 0, sales: 3000 },
    { dayOffset: 2, sales: 5000 },
    { dayOffset: 4, sales: 0 },
  ])('makes a busy day (spikes) of its own sales, the other days perDay: $sales on day $dayOffset', ({ dayOffset, sales }) => {
    const h = generateHistory({ seed: 3, days: 5, perDay: 200, endDate: '2025-01-31', spikes: [{ dayOffset, sales }] });
    const starts = datesBetween(h.startDate, h.endDate, h.timezone).map((d) => businessDayOf(d, h.timezone).startMs);
    const perDay = starts.map(() => 0);
    for (const t of h.transactions) perDay[starts.filter((start) => start <= t.createdMs).length - 1]! += 1;
    // A day's count is its own give or take the few an injected scenario or a midnight straddle moves.
    for (const [i, n] of perDay.entries()) expect(Math.abs(n - (i === dayOffset ? sales : 200))).toBeLessThanOrEqual(20);
    expect(perDay[dayOffset]).toBeGreaterThan(Math.max(...perDay.filter((_, i) => i !== dayOffset)) + (sales > 0 ? 2000 : -400));
  });

  it.each([
    [{ dayOffset: 5, sales: 10 }, /offset between 0 and 4/],
    [{ dayOffset: -1, sales: 10 }, /offset between 0 and 4/],
    [{ dayOffset: 1, sales: 1.5 }, /sales between 0 and 1000000/],
  ])('refuses a busy day out of the history or with a bad count: %o', (spike, message) => {
    expect(() => generateHistory({ seed: 1, days: 5, perDay: 10, endDate: '2025-01-31', spikes: [spike] })).toThrow(message);
  });

  it('rejects bad options with usage errors', () => {
    expect(() => generateHistory({ seed: 1, days: 0, perDay: 1, endDate: '2025-01-01' })).toThrow(/--days/);
    expect(() => generateHistory({ seed: 1, days: 1, perDay: -1, endDate: '2025-01-01' })).toThrow(/--per-day/);
    expect(() => generateHistory({ seed: 1, days: 1, perDay: 1, endDate: '2025-13-01' })).toThrow(/YYYY-MM-DD/);
  });
});

describe('writeOrdersExport', () => {
  const history = generateHistory({ seed: 21, days: 6, perDay: 80, endDate: '2025-04-15' });
  const day = '2025-04-14';

  it('writes csv-br in Windows-1252 with ; , dots, CRLF, dd/MM/yyyy HH:mm and the exact header', async () => {
    const dir = tmp();
    try {
      const file = join(dir, 'orders.csv');
      await writeOrdersExport(history, file, { format: 'csv-br', date: day });
      const bytes = readFileSync(file);
      const text = iconv.decode(bytes, 'win1252');
      expect(text.split('\r\n')[0]).toBe('pedido;cliente;documento;valor_total;situacao;criado_em;transacao;observacao');
      expect(text.replace(/\r\n/g, '')).not.toContain('\n');
      // “ ” – € are single bytes 0x93 0x94 0x96 0x80 in Windows-1252 (not UTF-8 sequences).
      const all = join(dir, 'all.csv');
      await writeOrdersExport(history, all, { format: 'csv-br' });
      const allBytes = readFileSync(all);
      for (const b of [0x93, 0x94, 0x96, 0x80]) expect(allBytes.includes(b)).toBe(true);
      expect(allBytes.includes(Buffer.from('“', 'utf8'))).toBe(false);
      const rows = parse(text, { delimiter: ';', columns: true, record_delimiter: '\r\n' }) as Record<string, string>[];
      expect(rows.length).toBeGreaterThan(50);
      for (const r of rows) {
        expect(r['valor_total']).toMatch(/^\d{1,3}(\.\d{3})*,\d{2}$/);
        expect(r['criado_em']).toMatch(/^\d{2}\/\d{2}\/\d{4} \d{2}:\d{2}$/);
        expect(['Pago', 'Aguardando pagamento', 'Cancelado', 'Estornado']).toContain(r['situacao']);
        expect(r['documento']).toMatch(/^\d{11}$/);
      }
      expect(rows.some((r) => r['valor_total']!.includes('.'))).toBe(true);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('writes the same rows as UTF-8 csv, xlsx and json', async () => {
    const dir = tmp();
    try {
      await writeOrdersExport(history, join(dir, 'o.csv'), { format: 'csv', date: day });
      await writeOrdersExport(history, join(dir, 'o.json'), { format: 'json', date: day });
      await writeOrdersExport(history, join(dir, 'o.xlsx'), { format: 'xlsx', date: day });
      const csv = parse(readFileSync(join(dir, 'o.csv'), 'utf8'), { columns: true }) as Record<string, string>[];
      const json = JSON.parse(readFileSync(join(dir, 'o.json'), 'utf8')) as Record<string, unknown>[];
      const wb = new ExcelJS.Workbook();
      await wb.xlsx.readFile(join(dir, 'o.xlsx'));
      const sheet = wb.worksheets[0]!;
      expect((sheet.getRow(1).values as unknown[]).slice(1)).toEqual([...ORDER_COLUMNS]);
      expect(json).toHaveLength(csv.length);
      expect(sheet.rowCount - 1).toBe(csv.length);
      csv.forEach((row, i) => {
        const j = json[i]!;
        expect(Object.keys(j)).toEqual([...ORDER_COLUMNS]);
        expect(row['pedido']).toBe(j['pedido']);
        expect(row['valor_total']).toMatch(/^\d+\.\d{2}$/);
        expect(Number(row['valor_total'])).toBe(j['valor_total']);
        expect(row['observacao']).toBe(j['observacao']);
        const x = sheet.getRow(i + 2).values as unknown[];
        expect(x[1]).toBe(row['pedido']);
        expect(x[4]).toBe(j['valor_total']);
      });
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('holds orders created on D or changed on D, in their state at the end of D', async () => {
    const h = generateHistory({ seed: 4, days: 20, perDay: 100, endDate: '2025-09-30', discrepancyRate: 0 });
    const { orderRowsFor } = await import('../../src/sandbox/orders-export.ts');
    const refunded = h.orders.find((o) => o.versions.some((v) => v.status === 'Estornado' && v.atMs - o.createdMs > 2 * 86_400_000))!;
    expect(refunded).toBeDefined();
    const estornado = refunded.versions.find((v) => v.status === 'Estornado')!;
    const dateOf = (ms: number) => new Date(ms - 3 * 3_600_000).toISOString().slice(0, 10);
    const created = orderRowsFor(h, dateOf(refunded.createdMs)).find((r) => r.pedido === refunded.itemId);
    const changed = orderRowsFor(h, dateOf(estornado.atMs)).find((r) => r.pedido === refunded.itemId);
    expect(created?.situacao).toBe('Pago');
    expect(changed?.situacao).toBe('Estornado');
    expect(orderRowsFor(h, dateOf(refunded.createdMs + 86_400_000)).some((r) => r.pedido === refunded.itemId)).toBe(false);
  });
});
