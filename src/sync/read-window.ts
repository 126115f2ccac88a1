// Reads one listing window page by page into a staged NDJSON file and proves it complete: the total
// never moved while paging, no id came twice, every row lies inside the window, and the distinct ids
// plus the rows kept out (broken rows, written to the window's rejects file) equal the total. Anything
// else is drift: the window is read again (bounded), then fails loudly.
import { ReconError } from '../shared/errors.ts';
import type { Logger } from '../shared/log.ts';
import type { RejectedRow } from '../shared/locale/log-params.ts';
import type { ApiOperation, ApiTransaction } from '../shared/tables.ts';
import type { ListPage, PaymentsApi } from '../api/index.ts';
import { describeWindow, filtersOf, type SyncWindow } from './windows.ts';
import { openStageFile } from './stage-file.ts';
import { strictIsoOf } from '../shared/fields.ts';
import type { AmountUnit } from './operation-rows.ts';
import { buildOperationLines, buildTransactionLines, type PageLines } from './page-lines.ts';
import { openRejectsFile, type KeptOutRow } from './rejects.ts';

export interface WindowReadOptions {
  pageSize: number;
  maxAttempts: number;
  operationsAmountUnit: AmountUnit;
  /** File the verified rows are written to (NDJSON), overwritten per attempt. */
  file: string;
  /** File the rows kept out are written to (created only when there is one), overwritten per attempt. */
  rejectsFile: string;
  /** Pause before re-reading a drifted window, times the attempt number. */
  driftPauseMs?: number;
  onPage?: (rows: number) => void;
}

export interface WindowRead {
  window: SyncWindow;
  total: number;
  rows: number;
  pages: number;
  attempts: number;
  file: string;
  /** Rows of the listing kept out of the warehouse (counted in `total`, not in `rows`). */
  rejected: number;
  /** Where they are, when `rejected` > 0. */
  rejectsFile?: string | undefined;
  /** The first of them, for a person: page 2, row 81, transaction_id tx0180, and the schema's reason. */
  firstRejected?: RejectedRow | undefined;
}

type AnyPage = ListPage<ApiTransaction> | ListPage<ApiOperation>;

export async function readWindow(deps: { api: PaymentsApi; logger: Logger }, window: SyncWindow, options: WindowReadOptions): Promise<WindowRead> {
  let lastProblem = '';
  for (let attempt = 1; attempt <= options.maxAttempts; attempt++) {
    const outcome = await readOnce(deps.api, window, options);
    if (outcome.ok) {
      const { total, rejected, firstRejected } = outcome;
      const rejects = rejected > 0 ? { rejectsFile: options.rejectsFile, firstRejected } : {};
      return { window, total, rows: total - rejected, pages: outcome.pages, attempts: attempt, file: options.file, rejected, ...rejects };
    }
    lastProblem = outcome.problem;
    deps.logger.event('sync.window.drift', { window: describeWindow(window), attempt, problem: lastProblem });
    if (attempt < options.maxAttempts) await sleep((options.driftPauseMs ?? 100) * attempt);
  }
  throw new ReconError(
    'drift',
    { id: 'windowNeverSettled', window: describeWindow(window), attempts: options.maxAttempts, detail: lastProblem },
    {
      details: { window },
    },
  );
}

/** Page 1 with count=1: the window's current total, for planning and the final verification pass. */
export async function probeTotal(api: PaymentsApi, window: SyncWindow): Promise<number> {
  const query = { filters: filtersOf(window), count: 1 };
  // A broken row on this page is the read's business, not the probe's.
  const options = { keepOut: true };
  const page = window.stream === 'transactions' ? await api.listTransactionsPage(query, 1, options) : await api.listOperationsPage(query, 1, options);
  return page.total;
}

type Outcome = { ok: true; total: number; pages: number; rejected: number; firstRejected: RejectedRow | undefined } | { ok: false; problem: string };

