// The triage the night page shows: the journal folded onto the night's findings at each request, so an
// action taken on the page (or the CLI) shows at the next load, even while a night holds the warehouse.
// The rows come from the warehouse (their fingerprints computed as the nightly computes them), or, while
// a job holds it, from the findings snapshot the last night left beside the journal.
import { businessDateOf } from '../shared/business-day.ts';
import type { Clock } from '../shared/clock.ts';
import type { FindingCategory, FindingState } from '../shared/domain.ts';
import { matchesFilter, type TriagedFinding } from '../triage/filter.ts';
import { fingerprintOf, type FindingRow as TriageRow } from '../triage/finding-rows.ts';
import { viewsOf, type TriageView } from '../triage/fold.ts';
import { journalPathFor, readJournal } from '../triage/journal.ts';
import { filterOfView, type View } from './page-actions.ts';
import { readSnapshot, snapshotPathFor } from '../triage/snapshot.ts';
import type { FindingRow, NightFindings } from './queries.ts';

export interface NightTriage {
  /** Each finding's triage, by key. */
  views: Map<string, TriageView>;
  /** Lines of the journal that were skipped (the CLI and the nightly say which). */
  problems: number;
  asOf: string;
}

export interface TriageSource {
  warehousePath: string;
  zone: string;
  slaDays: Readonly<Partial<Record<string, number>>>;
  clock: Clock;
}

function triageRowOf(f: FindingRow, nightDate: string): TriageRow {
  const facts = {
    itemId: f.item_id,
    operationId: f.operation_id,
    transactionIds: f.transaction_ids,
    orderStatus: f.order_status,
    paymentStatus: f.payment_status,
    orderAmountCents: f.order_amount_cents,
    paymentAmountCents: f.payment_amount_cents,
    differenceCents: f.difference_cents,
  };
  return {
    key: f.key,
    category: f.category as FindingCategory,
    state: f.state as FindingState,
    firstSeen: f.first_seen,
    businessDate: nightDate,
    runId: '',
    reason: f.reason,
    ...facts,
    fingerprint: fingerprintOf(facts),
  };
}

export async function triageOfNight(source: TriageSource, rows: readonly FindingRow[], nightDate: string): Promise<NightTriage> {
  const { events, problems } = await readJournal(journalPathFor(source.warehousePath));
  const asOf = businessDateOf(source.clock.now(), source.zone);
  const triageRows = rows.map((f) => triageRowOf(f, nightDate));
  const views = viewsOf(triageRows, events, { slaDays: source.slaDays, asOf, zone: source.zone });
  return { views: new Map(views.map((v) => [v.key, v])), problems: problems.length, asOf };
}

/** The rows of a view of the table ("mine" for this actor, "overdue", "new tonight"), with the rule the bulk action uses. */
export function rowsOfView(rows: readonly FindingRow[], triage: NightTriage, view: View, actor: string | undefined, nightDate: string): FindingRow[] {
  const filter = filterOfView(view, actor);
  return rows.filter((f) => {
    const view = triage.views.get(f.key);
    if (view === undefined) return false;
    const item: TriagedFinding = { row: triageRowOf(f, nightDate), view };
    return matchesFilter(item, filter, triage.asOf);
  });
}

/**
 * The night's findings from the last night's snapshot, when it is of that night: what the page shows
 * while a job holds the warehouse (without the customer, which the snapshot does not keep).
 */
export function findingsFromSnapshot(warehousePath: string, nightDate: string, limit: number): NightFindings | undefined {
  const snapshot = readSnapshot(snapshotPathFor(warehousePath));
  if (snapshot === undefined || snapshot.night !== nightDate) return undefined;
  const rows = snapshot.rows.slice(0, limit).map(
    (r): FindingRow => ({
      key: r.key,
      category: r.category,
      state: r.state,
      first_seen: r.firstSeen,
      item_id: r.itemId,
      operation_id: r.operationId,
      transaction_ids: r.transactionIds,
      order_status: r.orderStatus,
      payment_status: r.paymentStatus,
      order_amount_cents: r.orderAmountCents,
      payment_amount_cents: r.paymentAmountCents,
      difference_cents: r.differenceCents,
      reason: r.reason,
      customer_name: null,
      customer_document: null,
    }),
  );
  return { rows, total: snapshot.rows.length, runId: snapshot.runId };
}
