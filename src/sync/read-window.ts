// Reads one listing window page by page into a staged JSON-array file and proves it complete: the
// total never moved while paging, no id came twice, every row lies inside the window, and the distinct
// ids equal the total. Anything else is drift: the window is read again (bounded), then fails loudly.
import { ReconError } from '../shared/errors.ts';
import type { Logger } from '../shared/log.ts';
import type { ApiOperation, ApiTransaction } from '../shared/domain.ts';
import type { ListPage, PaymentsApi } from '../api/index.ts';
import { describeWindow, filtersOf, type SyncWindow } from './windows.ts';
import { openStageFile, rowLinesBytes, rowLinesText } from './stage-file.ts';
import { strictIsoOf } from '../api/fast-check.ts';
import { stageRowsOfOperations, type AmountUnit } from './operation-rows.ts';

export interface WindowReadOptions {
  pageSize: number;
  maxAttempts: number;
  operationsAmountUnit: AmountUnit;
  /** File the verified rows are written to (NDJSON), overwritten per attempt. */
  file: string;
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
}

type AnyPage = ListPage<ApiTransaction> | ListPage<ApiOperation>;

export async function readWindow(
  deps: { api: PaymentsApi; logger: Logger },
  window: SyncWindow,
  options: WindowReadOptions,
): Promise<WindowRead> {
  let lastProblem = '';
  for (let attempt = 1; attempt <= options.maxAttempts; attempt++) {
    const outcome = await readOnce(deps.api, window, options);
    if (outcome.ok) return { window, total: outcome.total, rows: outcome.total, pages: outcome.pages, attempts: attempt, file: options.file };
    lastProblem = outcome.problem;
    deps.logger.event('sync.window.drift', { window: describeWindow(window), attempt, problem: lastProblem });
    if (attempt < options.maxAttempts) await sleep((options.driftPauseMs ?? 100) * attempt);
  }
  throw new ReconError('drift', `${describeWindow(window)} never settled after ${options.maxAttempts} reads: ${lastProblem}; raise sync.maxWindowAttempts or run again later`, {
    details: { window },
  });
}

/** Page 1 with count=1: the window's current total, for planning and the final verification pass. */
export async function probeTotal(api: PaymentsApi, window: SyncWindow): Promise<number> {
  const query = { filters: filtersOf(window), count: 1 };
  const page = window.stream === 'transactions' ? await api.listTransactionsPage(query, 1) : await api.listOperationsPage(query, 1);
  return page.total;
}

type Outcome = { ok: true; total: number; pages: number } | { ok: false; problem: string };

async function readOnce(api: PaymentsApi, window: SyncWindow, options: WindowReadOptions): Promise<Outcome> {
  const query = { filters: filtersOf(window), count: options.pageSize };
  const ids = new Set<string>();
  const bounds = boundsOf(window);
  const file = await openStageFile(options.file);
  try {
    let total: number | undefined;
    let pages = 0;
    for (let pageNo = 1; ; pageNo++) {
      pages = pageNo;
      const page: AnyPage =
        window.stream === 'transactions' ? await api.listTransactionsPage(query, pageNo) : await api.listOperationsPage(query, pageNo);
      if (total === undefined) total = page.total;
      else if (page.total !== total) return { ok: false, problem: `total changed from ${total} to ${page.total} at page ${pageNo}` };
      const problem = window.stream === 'transactions' ? checkTransactions(page.rows as ApiTransaction[], window, bounds, ids) : checkOperations(page.rows as ApiOperation[], window, bounds, ids);
      if (problem) return { ok: false, problem: `page ${pageNo}: ${problem}` };
      if (page.rows.length > 0) {
        const lines =
          window.stream === 'transactions'
            ? (rowLinesBytes(page.bytes, 'transactions', page.rows.length) ?? rowLinesText(page.text, 'transactions', page.rows))
            : operationLines(stageRowsOfOperations(page.rows as ApiOperation[], options.operationsAmountUnit, `page ${pageNo} of ${describeWindow(window)}`));
        await file.appendLines(lines);
      }
      options.onPage?.(page.rows.length);
      // A short or empty page ends the listing; `offset` (pages) is never trusted on its own.
      if (page.rows.length < options.pageSize) break;
      if (pageNo > Math.ceil(total / options.pageSize) + 1) return { ok: false, problem: `full pages beyond the total ${total} (page ${pageNo})` };
    }
    if (total === undefined) return { ok: false, problem: 'no page was read' };
    if (ids.size !== total) return { ok: false, problem: `read ${ids.size} distinct ids but the total is ${total}` };
    await file.finish();
    return { ok: true, total, pages };
  } finally {
    await file.close();
  }
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

function operationLines(rows: readonly unknown[]): string {
  return rows.map((row) => JSON.stringify(row)).join('\n');
}

function sleep(ms: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, ms));
}
