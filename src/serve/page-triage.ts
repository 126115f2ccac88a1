// The triage the night page shows: the journal folded onto the night's findings at each request, so an
// action taken on the page (or the CLI) shows at the next load, even while a night holds the warehouse.
// Every finding of the night is folded, not only the rows the table carries: a view's count and its bulk
// action take the whole night, as `recon findings` and summary.json do. The rows come from the warehouse
// (the nightly's own query, so the fingerprints are the nightly's), or, while a job holds it, from the
// findings snapshot the last night left beside the journal. Deadlines are judged on the night shown.
import { amountAtStakeOf } from '../shared/amount-at-stake.ts';
import type { TriageEvent } from '../triage/events.ts';
import { actionTargets, matchesFilter, type TriagedFinding } from '../triage/filter.ts';
import { FINDINGS_OF_RUN_SQL, LATEST_NIGHT_SQL, findingRowOf, type FindingRow as TriageRow } from '../triage/finding-rows.ts';
import { viewsOf } from '../triage/fold.ts';
import { journalPathFor, readJournal } from '../triage/journal.ts';
import type { JournalBounds } from '../triage/journal-read.ts';
import { sortByDefaultOrder } from './finding-order.ts';
import { filterOfView, type View } from './page-actions.ts';
import { readSnapshot, snapshotPathFor } from '../triage/snapshot.ts';
import type { FindingRow, NightFindings } from './queries.ts';
import { rowsOf, textOf, type Db } from './warehouse-reads.ts';

export interface NightTriage {
  /** Every finding of the night with its triage, by key. */
  items: Map<string, TriagedFinding>;
  /** Lines of the journal that were skipped (the CLI and the nightly say which). */
  problems: number;
  /** The journal as read, in its order: what an action wrote, for the page's confirmation (action-done.ts). */
  events: readonly TriageEvent[];
}

/** What a view's bulk action would write to: how many findings, and the sum of their amounts at stake. */
export interface BulkTargets {
  count: number;
  amountCents: bigint;
}

export interface TriageSource {
  warehousePath: string;
  zone: string;
  slaDays: Readonly<Partial<Record<string, number>>>;
  /** triage.journalMaxBytes and journalMaxLines; the defaults when absent. */
  journal?: JournalBounds | undefined;
}

/** Every finding of a reconcile run, as triage reads them. */
export async function triageRowsOfRun(db: Db, runId: string | null): Promise<TriageRow[]> {
  if (runId === null) return [];
  return (await rowsOf(db, FINDINGS_OF_RUN_SQL, { run_id: runId })).map(findingRowOf);
}

/** The night whose findings are current (the page acts on its findings only); undefined before any reconcile. */
export async function latestReconciledNight(db: Db): Promise<string | undefined> {
  const rows = await rowsOf(db, `SELECT strftime((${LATEST_NIGHT_SQL}), '%Y-%m-%d') AS night`);
  return textOf(rows[0]?.['night']) ?? undefined;
}

export async function triageOfNight(source: TriageSource, rows: readonly TriageRow[]): Promise<NightTriage> {
  // From the checkpoint the last read left: a page load reads only what was appended since.
  const { events, skipped } = await readJournal(journalPathFor(source.warehousePath), source.journal);
  const views = viewsOf(rows, events, { slaDays: source.slaDays, zone: source.zone });
  return { items: new Map(rows.map((row, i) => [row.key, { row, view: views[i]! }])), problems: skipped, events };
}

/** The findings of a view of the night ("mine" for this actor, "overdue", "new tonight"), by the rule `recon findings` filters by. */
export function itemsOfView(triage: NightTriage, view: View, actor: string | undefined): TriagedFinding[] {
  const filter = filterOfView(view, actor);
  return [...triage.items.values()].filter((item) => matchesFilter(item, filter));
}

/**
 * What a view's bulk acknowledgement would write to, by the rule the action route applies when the form
 * comes back; the amount is each target's amount at stake (the one definition, amount-at-stake.ts) summed.
 */
export function bulkTargetsOf(triage: NightTriage, view: View, actor: string | undefined): BulkTargets {
  const targets = actionTargets([...triage.items.values()], filterOfView(view, actor), 'ack');
  return { count: targets.length, amountCents: targets.reduce((sum, t) => sum + amountAtStakeOf(t.row), 0n) };
}

/** The table's rows in a view. */
export function rowsOfView(rows: readonly FindingRow[], triage: NightTriage, view: View, actor: string | undefined): FindingRow[] {
  const keys = new Set(itemsOfView(triage, view, actor).map((item) => item.row.key));
  return rows.filter((f) => keys.has(f.key));
}

/**
 * The night's findings from the last night's snapshot, when it is of that night: what the page shows
 * while a job holds the warehouse (without the customer, which the snapshot does not keep), and every
 * row of it for the triage.
 */
export function findingsFromSnapshot(warehousePath: string, nightDate: string, limit: number): { table: NightFindings; all: TriageRow[] } | undefined {
  const snapshot = readSnapshot(snapshotPathFor(warehousePath));
  if (snapshot === undefined || snapshot.night !== nightDate) return undefined;
  // Cut in the table's default order, as the warehouse's query cuts it.
  const ordered = sortByDefaultOrder(snapshot.rows, (r) => ({ lifecycle: r.state, finding: r }));
  const rows = ordered.slice(0, limit).map((r): FindingRow => ({ ...r, customerName: null, customerDocument: null }));
  return { table: { rows, total: snapshot.rows.length, runId: snapshot.runId }, all: snapshot.rows };
}
