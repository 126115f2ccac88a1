// The triage fold: computed state, the journal's marks, changed facts and deadlines, table-driven.
import { describe, expect, it } from 'vitest';
import type { TriageEvent } from '../../src/triage/events.ts';
import { fingerprintOf, type FindingRow } from '../../src/triage/finding-rows.ts';
import { viewsOf, type TriageState } from '../../src/triage/fold.ts';
import { actionTargets, matchesFilter, parseAge } from '../../src/triage/filter.ts';
import { messagesFor } from '../../src/shared/locale/index.ts';
import { localizeChanged } from '../../src/shared/locale/localize.ts';

const ZONE = 'America/Sao_Paulo';
const facts = {
  itemId: 'I1',
  operationId: null,
  transactionIds: 'T1',
  orderStatus: 'paid',
  paymentStatus: null,
  orderAmountCents: 5000n,
  paymentAmountCents: null,
  differenceCents: null,
};

function row(over: Partial<FindingRow> = {}): FindingRow {
  const base = {
    key: 'missing_payment:I1',
    category: 'missing_payment',
    state: 'open',
    firstSeen: '2024-03-10',
    businessDate: '2024-03-15',
    runId: 'r',
    reason: 'x',
    facts: null,
    ...facts,
    ...over,
  } as FindingRow;
  return { ...base, fingerprint: fingerprintOf(base) };
}

let n = 0;
function ev(action: TriageEvent['action'], over: Partial<TriageEvent> = {}): TriageEvent {
  n += 1;
  return { v: 1, id: `id-${String(n).padStart(6, '0')}`, at: '2024-03-12T15:00:00.000Z', by: 'ana', via: 'cli', action, key: 'missing_payment:I1', ...over };
}

const FP = row().fingerprint;
const options = { slaDays: { missing_payment: 2 }, zone: ZONE };

describe('the triage state of a finding', () => {
  it.each<[string, Partial<FindingRow>, TriageEvent[], TriageState, string | null]>([
    ['no event: the computed state', {}, [], 'open', null],
    ['new stays new without triage', { state: 'new' }, [], 'new', null],
    ['acknowledged with the same facts', {}, [ev('ack', { note: 'credit note issued', fp: FP })], 'acknowledged', null],
    ['accepted as explained', {}, [ev('accept', { note: 'accepted loss', fp: FP })], 'accepted', null],
    [
      'facts changed since the acknowledgement: open again',
      { orderAmountCents: 6000n },
      [ev('ack', { note: 'n', fp: FP })],
      'open',
      'changed since acknowledged on 2024-03-12',
    ],
    ['payments involved changed', { transactionIds: 'T1,T2' }, [ev('accept', { note: 'n', fp: FP })], 'open', 'changed since accepted on 2024-03-12'],
    ['resolved by the data wins over an acknowledgement', { state: 'resolved' }, [ev('ack', { note: 'n', fp: FP })], 'resolved', null],
    ['reopened', {}, [ev('ack', { note: 'n', fp: FP }), ev('reopen')], 'open', null],
    ['acknowledged again after a reopen', {}, [ev('ack', { note: 'n', fp: FP }), ev('reopen'), ev('ack', { note: 'm', fp: FP })], 'acknowledged', null],
    ['an assignment alone keeps the computed state', {}, [ev('assign', { to: 'bia' })], 'open', null],
    ['an event of another finding does nothing', {}, [ev('ack', { key: 'missing_payment:I2', note: 'n', fp: FP })], 'open', null],
  ])('%s', (_name, over, events, state, changed) => {
    const [view] = viewsOf([row(over)], events, options);
    expect(view?.state).toBe(state);
    expect(view?.changed).toBe(changed);
    // The same fact as data: the English catalogue words it as `changed` stores it (the CSV and JSON).
    const since = view?.changedSince ?? null;
    expect(since === null ? null : localizeChanged(messagesFor('en'), since)).toBe(changed);
  });

  it.each([
    ['pt-BR', 'mudou desde que foi marcado como ciente em 12/03/2024'],
    ['en', 'changed since acknowledged on 2024-03-12'],
  ] as const)('says why a finding is open again in %s (the findings table, the page)', (locale, text) => {
    const [view] = viewsOf([row({ orderAmountCents: 6000n })], [ev('ack', { note: 'n', fp: FP })], options);
    expect(view?.changedSince).toEqual({ kind: 'acknowledged', day: '2024-03-12' });
    expect(localizeChanged(messagesFor(locale), view!.changedSince!)).toBe(text);
  });

  it('keeps the last note written (last writer wins) and who wrote it', () => {
    const [view] = viewsOf(
      [row()],
      [ev('ack', { note: 'first', fp: FP, by: 'ana' }), ev('note', { note: 'second', by: 'bia' }), ev('assign', { to: 'caio' })],
      options,
    );
    expect(view).toMatchObject({ state: 'acknowledged', note: 'second', noteBy: 'bia', assignee: 'caio', since: '2024-03-12T15:00:00.000Z' });
  });
});