async function readOnce(api: PaymentsApi, window: SyncWindow, options: WindowReadOptions): Promise<Outcome> {
  const query = { filters: filtersOf(window), count: options.pageSize };
  // Every id listed, kept or kept out: an id listed twice is drift either way.
  const ids = new Set<string>();
  let anonymous = 0;
  let firstRejected: RejectedRow | undefined;
  const bounds = boundsOf(window);
  const file = await openStageFile(options.file);
  const rejects = openRejectsFile(options.rejectsFile);
  try {
    let total: number | undefined;
    let pages = 0;
    for (let pageNo = 1; ; pageNo++) {
      pages = pageNo;
      const page: AnyPage =
        window.stream === 'transactions'
          ? await api.listTransactionsPage(query, pageNo, { keepOut: true })
          : await api.listOperationsPage(query, pageNo, { keepOut: true });
      if (total === undefined) total = page.total;
      else if (page.total !== total) return { ok: false, problem: `total changed from ${total} to ${page.total} at page ${pageNo}` };
      const where = `page ${pageNo} of ${describeWindow(window)}`;
      const bad = new Map(page.rejected.map((r) => [r.index, r.reason]));
      const lines: PageLines =
        window.stream === 'transactions'
          ? buildTransactionLines(page, page.listedRows, bad)
          : buildOperationLines(page, page.listedRows, bad, options.operationsAmountUnit, where);
      const kept = lines.kept.map((i) => page.listedRows[i]);
      const problem =
        window.stream === 'transactions'
          ? checkTransactions(kept as ApiTransaction[], window, bounds, ids)
          : checkOperations(kept as ApiOperation[], window, bounds, ids);
      if (problem) return { ok: false, problem: `page ${pageNo}: ${problem}` };
      const keptOut: KeptOutRow[] = [];
      for (const r of lines.rejects) {
        const id = idOf(window.stream, page.listedRows[r.index]);
        if (id === undefined) anonymous++;
        else if (ids.has(id.key)) return { ok: false, problem: `page ${pageNo}: ${id.key} listed twice (rows shifted while paging)` };
        else ids.add(id.key);
        keptOut.push({ page: pageNo, rowNo: r.index + 1, id: id?.id, raw: r.raw, reason: r.reason });
        firstRejected ??= { page: pageNo, row: r.index + 1, ...(id ? { idField: id.field, rowId: id.id } : {}), reason: r.reason };
      }
      await rejects.append(keptOut);
      await file.appendLines(lines.lines);
      options.onPage?.(page.listed);
      // A short or empty page ends the listing; `offset` (pages) is never trusted on its own.
      if (page.listed < options.pageSize) break;
      if (pageNo > Math.ceil(total / options.pageSize) + 1) return { ok: false, problem: `full pages beyond the total ${total} (page ${pageNo})` };
    }
    if (total === undefined) return { ok: false, problem: 'no page was read' };
    const rejected = rejects.count;
    if (ids.size + anonymous !== total) {
      const read = rejected > 0 ? `${ids.size + anonymous - rejected} distinct ids and kept out ${rejected} rows` : `${ids.size} distinct ids`;
      return { ok: false, problem: `read ${read} but the total is ${total}` };
    }
    await file.finish();
    return { ok: true, total, pages, rejected, firstRejected };
  } finally {
    await file.close();
    await rejects.close();
  }
}

/** The verification key of a listed row (`tx` id, `cash_in:` / `cash_out:` id), its id and id field, when it has one. */
function idOf(stream: SyncWindow['stream'], row: unknown): { key: string; id: string; field: string } | undefined {
  if (typeof row !== 'object' || row === null) return undefined;
  const r = row as Record<string, unknown>;
  const text = (v: unknown) => (typeof v === 'string' && v !== '' ? v : typeof v === 'number' ? String(v) : undefined);
  if (stream === 'transactions') {
    const id = text(r['transaction_id']);
    return id === undefined ? undefined : { key: id, id, field: 'transaction_id' };
  }
  const cashIn = text(r['cash_in_id']);
  const cashOut = text(r['cash_out_id']);
  if (cashIn !== undefined) return { key: `cash_in:${cashIn}`, id: cashIn, field: 'cash_in_id' };
  return cashOut === undefined ? undefined : { key: `cash_out:${cashOut}`, id: cashOut, field: 'cash_out_id' };
}

/** The window's bounds as strict ISO text: rows in that shape are placed by comparing text, not parsing. */
interface IsoBounds {
  start: string | undefined;
  end: string | undefined;
}

function boundsOf(window: SyncWindow): IsoBounds {
  return { start: strictIsoOf(window.startMs), end: strictIsoOf(window.endMs) };
}

/**
 * Rows reach here validated (schemas.ts), so their instants are valid ISO text; a valid one of 24
 * characters ending in Z can only be the strict `YYYY-MM-DDTHH:mm:ss.sssZ` form, which sorts as time.
 */
function isInside(at: string, window: SyncWindow, bounds: IsoBounds): boolean {
  if (bounds.start !== undefined && bounds.end !== undefined && at.length === 24 && at.charCodeAt(23) === 90) return at >= bounds.start && at < bounds.end;
  const ms = Date.parse(at);
  return ms >= window.startMs && ms < window.endMs;
}

function checkTransactions(rows: ApiTransaction[], window: SyncWindow, bounds: IsoBounds, ids: Set<string>): string | undefined {
  const status = window.status;
  for (const row of rows) {
    const id = row.transaction_id;
    const before = ids.size;
    ids.add(id);
    if (ids.size === before) return `transaction ${id} listed twice (rows shifted while paging)`;
    if (!isInside(row.date_created, window, bounds)) return `transaction ${id} date_created ${row.date_created} lies outside the window`;
    if (status && row.status !== status) return `transaction ${id} has status ${row.status}, not ${status}`;
  }
  return undefined;
}

function checkOperations(rows: ApiOperation[], window: SyncWindow, bounds: IsoBounds, ids: Set<string>): string | undefined {
  for (const row of rows) {
    const id = 'cash_in_id' in row ? `cash_in:${row.cash_in_id}` : `cash_out:${row.cash_out_id}`;
    if (ids.has(id)) return `operation ${id} listed twice (rows shifted while paging)`;
    ids.add(id);
    if (!isInside(row[window.field], window, bounds)) return `operation ${id} ${window.field} ${row[window.field]} lies outside the window`;
  }
  return undefined;
}

function sleep(ms: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, ms));
}
