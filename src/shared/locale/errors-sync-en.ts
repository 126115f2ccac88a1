// The English sentences of the errors of the payments service and the sync: an answer that is not what
// the service documents, a service that cannot be reached or keeps failing, a listing that never
// settles, and a backfill stopped by Ctrl-C.
import type { ErrorCatalogue } from './error-types.ts';
import type { BudgetReason, InstallmentProblem, SyncErrorParams } from './error-params-run.ts';
import { en } from './en.ts';
import { sayInterrupted } from './interrupted-text.ts';

const plural = (n: number) => (n === 1 ? '' : 's');

function budgetWhy(r: BudgetReason): string {
  if (r.kind === 'planning') return `planning probes for at most sync.maxWindows (${r.maxWindows}) windows`;
  if (r.kind === 'backfillPlanning') return `planning probes of the backfill for at most sync.maxWindows (${r.maxWindows}) runs`;
  return `${r.factor} x the ${r.pages} pages and ${r.windows} windows its plan implies, plus ${r.probes} planning probes and 2 x sync.maxIdLookups`;
}

function installmentWhat(p: InstallmentProblem): string {
  if (p.kind === 'notList') return `expected an array of 1 to 12 installment options: ${p.issue}`;
  if (p.kind === 'option') return `option ${p.index}: ${p.issue}`;
  if (p.kind === 'twice') return `option ${p.index}: installment ${p.installments} is listed twice`;
  return `option ${p.index}: interest_rate ${p.rate} has more than four decimals`;
}

export const syncErrorsEn: ErrorCatalogue<SyncErrorParams> = {
  apiNotJson: (p) => `${p.request}: 200 with a body that is not JSON (${p.body}) after ${p.attempts} attempt${plural(p.attempts)}`,
  apiRetryAfter: (p) => `${p.request}: 429 Too Many Requests with Retry-After ${p.seconds} s, longer than api.retry.maxRetryAfterMs (${p.maxMs} ms)`,
  apiGaveUp: (p) => `${p.request}: ${p.status} ${p.statusText} after ${p.attempts} attempt${plural(p.attempts)}`,
  apiStatus: (p) =>
    `${p.request}: ${p.status} ${p.statusText}${p.said}${
      p.address ? `; the address in ${p.address.key} (${p.address.origin}) has no such listing: check it and its path prefix` : ''
    }`,
  apiNetwork: (p) => `${p.request}: ${p.code} ${p.said}${p.attempts === undefined ? '' : ` after ${p.attempts} attempt${plural(p.attempts)}`}`,
  apiBodyTooLarge: (p) =>
    `${p.request}: the response ${p.announced === undefined ? `sent more than ${p.maxBytes} bytes` : `announces ${p.announced} bytes`}, more than api.maxBodyBytes (${p.maxBytes}); a listing page of 1000 rows is a few hundred KB, so the service is misbehaving (or raise api.maxBodyBytes)`,
  apiEnvelope: (p) => `${p.where}: response envelope ${p.issue}`,
  apiRow: (p) => `${p.where}: row ${p.row}${p.rowId === undefined ? '' : ` (${p.idField} ${p.rowId})`}: ${p.issue}`,
  apiCashInOut: (p) => `${p.where}: row ${p.row}: field cash_in_id/cash_out_id: expected exactly one of them, got ${p.both ? 'both' : 'neither'}`,
  operationAmount: (p) =>
    `${p.where}: ${p.who}: field ${p.field}: expected ${p.unit === 'cents' ? 'an integer number of cents' : 'reais with at most two decimals'} (sync.operationsAmountUnit = "${p.unit}"), got ${p.value}`,
  installmentsBroken: (p) => `${p.request}: ${installmentWhat(p.problem)}; the installment pricing broke the service's interface (its answer is not used)`,
  syncBudget: (p) =>
    `the sync sent ${p.sent} requests, more than its budget of ${p.allowed} (${budgetWhy(p.reason)}); the service keeps changing its answers or failing, so the run stops instead of sending requests without end (raise sync.requestBudgetFactor if the history is simply that busy)`,
  windowTooFull: (p) =>
    `${p.window} holds ${p.total} rows by the service's count, more than ${p.factor} x ${p.rowsPerWindow} (sync.pageSize x sync.windowPageBudget) in a window recon will not split further (sync.minWindowSeconds = ${p.minWindowSeconds}); a real listing never holds that many in so short a time, so the service is misbehaving (${p.request})`,
  filterIgnored: (p) =>
    `the service counts ${p.total} rows in ${p.window} and again ${p.first} and ${p.second} in its two halves: the total does not fall when the window is narrowed, so the service seems to ignore the ${p.field} filter (${p.request}); recon stops instead of sending requests without end`,
  tooManyWindows: (p) =>
    `the service's counts would split this run into more than ${p.maxWindows} windows (sync.maxWindows); the last one split was ${p.window} with ${p.total} rows; check the service, or raise sync.maxWindows for a history that large`,
  windowNeverSettled: (p) => `${p.window} never settled after ${p.attempts} reads: ${p.detail}; raise sync.maxWindowAttempts or run again later`,
  totalStillMoving: (p) => `${p.window}: total still moving after ${p.rounds} verification passes (${p.read} read, now ${p.now}); run again later`,
  lookupNeverAnswered: (p) => `look-up of transaction ${p.transactionId} by id never gave one answer in ${p.attempts} reads: ${p.detail}; run again later`,
  backfillInterrupted: (p) => sayInterrupted(en.interrupted, p),
};
