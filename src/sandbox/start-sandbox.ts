// The built-in sandbox of the payments service: a seeded history, a real HTTP server speaking the
// service's interface (see server.ts and routes-post.ts for the routes), faults on purpose, the
// merchant's order exports and the ground truth of the injected discrepancies.
import { randomBytes } from 'node:crypto';
import type { AddressInfo } from 'node:net';
import type { Clock } from '../shared/clock.ts';
import { systemClock } from '../shared/clock.ts';
import { ReconError } from '../shared/errors.ts';
import { yesterdayIn } from '../shared/business-day.ts';
import { FaultPlan, resolveFaults, type FaultProfile, type FaultRates } from './faults.ts';
import { generateHistory } from './generate.ts';
import type { OlderSalesOptions } from './older-sales.ts';
import { SANDBOX_TIMEZONE, type SandboxHistory } from './model.ts';
import { Postbacks } from './postback.ts';
import { createSandboxServer } from './server.ts';
import { SandboxState } from './state.ts';

export { generateHistory } from './generate.ts';
export { writeOrdersExport, orderRowsFor, ORDER_COLUMNS, ORDER_EXPORT_FORMATS, type OrdersExportFormat } from './orders-export.ts';
export { groundTruthOf, writeGroundTruth } from './truth.ts';
export { parseFaultsFlag, type FaultRates } from './faults.ts';
export { SandboxState } from './state.ts';
export { SANDBOX_TIMEZONE } from './model.ts';
export { SANDBOX_MERCHANT, sandboxStatementPath } from './config-facts.ts';
export { writeStatementFiles } from './bank-files.ts';
export { SANDBOX_FINANCE_ACCEPTANCES, SANDBOX_FINANCE_ACTOR, type FinanceAcceptance } from './finance-acts.ts';

export interface SandboxOptions {
  port?: number;
  host?: string;
  history?: SandboxHistory;
  seed?: number;
  days?: number;
  perDay?: number;
  /** YYYY-MM-DD, last business day of the history; default yesterday in America/Sao_Paulo. */
  endDate?: string;
  discrepancyRate?: number;
  faults?: FaultProfile | Partial<FaultRates>;
  faultSeed?: number;
  /** The sandbox's now: listings show the state as of clock.now(). Default: real time. */
  clock?: Clock;
  /** Delays before each new attempt of a postback not answered 200 (default none: one attempt). */
  postbackRetryDelaysMs?: readonly number[];
  /** Where to notify the generated history's status changes as the clock passes them (default: nowhere). */
  notifyUrl?: string;
  /** Payouts to the merchant's own account and its bank statement (GenerateOptions.bankStatement). */
  bankStatement?: boolean;
  /** An older tail of installment card sales before the first day (GenerateOptions.olderSales). */
  olderSales?: OlderSalesOptions;
  /** The merchant acts on its findings, so that they resolve on later nights (GenerateOptions.resolutions). */
  resolutions?: boolean;
  /** The sandbox key to report (and sign notifications with the tail of); default a random test_ key. */
  apiKey?: string;
}

export interface RunningSandbox {
  url: string;
  /** A sandbox key the server accepts ('test_' + random tail). */
  apiKey: string;
  state: SandboxState;
  history: SandboxHistory;
  /** Resolves once every postback under way, retries included, has been delivered or given up. */
  drainPostbacks(): Promise<void>;
  close(): Promise<void>;
}

export async function startSandbox(options: SandboxOptions = {}): Promise<RunningSandbox> {
  const clock = options.clock ?? systemClock;
  const history =
    options.history ??
    generateHistory({
      seed: options.seed ?? 1,
      days: options.days ?? 30,
      perDay: options.perDay ?? 100,
      endDate: options.endDate ?? yesterdayIn(SANDBOX_TIMEZONE, clock.now()),
      ...(options.discrepancyRate === undefined ? {} : { discrepancyRate: options.discrepancyRate }),
      ...(options.bankStatement ? { bankStatement: true } : {}),
      ...(options.olderSales ? { olderSales: options.olderSales } : {}),
      ...(options.resolutions ? { resolutions: true } : {}),
    });
  const faults = new FaultPlan(resolveFaults(options.faults), options.faultSeed ?? history.seed);
  const state = new SandboxState(history, clock);
  if (faults.rates.lateVisibility > 0) {
    for (const tx of history.transactions) if (faults.isLate(tx.serial)) state.hidden.add(tx.serial);
  }
  const apiKey = options.apiKey ?? `test_${randomBytes(12).toString('hex')}`;
  const notifyTo = options.notifyUrl === undefined ? undefined : { url: options.notifyUrl, signature: apiKey.slice('test_'.length) };
  const postbacks = new Postbacks(state, options.postbackRetryDelaysMs, notifyTo);
  const server = createSandboxServer(state, faults);
  const host = options.host ?? '127.0.0.1';
  await new Promise<void>((resolve, reject) => {
    server.once('error', (error: NodeJS.ErrnoException) =>
      reject(new ReconError('usage', { id: 'sandboxListen', host, port: options.port ?? 0, why: error.code ?? error.message }, { cause: error })),
    );
    server.listen(options.port ?? 0, host, () => resolve());
  });
  const { port } = server.address() as AddressInfo;
  let closed: Promise<void> | undefined;
  return {
    url: `http://${host.includes(':') ? `[${host}]` : host}:${port}`,
    apiKey,
    state,
    history,
    drainPostbacks: () => postbacks.drain(),
    close() {
      closed ??= (async () => {
        const done = new Promise<void>((resolve) => server.close(() => resolve()));
        server.closeAllConnections();
        await done;
        await postbacks.drain();
      })();
      return closed;
    },
  };
}
