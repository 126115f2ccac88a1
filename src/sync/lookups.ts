// Look-ups by id. A status sweep shows what is in a status now, never what left it: a review decided
// `paid` long after its sale, or `rejected` (never listed again), would stay `review` in the warehouse
// forever. So after the windows, every transaction the warehouse holds in review, refunded or
// chargeback that the run did not observe (reviews whatever their age; the others when their sale
// lies in their sweep's range) is read again by id, `GET /v1/transactions?transaction_id=<id>&count=1`.
// The rows found are staged as one more window (LOOKUPS_WINDOW); an id listed no more is asked once
// more at the end and then recorded as rejected (vanished.ts). Bounded by sync.maxIdLookups.
import { join } from 'node:path';
import { listValue, type DuckDBConnection, type DuckDBValue } from '@duckdb/node-api';
import type { LimitFunction } from 'p-limit';
import { ReconError } from '../shared/errors.ts';
import type { Logger } from '../shared/log.ts';
import type { ApiTransaction } from '../shared/tables.ts';
import type { PaymentsApi } from '../api/index.ts';
import { LOOKUPS_WINDOW, SWEEP_STATUSES, type RunRanges } from './windows.ts';
import { ROWS_TX } from './stage.ts';
import { JSON_READ_OPTIONS } from './file-readers.ts';
import { openStageFile } from './stage-file.ts';
import { buildTransactionLines } from './page-lines.ts';
import { openRejectsFile, type KeptOutRow } from './rejects.ts';
import { instantParam } from '../warehouse/sql.ts';
import { allOrFirstError } from './run-windows.ts';
import type { WindowRead } from './read-window.ts';

interface Candidate {
  id: string;
  /** The status the warehouse holds. */
  status: string;
}

export interface LookupCounts {
  /** Ids read again by id. */
  read: number;
  /** Found in another status than the warehouse held. */
  changed: number;
  /** Listed no more: recorded as rejected. */
  vanished: number;
}

export interface LookupResult {
  /** The rows found (and kept out), staged like a window; undefined when nothing was looked up. */
  read: WindowRead | undefined;
  vanished: string[];
  counts: LookupCounts;
}

/** The run's look-ups, once its windows are read and staged (their observations say what was seen). */
export async function lookUpLeavers(
  deps: { db: DuckDBConnection; api: PaymentsApi; logger: Logger },
  run: { sweptRange: RunRanges['sweptRange']; reads: readonly WindowRead[]; stageDir: string; limit: LimitFunction; maxAttempts: number; maxIdLookups: number },
): Promise<LookupResult> {
  const keptOut = run.reads.flatMap((r) => (r.window.stream === 'transactions' && r.rejected > 0 && r.rejectsFile ? [r.rejectsFile] : []));
  const candidates = await findIdsToLookUp(deps.db, run.sweptRange, keptOut, run.maxIdLookups);
  if (candidates.length > 0) deps.logger.event('sync.lookups', { ids: candidates.length });
  return lookUpIds(deps, candidates, {
    limit: run.limit,
    maxAttempts: run.maxAttempts,
    file: join(run.stageDir, 'lookups.ndjson'),
    rejectsFile: join(run.stageDir, 'lookups.rejects.ndjson'),
  });
}

/** Values the service refuses as a parameter (http.ts queryString): such an id cannot be asked for. */
const UNASKABLE = new Set(['', 'null', 'undefined']);

/**
 * The transactions to read again: held in a status whose sweep can lose them and not observed by the
 * run (nor kept out by it). `swept` is where the run listed every row of a swept status; `rejectsFiles` the files of
 * its transaction windows' kept-out rows. Fails past `max`, naming the setting.
 */
async function findIdsToLookUp(db: DuckDBConnection, swept: RunRanges['sweptRange'], rejectsFiles: readonly string[], max: number): Promise<Candidate[]> {
  const params: Record<string, DuckDBValue> = {};
  // One branch per status (they cannot overlap), each a plain comparison of a column with parameters:
  // DuckDB then skips the row groups that hold no such status or no sale of the swept range (an OR
  // of the three would make it read every row). `review` is the greatest status text, so even its
  // branch, which no date bounds, reads only row groups that hold a review.
  const held = SWEEP_STATUSES.map((status, i) => {
    const select = `SELECT t.transaction_id, t.status FROM transactions t WHERE t.status = $status_${i}`;
    if (status === 'review') {
      params[`status_${i}`] = status;
      return select; // stale_review reports a review whatever its age
    }
    if (swept.endMs <= swept.startMs) return undefined;
    Object.assign(params, { [`status_${i}`]: status, [`start_${i}`]: instantParam(swept.startMs), [`end_${i}`]: instantParam(swept.endMs) });
    return `${select} AND t.date_created >= $start_${i} AND t.date_created < $end_${i}`;
  }).filter((c) => c !== undefined);
  if (rejectsFiles.length > 0) params['rejects_files'] = listValue([...rejectsFiles]);
  const keptOut =
    rejectsFiles.length === 0
      ? ''
      : `AND NOT EXISTS (SELECT 1 FROM read_json($rejects_files, ${JSON_READ_OPTIONS}, columns = {id: 'VARCHAR'}) r WHERE r.id = t.transaction_id)`;
  const from = `FROM (${held.join(' UNION ALL ')}) t
    WHERE NOT EXISTS (SELECT 1 FROM ${ROWS_TX} o WHERE o.transaction_id = t.transaction_id) ${keptOut}`;
  // Ids are read as bytes: the DuckDB client's text decoding drops a leading U+FEFF.
  const reader = await db.runAndReadAll(`SELECT encode(t.transaction_id) AS id, t.status ${from} ORDER BY t.transaction_id LIMIT ${max + 1}`, params);
  const rows = reader.getRowObjectsJS();
  if (rows.length > max) {
    const total = Number((await db.runAndReadAll(`SELECT count(*) AS n ${from}`, params)).getRowObjectsJS()[0]?.['n'] ?? 0);
    throw new ReconError('config', { id: 'tooManyLookups', total, max });
  }
  return rows.map((r) => ({ id: Buffer.from(r['id'] as Uint8Array).toString('utf8'), status: String(r['status']) }));
}

