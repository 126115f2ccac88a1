// Folds the journal into each finding's triage, on top of the state the reconciliation computed. Pure:
// the events and the findings come in, the views go out.
//
// - The journal's order is the order of the writes: the last writer wins (a later note replaces the
//   shown one; both stay in the journal, the history).
// - Data wins: a finding the night resolved is resolved whatever its triage.
// - An acknowledgement or acceptance holds while the finding's facts keep the fingerprint they had when
//   it was given; once they change, the finding is open again, "changed since acknowledged on <date>".
import { businessDateOf } from '../shared/business-day.ts';
import { isOverdue } from '../shared/figures.ts';
import type { AlertKind, TriageEvent } from './events.ts';
import type { FindingRow } from './finding-rows.ts';
import { dueDateOf } from './deadlines.ts';

export const TRIAGE_STATES = ['new', 'open', 'acknowledged', 'accepted', 'resolved'] as const;
export type TriageState = (typeof TRIAGE_STATES)[number];

/** What the journal says of one finding key, whatever the data. */
interface TriageRecord {
  mark: { kind: 'acknowledged' | 'accepted'; at: string; by: string; fp: string | undefined } | undefined;
  assignee: string | undefined;
  note: { text: string; by: string; at: string } | undefined;
  alerted: Set<AlertKind>;
}

export interface TriageView {
  key: string;
  state: TriageState;
  assignee: string | null;
  note: string | null;
  noteBy: string | null;
  /** When the acknowledgement or acceptance shown was given (ISO instant); null when there is none. */
  since: string | null;
  /** Why an acknowledged finding is open again, e.g. "changed since acknowledged on 2024-03-15". */
  changed: string | null;
  /** The same as data, for a person's locale: the mark that no longer holds and its business day. */
  changedSince: { kind: 'acknowledged' | 'accepted'; day: string } | null;
  /** The finding's deadline: first seen plus reconcile.slaDays of its category (null: no deadline). */
  dueDate: string | null;
  overdue: boolean;
  alerted: { new: boolean; overdue: boolean };
}

export interface FoldOptions {
  slaDays: Readonly<Partial<Record<string, number>>>;
  zone: string;
}

function foldJournal(events: readonly TriageEvent[]): Map<string, TriageRecord> {
  const records = new Map<string, TriageRecord>();
  for (const e of events) {
    let r = records.get(e.key);
    if (r === undefined) {
      r = { mark: undefined, assignee: undefined, note: undefined, alerted: new Set() };
      records.set(e.key, r);
    }
    switch (e.action) {
      case 'ack':
      case 'accept':
        r.mark = { kind: e.action === 'ack' ? 'acknowledged' : 'accepted', at: e.at, by: e.by, fp: e.fp };
        if (e.note !== undefined) r.note = { text: e.note, by: e.by, at: e.at };
        break;
      case 'note':
        if (e.note !== undefined) r.note = { text: e.note, by: e.by, at: e.at };
        break;
      case 'assign':
        r.assignee = e.to;
        break;
      case 'reopen':
        r.mark = undefined;
        break;
      case 'alerted':
        if (e.kind !== undefined) r.alerted.add(e.kind);
        break;
    }
  }
  return records;
}

function viewOf(row: FindingRow, record: TriageRecord | undefined, options: FoldOptions): TriageView {
  const days = options.slaDays[row.category];
  const dueDate = days === undefined ? null : dueDateOf(row.firstSeen, days);
  const mark = record?.mark;
  let state: TriageState = row.state;
  let changed: string | null = null;
  let changedSince: TriageView['changedSince'] = null;
  if (row.state !== 'resolved' && mark !== undefined) {
    if (mark.fp !== undefined && mark.fp !== row.fingerprint) {
      state = 'open';
      changedSince = { kind: mark.kind, day: businessDateOf(Date.parse(mark.at), options.zone) };
      changed = `changed since ${changedSince.kind} on ${changedSince.day}`;
    } else state = mark.kind;
  }
  return {
    key: row.key,
    state,
    assignee: record?.assignee ?? null,
    note: record?.note?.text ?? null,
    noteBy: record?.note?.by ?? null,
    since: mark === undefined || changed !== null ? null : mark.at,
    changed,
    changedSince,
    dueDate,
    // Judged on the night the row is of, whoever reads it and whenever (docs/triage.md#deadlines).
    overdue: isOverdue({ triageState: state, dueDate }, row.businessDate),
    alerted: { new: record?.alerted.has('new') ?? false, overdue: record?.alerted.has('overdue') ?? false },
  };
}

/** Every finding's view, in the rows' order. */
export function viewsOf(rows: readonly FindingRow[], events: readonly TriageEvent[], options: FoldOptions): TriageView[] {
  const records = foldJournal(events);
  return rows.map((row) => viewOf(row, records.get(row.key), options));
}
