// The sandbox merchant's acts on its findings (resolutions.ts): each one a later version of the records its
// finding names, on a later day of the history, and nothing else of the history changed by them. Whether
// the nightly resolves each on the night the truth names is scored by the ground-truth suites.
import { describe, expect, it } from 'vitest';
import { generateHistory } from '../../src/sandbox/index.ts';
import type { SandboxHistory, TruthEntry } from '../../src/sandbox/model.ts';
import { orderStateAt } from '../../src/sandbox/order-timeline.ts';
import { statementOfDays } from '../../src/sandbox/bank-statement.ts';

const options = (seed: number) => ({ seed, days: 20, perDay: 60, endDate: '2026-03-20', discrepancyRate: 0.06 });
const names = (d: TruthEntry) => [d.item_id, d.operation_id, ...(d.transaction_ids ?? [])].filter((id): id is string => id !== undefined);
const lastStatus = (h: SandboxHistory, d: TruthEntry) =>
  h.transactions.find((t) => t.id === d.transaction_ids?.[0])?.versions.at(-1)?.status ??
  h.operations.find((o) => o.id === d.operation_id)?.versions.at(-1)?.status;

describe('the sandbox merchant resolving its findings', () => {
  it.each([1, 2, 3])('changes only the records of the findings it acts on, on a later day (seed %i)', (seed) => {
    const base = generateHistory(options(seed));
    const h = generateHistory({ ...options(seed), resolutions: true });
    const acted = h.discrepancies.filter((d) => d.resolved !== undefined);
    const touched = new Set(acted.flatMap(names));
    const shape = (versions: readonly unknown[]) => JSON.stringify(versions);
    const untouched = <T extends { id: string; versions: readonly unknown[] }>(rows: readonly T[]) =>
      rows.filter((r) => !touched.has(r.id)).map((r) => [r.id, shape(r.versions)]);
    expect(untouched(h.transactions)).toEqual(untouched(base.transactions));
    expect(untouched(h.operations)).toEqual(untouched(base.operations));
    const orders = (x: SandboxHistory) => x.orders.filter((o) => !touched.has(o.itemId)).map((o) => [o.itemId, shape(o.versions), o.amount]);
    expect(orders(h)).toEqual(orders(base));
    // The truth is the same findings, each act's night added, and a cashout_failed for each payout that failed.
    const failedBefore = new Set(base.discrepancies.filter((d) => d.category === 'cashout_failed').map((d) => d.operation_id));
    const failed = h.discrepancies.filter((d) => d.category === 'cashout_failed' && !failedBefore.has(d.operation_id));
    expect(h.discrepancies.filter((d) => !failed.includes(d)).map(({ resolved: _, ...d }) => d)).toEqual(base.discrepancies);
    for (const d of failed) expect(lastStatus(h, d)).toBe('failed');
    for (const d of acted) {
      expect(d.resolved! > d.date).toBe(true);
      expect(d.resolved! <= h.endDate).toBe(true);
    }
  });

  it('decides every stale review and settles every stale payout that has room, and fixes most other findings', () => {
    const histories = [1, 2, 3].map((seed) => generateHistory({ ...options(seed), resolutions: true }));
    const all = histories.flatMap((h) => h.discrepancies.map((d) => ({ h, d })));
    const settled = all.filter(({ d }) => d.category === 'stale_review' || d.category === 'cashout_stale_pending');
    // Three days after its first report is within the history for all but the last days' ones.
    const roomy = settled.filter(({ h, d }) => Date.parse(d.date) + 3 * 86_400_000 <= Date.parse(h.endDate));
    expect(roomy.every(({ d }) => d.resolved !== undefined)).toBe(true);
    const outcomes = new Set(settled.filter(({ d }) => d.resolved).map(({ h, d }) => `${d.category} ${lastStatus(h, d)}`));
    expect(outcomes).toEqual(new Set(['stale_review paid', 'stale_review rejected', 'cashout_stale_pending fulfilled', 'cashout_stale_pending failed']));
    // A decided review's order follows it into the export: paid with the transaction, or cancelled.
    for (const { h, d } of settled.filter(({ d }) => d.category === 'stale_review' && d.resolved)) {
      const order = h.orders.find((o) => o.itemId === d.item_id)!;
      const state = orderStateAt(order, Date.parse(`${h.endDate}T23:00:00-03:00`));
      expect(state.status).toBe(lastStatus(h, d) === 'paid' ? 'Pago' : 'Cancelado');
    }
    const others = all.filter(({ d }) => !settled.some((s) => s.d === d) && d.category !== 'cashout_failed' && d.category !== 'cashin_amount_mismatch');
    const fixed = others.filter(({ d }) => d.resolved !== undefined).length / others.length;
    expect(fixed).toBeGreaterThan(0.5);
    expect(new Set(all.filter(({ d }) => d.resolved).map(({ d }) => d.category)).size).toBeGreaterThanOrEqual(10);
  });

  it('credits a payout planted as never credited, the line reaching the statements from the night the truth names', () => {
    const options = { seed: 23, days: 30, perDay: 15, endDate: '2027-01-12', discrepancyRate: 0.03, bankStatement: true };
    const base = generateHistory(options);
    const h = generateHistory({ ...options, resolutions: true });
    const late = h.discrepancies.filter((d) => d.category === 'payout_not_in_bank' && d.resolved !== undefined);
    expect(late).toHaveLength(1);
    const [d] = late;
    const payout = h.operations.find((o) => o.id === d?.operation_id);
    const added = h.bank?.lines.filter((l) => !base.bank?.lines.some((b) => b.fitid === l.fitid)) ?? [];
    expect(added.map((l) => l.amountCents)).toEqual([payout?.amount]);
    const holds = (night: string) => statementOfDays(h.bank!, h.startDate, night).lines.some((l) => l.fitid === added[0]?.fitid);
    const nightBefore = new Date(Date.parse(d!.resolved!) - 86_400_000).toISOString().slice(0, 10);
    expect([holds(nightBefore), holds(d!.resolved!), holds(h.endDate)]).toEqual([false, true, true]);
    // Posted inside the payout's window, before the night that reported it missing.
    expect(added[0]!.postedOn < d!.date).toBe(true);
    // Every other line of the account is as planted.
    expect(h.bank?.lines.filter((l) => l !== added[0])).toEqual(base.bank?.lines);
  });

  it('leaves the history as it was when not asked', () => {
    const h = generateHistory(options(1));
    expect(h.discrepancies.some((d) => d.resolved !== undefined)).toBe(false);
  });
});
