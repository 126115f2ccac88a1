// Which findings a list or a bulk action takes: by triage state (or "overdue"), category, age and
// assignee. Pure, so the CLI, the page and the tests share one meaning.
import { ReconError } from '../shared/errors.ts';
import { daysBetween } from './deadlines.ts';
import type { FindingRow } from './finding-rows.ts';
import { TRIAGE_STATES, type TriageView } from './fold.ts';

export const FILTER_STATES = [...TRIAGE_STATES, 'overdue'] as const;
export type FilterState = (typeof FILTER_STATES)[number];

export interface FindingFilter {
  state?: FilterState | undefined;
  category?: string | undefined;
  /** Only findings first seen at least this many days before `asOf`. */
  olderThanDays?: number | undefined;
  assignee?: string | undefined;
}

export interface TriagedFinding {
  row: FindingRow;
  view: TriageView;
}

export function matchesFilter(item: TriagedFinding, filter: FindingFilter, asOf: string): boolean {
  const { row, view } = item;
  if (filter.state === 'overdue' ? !view.overdue : filter.state !== undefined && view.state !== filter.state) return false;
  if (filter.category !== undefined && row.category !== filter.category) return false;
  if (filter.assignee !== undefined && view.assignee !== filter.assignee) return false;
  if (filter.olderThanDays !== undefined && daysBetween(row.firstSeen, asOf) < filter.olderThanDays) return false;
  return true;
}

export function isFilterEmpty(filter: FindingFilter): boolean {
  return Object.values(filter).every((v) => v === undefined);
}

/** `7d` (days) or `2w` (weeks) as days. */
export function parseAge(text: string): number {
  const match = /^(\d{1,4})([dw])$/.exec(text.trim());
  if (!match) throw new ReconError('usage', `--older-than expects an age such as 7d or 2w, got "${text}"`);
  return Number(match[1]) * (match[2] === 'w' ? 7 : 1);
}

export function parseFilterState(text: string): FilterState {
  if (!(FILTER_STATES as readonly string[]).includes(text)) throw new ReconError('usage', `--state expects one of ${FILTER_STATES.join(', ')}, got "${text}"`);
  return text as FilterState;
}
