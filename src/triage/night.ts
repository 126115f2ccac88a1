// The triage step of a night (the nightly's, and `recon reconcile`'s), between reconcile and the
// reports: folds the journal onto the run's findings, loads the result for the reports to join, writes
// the findings snapshot the page and CLI read while a later night holds the warehouse (the latest
// night's only), and counts what summary.json says of the triage.
import type { DuckDBConnection } from '@duckdb/node-api';
import type { BusinessDay } from '../shared/business-day.ts';
import type { Clock } from '../shared/clock.ts';
import type { Logger } from '../shared/log.ts';
import { figuresOf } from '../shared/figures.ts';
import { FINDINGS_OF_RUN_SQL, findingRowOf, type FindingRow } from './finding-rows.ts';
import { viewsOf, type TriageView } from './fold.ts';
import { journalPathFor, readJournal, type JournalProblem } from './journal.ts';
import { type JournalBounds, skippedLinesWarning } from './journal-read.ts';
import { snapshotPathFor, writeSnapshot } from './snapshot.ts';
import { loadTriageTable } from './triage-table.ts';
import type { TriageEvent } from './events.ts';
import { mkdirSync } from 'node:fs';
import { dirname } from 'node:path';

export interface NightTriageRequest {
  runId: string;
  day: BusinessDay;
  fileMode: string;
  slaDays: Readonly<Partial<Record<string, number>>>;
  /** triage.journalMaxBytes and journalMaxLines; the defaults when absent. */
  journal?: JournalBounds;
}

/** summary.json's `triage`: counts of the night's unresolved findings by triage, and the overdue ones. */
export interface TriageSummary {
  acknowledged: number;
  accepted: number;
  /** Acknowledged or accepted once, open again because their facts changed. */
  changed: number;
  overdue: number;
  overdue_amount_cents: number;
  by_category: Record<string, { acknowledged: number; accepted: number; overdue: number; overdue_amount_cents: number }>;
  /** Journal lines that could not be read (each is logged with its line number). */
  journal_problems: number;
}

export interface NightTriage {
  /** The journal beside the warehouse; undefined for an in-memory warehouse. */
  journalPath: string | undefined;
  rows: FindingRow[];
  views: TriageView[];
  events: TriageEvent[];
  problems: JournalProblem[];
  summary: TriageSummary;
}

type Db = Pick<DuckDBConnection, 'run' | 'runAndReadAll' | 'createAppender'>;

export async function triageNight(deps: { db: Db; clock: Clock; logger: Logger }, request: NightTriageRequest): Promise<NightTriage> {
  const reader = await deps.db.runAndReadAll(FINDINGS_OF_RUN_SQL, { run_id: request.runId });
  const rows = (reader.getRowObjects() as Record<string, unknown>[]).map(findingRowOf);
  // The store sits beside the file this connection has open, whatever the config says (tests, --sandbox).
  const warehousePath = await warehouseFileOf(deps.db);
  const journalPath = warehousePath === undefined ? undefined : journalPathFor(warehousePath);
  const read = journalPath === undefined ? { events: [], problems: [], skipped: 0 } : await readJournal(journalPath, request.journal);
  const { events, problems } = read;
  const skipped = journalPath === undefined ? undefined : skippedLinesWarning(journalPath, read);
  if (skipped !== undefined) deps.logger.warn(skipped);
  const views = viewsOf(rows, events, { slaDays: request.slaDays, zone: request.day.zone });
  await loadTriageTable(deps.db, views);
  if (warehousePath !== undefined && (await isLatestNight(deps.db, request.day.date))) {
    const snapshotPath = snapshotPathFor(warehousePath);
    mkdirSync(dirname(snapshotPath), { recursive: true, mode: 0o700 });
    writeSnapshot(snapshotPath, { night: request.day.date, runId: request.runId, rows }, request.fileMode);
  }
  const summary = summaryOf(rows, views, read.skipped);
  deps.logger.event('triage.done', { run_id: request.runId, ...summary, by_category: undefined });
  return { journalPath, rows, views, events, problems, summary };
}

/**
 * The snapshot stands in for the current findings (those of the latest night): a night reconciled again
 * behind a later one (`recon reconcile --date`, a nightly of an earlier date) leaves it as it is.
 */
async function isLatestNight(db: Db, date: string): Promise<boolean> {
  const reader = await db.runAndReadAll(`SELECT coalesce(max(business_date) <= CAST($date AS DATE), true) AS latest FROM reconcile_runs_latest`, { date });
  return reader.getRowObjects()[0]?.['latest'] === true;
}

/** The file of the connection's database; undefined for an in-memory one (no store beside it). */
async function warehouseFileOf(db: Db): Promise<string | undefined> {
  const reader = await db.runAndReadAll('SELECT path FROM duckdb_databases() WHERE database_name = current_database()');
  const path = reader.getRowObjects()[0]?.['path'];
  return typeof path === 'string' && path !== '' ? path : undefined;
}

function summaryOf(rows: readonly FindingRow[], views: readonly TriageView[], journalProblems: number): TriageSummary {
  // The overdue figures are figuresOf's, as the page, the list and the alerts count them.
  const figures = figuresOf(rows.map((row, i) => ({ ...row, overdue: views[i]!.overdue })));
  const summary: TriageSummary = {
    acknowledged: 0,
    accepted: 0,
    changed: 0,
    overdue: figures.overdue,
    overdue_amount_cents: Number(figures.overdueAmountCents),
    by_category: {},
    journal_problems: journalProblems,
  };
  views.forEach((view, i) => {
    const category = rows[i]!.category;
    summary.by_category[category] ??= {
      acknowledged: 0,
      accepted: 0,
      overdue: figures.byCategory.get(category)?.overdue ?? 0,
      overdue_amount_cents: Number(figures.byCategory.get(category)?.overdueAmountCents ?? 0n),
    };
    const cat = summary.by_category[category]!;
    if (view.state === 'acknowledged' || view.state === 'accepted') {
      summary[view.state] += 1;
      cat[view.state] += 1;
    }
    if (view.changed !== null) summary.changed += 1;
  });
  return summary;
}
