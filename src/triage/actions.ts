// What the CLI and the page do with findings: list them with their triage, and record an action
// (acknowledge, assign, accept, reopen, note) on some of them. Both read the current findings and fold
// the journal at once, so an action shows the moment it is written, even while a night runs.
import type { Clock } from '../shared/clock.ts';
import { ReconError } from '../shared/errors.ts';
import type { WarehouseResources } from '../warehouse/memory-limit.ts';
import { type FindingsReader, readCurrentFindings } from './current-findings.ts';
import type { NewTriageEvent, TriageEvent } from './events.ts';
import { matchesFilter, type FindingFilter, type TriagedFinding } from './filter.ts';
import { viewsOf } from './fold.ts';
import { appendEvents, journalPathFor, readJournal, type JournalProblem } from './journal.ts';
import type { JournalBounds } from './journal-read.ts';

export interface TriageContext {
  warehousePath: string;
  resources?: WarehouseResources | undefined;
  fileMode: string;
  zone: string;
  slaDays: Readonly<Partial<Record<string, number>>>;
  clock: Clock;
  /** triage.journalMaxBytes and journalMaxLines; the defaults when absent. */
  journal?: JournalBounds | undefined;
  /** The warehouse's connection when the caller holds it open: the findings are read through it, not opened again. */
  held?: FindingsReader | undefined;
}

export interface TriageListing {
  items: TriagedFinding[];
  night: string | undefined;
  /** The night of the snapshot the items come from while a job holds the warehouse (current-findings.ts). */
  busyNight: string | undefined;
  problems: JournalProblem[];
  /** Every skipped line of the journal (`problems` names the first few). */
  skipped: number;
  events: TriageEvent[];
}

export async function listFindings(ctx: TriageContext, filter: FindingFilter = {}): Promise<TriageListing> {
  const current = await readCurrentFindings(ctx.warehousePath, ctx.resources, ctx.held);
  const { events, problems, skipped } = await readJournal(journalPathFor(ctx.warehousePath), ctx.journal);
  // Deadlines and ages are judged on the night the rows are of, not on today's date: the list counts what
  // that night's summary.json and workbook count.
  const views = viewsOf(current.rows, events, { slaDays: ctx.slaDays, zone: ctx.zone });
  const items = current.rows.map((row, i) => ({ row, view: views[i]! })).filter((item) => matchesFilter(item, filter));
  return { items, night: current.night, busyNight: current.busyNight, problems, skipped, events };
}

type ActionName = 'ack' | 'assign' | 'accept' | 'reopen' | 'note';

export interface ActionRequest {
  action: ActionName;
  keys: readonly string[];
  by: string;
  via: 'cli' | 'page';
  /** ack, note: the note; accept: the reason. */
  note?: string | undefined;
  /** assign: to whom. */
  to?: string | undefined;
}

/**
 * Writes one event per key (after checking every key is a current finding, and the action's text), and
 * returns them. A finding the data resolved has nothing to acknowledge: naming one is an input error.
 */
export async function recordAction(ctx: TriageContext, request: ActionRequest, known?: readonly TriagedFinding[]): Promise<TriageEvent[]> {
  checkRequest(request);
  const items = known ?? (await listFindings(ctx)).items;
  const byKey = new Map(items.map((item) => [item.row.key, item]));
  const unknown = request.keys.filter((key) => !byKey.has(key));
  if (unknown.length > 0) throw new ReconError('input', { id: 'unknownFindingKeys', keys: unknown });
  const resolved = request.keys.filter((key) => byKey.get(key)!.view.state === 'resolved');
  if (resolved.length > 0 && request.action !== 'note') throw new ReconError('input', { id: 'resolvedAlready', keys: resolved, action: request.action });
  const events: NewTriageEvent[] = [...new Set(request.keys)].map((key) => {
    const row = byKey.get(key)!.row;
    const base = { by: request.by, via: request.via, action: request.action, key };
    if (request.action === 'ack' || request.action === 'accept') return { ...base, note: request.note, fp: row.fingerprint };
    if (request.action === 'note') return { ...base, note: request.note };
    if (request.action === 'assign') return { ...base, to: request.to };
    return base;
  });
  return appendEvents(journalPathFor(ctx.warehousePath), events, { nowMs: ctx.clock.now(), fileMode: ctx.fileMode, maxBytes: ctx.journal?.maxBytes });
}

function checkRequest(request: ActionRequest): void {
  if (request.keys.length === 0) throw new ReconError('usage', { id: 'noKeys', action: request.action });
  const needsNote = request.action === 'ack' || request.action === 'note' || request.action === 'accept';
  if (needsNote && (request.note ?? '').trim() === '') throw new ReconError('usage', { id: 'needsNote', action: request.action });
  if (request.action === 'assign' && (request.to ?? '').trim() === '') throw new ReconError('usage', { id: 'assignNeedsTo' });
}