describe('deadlines', () => {
  it.each<[string, Partial<FindingRow>, TriageEvent[], string, boolean]>([
    ['first seen 03-10 + 2 days is due 03-12, overdue on 03-15', {}, [], '2024-03-12', true],
    ['due on the night of the row (03-15) is not overdue on it', { firstSeen: '2024-03-13' }, [], '2024-03-15', false],
    ['due the day before the night is overdue', { firstSeen: '2024-03-12' }, [], '2024-03-14', true],
    ['judged on the night of the row, not on any other date', { firstSeen: '2024-03-13', businessDate: '2024-03-16' }, [], '2024-03-15', true],
    ['acknowledged is still overdue (known, not fixed)', {}, [ev('ack', { note: 'n', fp: FP })], '2024-03-12', true],
    ['accepted is never overdue', {}, [ev('accept', { note: 'n', fp: FP })], '2024-03-12', false],
    ['resolved is never overdue', { state: 'resolved' }, [], '2024-03-12', false],
  ])('%s', (_name, over, events, due, overdue) => {
    const [view] = viewsOf([row(over)], events, options);
    expect(view?.dueDate).toBe(due);
    expect(view?.overdue).toBe(overdue);
  });

  it('a category without a deadline is never overdue', () => {
    const [view] = viewsOf([row()], [], { ...options, slaDays: {} });
    expect(view).toMatchObject({ dueDate: null, overdue: false });
  });
});

describe('filters', () => {
  // I1 open and assigned, I2 open, I3 new tonight and already acknowledged.
  const rows = [
    row(),
    row({ key: 'refund_owed:I2', category: 'refund_owed', firstSeen: '2024-03-14' }),
    row({ key: 'amount_mismatch:I3', category: 'amount_mismatch', state: 'new', firstSeen: '2024-03-15' }),
  ];
  const events = [ev('assign', { to: 'bia' }), ev('ack', { key: 'amount_mismatch:I3', note: 'n', fp: rows[2]!.fingerprint })];
  const items = viewsOf(rows, events, { ...options, slaDays: { missing_payment: 2, amount_mismatch: 5 } }).map((view, i) => ({ row: rows[i]!, view }));
  it.each<[string, Parameters<typeof matchesFilter>[1], string[]]>([
    ['all', {}, ['missing_payment:I1', 'refund_owed:I2', 'amount_mismatch:I3']],
    ['by category', { category: 'refund_owed' }, ['refund_owed:I2']],
    ['older than 3 days (on the night of the rows, whatever the date today)', { olderThanDays: parseAge('3d') }, ['missing_payment:I1']],
    ['overdue', { state: 'overdue' }, ['missing_payment:I1']],
    ['mine', { assignee: 'bia' }, ['missing_payment:I1']],
    ['new: first seen tonight, acknowledged or not (the figure summary.json counts)', { state: 'new' }, ['amount_mismatch:I3']],
    ['open: seen before and still true', { state: 'open' }, ['missing_payment:I1', 'refund_owed:I2']],
    ['acknowledged: the triage state', { state: 'acknowledged' }, ['amount_mismatch:I3']],
  ])('%s', (_name, filter, keys) => {
    expect(items.filter((item) => matchesFilter(item, filter)).map((item) => item.row.key)).toEqual(keys);
  });

  it.each<[string, string, string[]]>([
    ['an acknowledgement skips what is acknowledged already (its note would be replaced)', 'ack', []],
    ['an assignment takes them all', 'assign', ['amount_mismatch:I3']],
    ['a note takes them all', 'note', ['amount_mismatch:I3']],
  ])('by filter, %s', (_name, action, keys) => {
    expect(actionTargets(items, { state: 'new' }, action).map((item) => item.row.key)).toEqual(keys);
  });

  it('refuses an age it cannot read', () => {
    expect(() => parseAge('7 days')).toThrow(/--older-than expects an age such as 7d/);
  });
});
