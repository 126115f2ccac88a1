// The payments-API seam: listing pages of transactions and operations, checked against the schemas.
// Each product area has its own base URL (operations may live elsewhere), each with a keep-alive pool.
import type { ApiOperation, ApiTransaction } from '../shared/tables.ts';
import type { Logger } from '../shared/log.ts';
import type { ApiConfig } from '../config/schema.ts';
import { JsonClient, RateLimiter, shownQuery, type QueryParams, type RetryPolicy } from './http.ts';
import { checkInstallmentOptions, type InstallmentOption } from './installments.ts';
import { withRefusedIds } from './refused-ids.ts';
import { checkOperationsPage, checkTransactionsPage, type CheckedPage, type CheckOptions } from './validate.ts';

export { queryString, shownQuery, type QueryParams } from './http.ts';
export { checkOperationsPage, checkTransactionsPage } from './validate.ts';
export type { InstallmentOption } from './installments.ts';

interface ListQuery {
  /** Filters in order, e.g. [['date_created', '>=1700000000000'], ['date_created', '<1700086400000']]. */
  filters: QueryParams;
  /** Page size (`count`), at most 1000. */
  count: number;
}

export interface ListPage<Row> extends CheckedPage<Row> {
  /** The body as text. */
  text: string;
  /** The body's bytes as received: staged and archived without re-serialising. */
  bytes: Buffer;
  attempts: number;
}

export interface PaymentsApi {
  /** A page of the listing; a row that breaks the schema fails it, or with `keepOut` is listed in `rejected`. */
  listTransactionsPage(query: ListQuery, page: number, options?: CheckOptions): Promise<ListPage<ApiTransaction>>;
  listOperationsPage(query: ListQuery, page: number, options?: CheckOptions): Promise<ListPage<ApiOperation>>;
  /** GET /v1/installments: the price of `netValueCents` (at least 100) with a `brand` card, per installment count. */
  listInstallments(netValueCents: number, brand: string): Promise<InstallmentOption[]>;
  /** Requests sent and retries made so far (both areas). */
  counters(): { requests: number; retries: number };
}

/** 64 MiB: a page of 1000 rows is a few hundred KB. */
const DEFAULT_MAX_BODY_BYTES = 64 * 1024 * 1024;

export interface PaymentsApiOptions {
  baseUrl: string;
  operationsBaseUrl?: string | undefined;
  apiKey: string;
  timeoutMs: number;
  /** Largest response body accepted (default DEFAULT_MAX_BODY_BYTES). */
  maxBodyBytes?: number | undefined;
  retry: RetryPolicy;
  requestsPerSecond?: number | undefined;
  logger?: Logger | undefined;
  random?: () => number;
}

export function createPaymentsApi(options: PaymentsApiOptions): PaymentsApi & { close(): Promise<void> } {
  const limiter = options.requestsPerSecond ? new RateLimiter(options.requestsPerSecond) : undefined;
  const common = {
    apiKey: options.apiKey,
    timeoutMs: options.timeoutMs,
    maxBodyBytes: options.maxBodyBytes ?? DEFAULT_MAX_BODY_BYTES,
    retry: options.retry,
    limiter,
    logger: options.logger,
    ...(options.random ? { random: options.random } : {}),
  };
  const cards = new JsonClient({ origin: originOf(options.baseUrl), addressKey: 'api.baseUrl (or RECON_BASE_URL)', ...common });
  const opsBase = options.operationsBaseUrl ?? options.baseUrl;
  const ops =
    opsBase === options.baseUrl
      ? cards
      : new JsonClient({ origin: originOf(opsBase), addressKey: 'api.operationsBaseUrl (or RECON_OPERATIONS_BASE_URL)', ...common });
  const prefix = (base: string) => new URL(base).pathname.replace(/\/$/, '');
  const cardsPrefix = prefix(options.baseUrl);
  const opsPrefix = prefix(opsBase);

  return {
    async listTransactionsPage(query, page, options) {
      const params = [...query.filters, ['count', query.count], ['page', page]] as const;
      const response = withRefusedIds(await cards.get(`${cardsPrefix}/v1/transactions`, params));
      const checked = checkTransactionsPage(response.value, `GET /v1/transactions${shownQuery(params)}`, options);
      return { ...checked, text: response.text, bytes: response.bytes, attempts: response.attempts };
    },
    async listOperationsPage(query, page, options) {
      const params = [...query.filters, ['count', query.count], ['page', page]] as const;
      const response = await ops.get(`${opsPrefix}/v1/operations`, params);
      const checked = checkOperationsPage(response.value, `GET /v1/operations${shownQuery(params)}`, options);
      return { ...checked, text: response.text, bytes: response.bytes, attempts: response.attempts };
    },
    async listInstallments(netValueCents, brand) {
      const params = [
        ['net_value', netValueCents],
        ['card_brand', brand],
      ] as const;
      const response = await cards.get(`${cardsPrefix}/v1/installments`, params);
      return checkInstallmentOptions(response.value, `GET /v1/installments${shownQuery(params)}`);
    },
    counters() {
      const both = ops === cards ? [cards] : [cards, ops];
      return { requests: both.reduce((n, c) => n + c.requests, 0), retries: both.reduce((n, c) => n + c.retries, 0) };
    },
    async close() {
      await cards.close();
      if (ops !== cards) await ops.close();
    },
  };
}

/** The client as the config describes it (api.*), for a base URL and key resolved by the caller. */
export function paymentsApiFromConfig(api: ApiConfig, baseUrl: string, apiKey: string, logger?: Logger): PaymentsApi & { close(): Promise<void> } {
  return createPaymentsApi({
    baseUrl,
    operationsBaseUrl: api.operationsBaseUrl,
    apiKey,
    timeoutMs: api.timeoutMs,
    maxBodyBytes: api.maxBodyBytes,
    retry: api.retry,
    requestsPerSecond: api.requestsPerSecond,
    logger,
  });
}

function originOf(base: string): string {
  return new URL(base).origin;
}