interface Found {
  candidate: Candidate;
  /** The row's NDJSON line when it was kept; undefined when it was kept out or not found. */
  line: Buffer | string | undefined;
  keptOut: KeptOutRow | undefined;
  status: string | undefined;
}

/** Reads every candidate by id (bounded concurrency), then asks once more about those not found. */
async function lookUpIds(
  deps: { api: PaymentsApi; logger: Logger },
  candidates: readonly Candidate[],
  options: { limit: LimitFunction; maxAttempts: number; file: string; rejectsFile: string },
): Promise<LookupResult> {
  const askable = candidates.filter((c) => !UNASKABLE.has(c.id));
  for (const c of candidates)
    if (UNASKABLE.has(c.id)) deps.logger.event('sync.lookup.skipped', { id: c.id, reason: 'the service refuses this value as a parameter' });
  if (askable.length === 0) return { read: undefined, vanished: [], counts: { read: 0, changed: 0, vanished: 0 } };
  const ask = (c: Candidate) => () => lookUp(deps.api, c, options.maxAttempts);
  const first = await allOrFirstError(askable.map(ask), options.limit);
  // Listed no more: asked again after the others, so one odd answer does not mark a sale rejected.
  const missing = first.filter((f) => f.status === undefined && f.keptOut === undefined);
  const again = await allOrFirstError(
    missing.map((f) => ask(f.candidate)),
    options.limit,
  );
  const byId = new Map(again.map((f) => [f.candidate.id, f]));
  const results = first.map((f) => byId.get(f.candidate.id) ?? f);

  const vanished = results.filter((f) => f.status === undefined && f.keptOut === undefined).map((f) => f.candidate.id);
  const changed = results.filter((f) => f.status !== undefined && f.status !== f.candidate.status).length;
  for (const f of results) {
    if (f.status !== f.candidate.status)
      deps.logger.event('sync.lookup.changed', { id: f.candidate.id, was: f.candidate.status, now: f.status ?? 'rejected (listed no more)' });
  }
  const kept = results.filter((f) => f.line !== undefined);
  const keptOut = results.flatMap((f) => (f.keptOut ? [f.keptOut] : []));
  const file = await openStageFile(options.file);
  const rejects = openRejectsFile(options.rejectsFile);
  try {
    for (const f of kept) await file.appendLines(f.line!);
    await file.finish();
    await rejects.append(keptOut);
  } finally {
    await file.close();
    await rejects.close();
  }
  const read: WindowRead = {
    window: LOOKUPS_WINDOW,
    total: kept.length + keptOut.length,
    rows: kept.length,
    pages: askable.length + missing.length,
    attempts: 1,
    file: options.file,
    rejected: keptOut.length,
    rejectsFile: keptOut.length > 0 ? options.rejectsFile : undefined,
  };
  return { read, vanished, counts: { read: askable.length, changed, vanished: vanished.length } };
}

/** One id: listed once with that id (kept, or kept out when broken), or not at all. Anything else is re-asked, then fails. */
async function lookUp(api: PaymentsApi, candidate: Candidate, maxAttempts: number): Promise<Found> {
  const query = { filters: [['transaction_id', candidate.id]] as const, count: 1 };
  let problem = '';
  for (let attempt = 1; attempt <= maxAttempts; attempt++) {
    const page = await api.listTransactionsPage(query, 1, { keepOut: true });
    if (page.total === 0 && page.listed === 0) return { candidate, line: undefined, keptOut: undefined, status: undefined };
    const [bad] = page.rejected;
    const row = page.listedRows[0] as Partial<ApiTransaction> | undefined;
    if (page.total === 1 && page.listed === 1 && (bad !== undefined || row?.transaction_id === candidate.id)) {
      const lines = buildTransactionLines(page, page.listedRows, new Map(page.rejected.map((r) => [r.index, r.reason])));
      const [out] = lines.rejects;
      if (out) return { candidate, line: undefined, keptOut: { page: 1, rowNo: 1, id: candidate.id, raw: out.raw, reason: out.reason }, status: undefined };
      return { candidate, line: lines.lines, keptOut: undefined, status: String(row?.status) };
    }
    problem = page.listed === 1 && bad === undefined ? `it listed transaction ${String(row?.transaction_id)}` : `total ${page.total} with ${page.listed} rows`;
  }
  throw new ReconError('drift', { id: 'lookupNeverAnswered', transactionId: candidate.id, attempts: maxAttempts, detail: problem });
}
