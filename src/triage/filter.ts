// Which findings a list or a bulk action takes: by state (the lifecycle's new, open and resolved, the
// triage's acknowledged and accepted, or overdue), category, age and assignee. Pure, so the CLI, the page
// and the tests share one meaning; new, open and overdue are the figures of src/shared/figures.ts, so a
// filter lists exactly the findings summary.json and the workbook count. Ages, like deadlines, are the
// night's: a finding's age is the days from its first night to the night its row is of.
import { ReconError } from '../shared/errors.ts';
import { isNewFinding, isOpenFinding } from '../shared/figures.ts';
import { daysBetween } from './deadlines.ts';
import type { FindingRow } from './finding-rows.ts';
import { TRIAGE_STATES, type TriageView } from './fold.ts';

export const FILTER_STATES = [...TRIAGE_STATES, 'overdue'] as const;
export type FilterState = (typeof FILTER_STATES)[number];

export interface FindingFilter {
  state?: FilterState | undefined;
  category?: string | undefined;
  /** Only findings first seen at least this many days before their night. */
  olderThanDays?: number | undefined;
  assignee?: string | undefined;
}

export interface TriagedFinding {
  row: FindingRow;
  view: TriageView;
}

function matchesState(item: TriagedFinding, state: FilterState): boolean {
  switch (state) {
    case 'new':
      return isNewFinding(item.row);
    case 'open':
      return isOpenFinding(item.row);
    case 'overdue':
      return item.view.overdue;
    default:
      // resolved (the data's, which the triage never overrides), acknowledged, accepted.
      return item.view.state === state;
  }
}

export function matchesFilter(item: TriagedFinding, filter: FindingFilter): boolean {
  const { row, view } = item;
  if (filter.state !== undefined && !matchesState(item, filter.state)) return false;
  if (filter.category !== undefined && row.category !== filter.category) return false;
  if (filter.assignee !== undefined && view.assignee !== filter.assignee) return false;
  if (filter.olderThanDays !== undefined && daysBetween(row.firstSeen, row.businessDate) < filter.olderThanDays) return false;
  return true;
}

/**
 * The findings an action by filter writes to (the CLI's `--state ...`, the page's bulk form): those the
 * filter takes, never resolved ones (but for a note), and never those already in the state the action
 * gives: an acknowledgement again would replace the note they were acknowledged with.
 */
export function actionTargets(items: readonly TriagedFinding[], filter: FindingFilter, action: string): TriagedFinding[] {
  const already = action === 'ack' ? 'acknowledged' : action === 'accept' ? 'accepted' : undefined;
  return items.filter((i) => matchesFilter(i, filter) && (i.view.state !== 'resolved' || action === 'note') && i.view.state !== already);
}

export function isFilterEmpty(filter: FindingFilter): boolean {
  return Object.values(filter).every((v) => v === undefined);
}

/** `7d` (days) or `2w` (weeks) as days. */
export function parseAge(text: string): number {
  const match = /^(\d{1,4})([dw])$/.exec(text.trim());
  if (!match) throw new ReconError('usage', { id: 'olderThanFlag', got: text });
  return Number(match[1]) * (match[2] === 'w' ? 7 : 1);
}

export function parseFilterState(text: string): FilterState {
  if (!(FILTER_STATES as readonly string[]).includes(text)) throw new ReconError('usage', { id: 'stateFlag', states: FILTER_STATES, got: text });
  return text as FilterState;
}
