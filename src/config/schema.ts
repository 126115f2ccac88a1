// The one config schema. Parsed once per run; every default lives here so a missing file still means
// a complete, documented configuration.
import { z } from 'zod';
import { isValidZone } from '../shared/business-day.ts';
import { LOCALES } from '../shared/locale/index.ts';
import type { ServiceUrlProblem } from '../shared/locale/error-params-cli.ts';
import { serviceUrlProblemEn } from '../shared/locale/errors-config-en.ts';
import { FINDING_CATEGORIES, type FindingCategory } from '../shared/domain.ts';
import { bankSchema, settlementSchema } from './bank-schema.ts';

export const ORDER_STATUSES = ['paid', 'pending', 'canceled', 'refunded'] as const;
export type OrderStatus = (typeof ORDER_STATUSES)[number];

const retrySchema = z.strictObject({
  maxAttempts: z.int().min(1).max(20).default(5),
  baseDelayMs: z.int().min(0).max(60_000).default(250),
  maxDelayMs: z.int().min(0).max(300_000).default(15_000),
  /** Longest Retry-After the client will honour before giving up on the request. */
  maxRetryAfterMs: z.int().min(0).max(3_600_000).default(60_000),
});

/**
 * Why a service address may not carry the API key, or undefined when it may: only https, except on
 * loopback (the built-in sandbox, tests), where nothing leaves the machine.
 */
export function serviceUrlProblemOf(text: string): ServiceUrlProblem | undefined {
  let url: URL;
  try {
    url = new URL(text);
  } catch {
    return { kind: 'notUrl', got: text };
  }
  if (url.protocol === 'https:') return undefined;
  if (url.protocol === 'http:' && isLoopbackHost(url.hostname)) return undefined;
  if (url.protocol === 'http:') return { kind: 'plainHttp', host: url.host };
  return { kind: 'scheme', protocol: url.protocol };
}

function isLoopbackHost(host: string): boolean {
  return host === 'localhost' || host === '[::1]' || /^127\.\d{1,3}\.\d{1,3}\.\d{1,3}$/.test(host);
}

const serviceUrl = z.string().superRefine((text, ctx) => {
  const problem = serviceUrlProblemOf(text);
  // The problem rides along as a fact, so that the config error words it in the locale.
  if (problem) ctx.addIssue({ code: 'custom', message: serviceUrlProblemEn(problem), params: { serviceUrl: problem } });
});

const apiSchema = z.strictObject({
  baseUrl: serviceUrl.optional(),
  operationsBaseUrl: serviceUrl.optional(),
  /** Bounds each whole request, headers and body (a body trickled a byte a second fails at the deadline). */
  timeoutMs: z.int().min(100).max(600_000).default(30_000),
  /** The largest response body accepted (64 MiB); a larger one is cut and fails the request. */
  maxBodyBytes: z
    .int()
    .min(1024)
    .max(2 ** 31)
    .default(64 * 1024 * 1024),
  retry: retrySchema.prefault({}),
  /** Cap on requests per second across all windows; unset means no cap. */
  requestsPerSecond: z.number().positive().optional(),
});

const MIN_MEMORY_BYTES = 32 * 1000 ** 2;
export const DEFAULT_MEMORY_LIMIT = '512MB';
const SIZE_UNITS: Readonly<Record<string, number>> = { kb: 1e3, mb: 1e6, gb: 1e9, kib: 2 ** 10, mib: 2 ** 20, gib: 2 ** 30 };

/** Bytes of a DuckDB size setting such as "192MB" (DuckDB's own units: MB is 1000^2, MiB 1024^2). */
export function bytesOfSize(text: string): number {
  const match = /^(\d+(?:\.\d+)?)\s*([a-z]+)$/i.exec(text.trim());
  return match ? Number(match[1]) * (SIZE_UNITS[(match[2] as string).toLowerCase()] ?? 0) : 0;
}

const warehouseSchema = z.strictObject({
  path: z.string().min(1).default('data/recon.duckdb'),
  /** File mode of the warehouse file, octal text such as "0600". */
  fileMode: z
    .string()
    .regex(/^0?[0-7]{3}$/)
    .default('0600'),
  /**
   * The memory the whole process may use, e.g. "512MB", held by every step. DuckDB gets all of it but
   * what Node keeps for itself (warehouse/memory-limit.ts) and spills to <warehouse>.tmp beyond that.
   */
  memoryLimit: z
    .string()
    .regex(/^\d+(\.\d+)?\s*(KB|MB|GB|KiB|MiB|GiB)$/i, { message: 'expected a size such as "192MB" or "1GB"' })
    .refine((text) => bytesOfSize(text) >= MIN_MEMORY_BYTES, { message: 'expected at least "32MB": DuckDB cannot load a file of orders in less' })
    .default(DEFAULT_MEMORY_LIMIT),
  /** DuckDB's worker threads; default: one per core. */
  threads: z.int().min(1).max(256).optional(),
  /**
   * How long a command that writes waits for the warehouse while another process holds it (a night
   * still running, recon serve's brief read), saying once whom it waits for; past it, exit 1 naming the
   * holder. Long enough for a night started by hand a minute before cron's, short enough that a stuck
   * night is reported the same morning.
   */
  lockWaitSeconds: z.number().min(0).max(86_400).default(30),
});

const syncSchema = z.strictObject({
  lookbackDays: z.int().min(0).max(3650).default(7),
  sweepDays: z.int().min(0).max(3650).default(180),
  /**
   * How far before the night the backfill of older sales may read, in days: the cash forecast needs every
   * sale that still has an installment due (firstInstallmentDays + 330 days back with 12 installments), and
   * the nightly re-reads only lookbackDays. 0 turns the backfill off (the forecast then says which days are partial).
   */
  backfillDays: z.int().min(0).max(3650).default(400),
  settleMinutes: z.int().min(0).max(1440).default(10),
  concurrency: z.int().min(1).max(64).default(4),
  /** Page size sent as `count`; the service allows at most 1000. */
  pageSize: z.int().min(1).max(1000).default(1000),
  /** A window holding more rows than this many pages is split in two. */
  windowPageBudget: z.int().min(1).max(10_000).default(50),
  /** How many times a window that drifted is re-read before the sync fails. */
  maxWindowAttempts: z.int().min(1).max(20).default(4),
  /**
   * Most transactions a run reads again by id (held in review, refunded or chargeback but no longer
   * listed by the sweep that showed them); a run that needs more fails, naming this setting.
   */
  maxIdLookups: z.int().min(0).max(1_000_000).default(5000),
  /** A window is never split below this (a minute): one holding more than its page budget then fails the run. */
  minWindowSeconds: z.int().min(1).max(86_400).default(60),
  /** Most windows one run may plan. */
  maxWindows: z.int().min(1).max(1_000_000).default(2_000),
  /**
   * Requests a run may send: this many times the pages its windows' totals imply (plus its planning,
   * verification and look-ups); past it the run fails. No loop of the sync can then run without end.
   */
  requestBudgetFactor: z.number().min(1).max(100).default(4),
  /** Unit of the operations listing's amounts: decimal reais (the spec) or integer cents. */
  operationsAmountUnit: z.enum(['reais', 'cents']).default('reais'),
  /** When set, each run's raw pages are kept here as gzip NDJSON for audit and `recon sync --replay`. */
  rawPagesDir: z.string().min(1).optional(),
});

// No zod defaults here: a partial `orders.csv` must override only the keys it names on top of the preset.
// The defaults (",", '"', ".", "", "utf-8", 0) are applied by resolveOrdersConfig (src/imports/resolve-config.ts).
const csvSchema = z.strictObject({
  delimiter: z.string().min(1).max(1),
  quote: z.string().min(1).max(1),
  decimal: z.enum(['.', ',']),
  thousands: z.enum(['', '.', ',', ' ']),
  encoding: z.enum(['utf-8', 'latin-1', 'windows-1252']),
  /** Lines above the header (a report title, a blank line) to skip; 0 looks for the header in the first lines. */
  skipRows: z.int().min(0).max(1000),
});

/**
 * What one order export may cost before it is refused as a whole (exit 2, nothing of it committed).
 * recon runs unattended on files other systems write: a 1 MB workbook must not inflate to gigabytes.
 */
const limitsSchema = z.strictObject({
  /** XLSX and Parquet: bytes a file may decompress to, as a multiple of its size on disk... */
  decompressedRatio: z.number().min(1).max(100_000).default(50),
  /** ...and never more than this many bytes, whatever the file's size (1 GiB). */
  maxDecompressedBytes: z
    .int()
    .min(1)
    .default(1024 * 1024 * 1024),
  /** Data rows (records, array elements) in one file. */
  maxRows: z.int().min(1).default(5_000_000),
  /** Characters of an id cell (item_id, transaction_id, nsu, authorization_code); a longer one keeps its row out. */
  maxIdLength: z.int().min(1).max(1_000_000).default(256),
  /** Characters of any other cell; a longer one keeps its row out. */
  maxTextLength: z.int().min(1).max(1_000_000).default(4096),
  /** JSON/NDJSON: how deeply arrays and objects may nest (the array of orders counts as one level). */
  maxJsonDepth: z.int().min(2).max(10_000).default(64),
  /** XLSX: entries in the workbook's zip. */
  maxZipEntries: z.int().min(1).max(1_000_000).default(10_000),
});

const columnsSchema = z.strictObject({
  item_id: z.string().min(1),
  amount: z.string().min(1),
  status: z.string().min(1),
  created_at: z.string().min(1),
  transaction_id: z.string().min(1).optional(),
  nsu: z.string().min(1).optional(),
  authorization_code: z.string().min(1).optional(),
  customer_document_number: z.string().min(1).optional(),
  customer_name: z.string().min(1).optional(),
});

const ordersSchema = z.strictObject({
  /** Path of the day's export; `{date}` is replaced with the business date. */
  path: z.string().min(1).optional(),
  format: z.enum(['csv', 'xlsx', 'json', 'ndjson', 'parquet']).optional(),
  /** A named shop-platform export layout; explicit keys below override it. */
  preset: z.string().min(1).optional(),
  csv: csvSchema.partial().optional(),
  columns: columnsSchema.partial().optional(),
  amountUnit: z.enum(['reais', 'cents']).optional(),
  dateFormat: z.string().min(1).optional(),
  statusMap: z.record(z.string(), z.enum(ORDER_STATUSES)).optional(),
  /** XLSX only: the sheet to read (name); the first sheet by default. */
  sheet: z.string().min(1).optional(),
  /**
   * A night whose import kept out more than this share of its order rows stops before reconciling (a
   * broken export would otherwise turn every payment into a false finding).
   */
  maxRejectedShare: z.number().min(0).max(1).default(0.01),
  /**
   * Reads again only the records that changed since the last import (docs/architecture.md): a record the
   * last imported file loaded, the same under the same reading, is neither split, typed nor staged again.
   * false: every record of every file is read, typed and compared as if none had been seen.
   */
  incremental: z.boolean().default(true),
  limits: limitsSchema.prefault({}),
});

/**
 * Days a finding of each category may stay unresolved after the night it was first seen before it is
 * overdue (docs/triage.md says why each default is what it is).
 */
const DEFAULT_SLA_DAYS: Readonly<Record<FindingCategory, number>> = Object.freeze({
  missing_payment: 2,
  unmatched_payment: 3,
  amount_mismatch: 5,
  duplicate_charge: 2,
  refund_owed: 7,
  refund_not_recorded: 5,
  chargeback_open: 7,
  stale_review: 2,
  order_status_behind: 2,
  cashin_amount_mismatch: 5,
  cashout_failed: 1,
  cashout_stale_pending: 2,
  cashout_short: 3,
  fee_mismatch: 10,
  notification_missed: 3,
  notification_contradicted: 3,
  payout_not_in_bank: 2,
  payout_amount_differs: 3,
  bank_credit_unexplained: 5,
});

const slaDaysSchema = z.strictObject(
  Object.fromEntries(FINDING_CATEGORIES.map((c) => [c, z.int().min(0).max(3650).default(DEFAULT_SLA_DAYS[c])])) as Record<
    FindingCategory,
    z.ZodDefault<z.ZodInt>
  >,
);

const reconcileSchema = z.strictObject({
  compareAmount: z.enum(['net_value', 'paid_amount', 'authorized_amount']).default('net_value'),
  amountToleranceCents: z.int().min(0).default(0),
  boundaryMinutes: z
    .int()
    .min(0)
    .max(24 * 60)
    .default(60),
  reviewStaleHours: z.number().min(0).default(48),
  payoutStaleHours: z.number().min(0).default(48),
  /** Deadline per finding category, in days after first seen (DEFAULT_SLA_DAYS for the ones not named). */
  slaDays: slaDaysSchema.prefault({}),
});

/**
 * The fee check (fee_mismatch): each card sale's charged amount against the service's installment
 * pricing. Off by default: a merchant that absorbs the fees charges the net value, and every sale would
 * be flagged; a merchant that passes them on to the customer turns it on.
 */
const feesSchema = z.strictObject({
  check: z.enum(['off', 'passed-to-customer']).default('off'),
  /** A charge this many cents or fewer from the price is no finding (the price of a net value never
   *  asked is derived from the brand's rates, which may round a cent differently than the service). */
  toleranceCents: z.int().min(0).max(1_000_000).default(1),
  /** GET /v1/installments requests a night may send (two per brand when its pricing is proportional,
   *  else one per distinct net value); sales past it are left unchecked, and the summary says how many. */
  maxCallsPerNight: z.int().min(0).max(100_000).default(200),
});

/** `recon receive`, the receiver of the service's status notifications. */
const notificationsSchema = z.strictObject({
  /**
   * Whether every status change is expected to be notified (the shop sets postback_url on its sales):
   * then a refund, chargeback or review decision the listing shows without a notification within
   * retrySpanHours is a notification_missed. Off by default: not every merchant sets postback_url.
   */
  expected: z.boolean().default(false),
  /** How long the service keeps retrying a notification (3 x 1 min, 3 x 5 min, 25 x 60 min: about 26 h). */
  retrySpanHours: z
    .number()
    .min(1)
    .max(24 * 30)
    .default(26),
  /**
   * How long after a notification's date_updated the listing may still lack the transaction it names
   * (notification_contradicted): the night whose day holds that instant judges it against the listing.
   */
  contradictionGraceHours: z
    .number()
    .min(1)
    .max(24 * 30)
    .default(24),
  /** The largest notification body accepted (a v1 postback is about 1 KB). */
  maxBodyBytes: z.int().min(1024).max(1_048_576).default(65_536),
  /** Signed requests accepted per second; past it the answer is 429 and the service retries. */
  maxPerSecond: z.int().min(1).max(10_000).default(50),
  /**
   * Requests that fail the origin check, per second: a budget of their own, charged only after the
   * check, so that an unsigned flood (one address behind the shop's TLS proxy) never spends the signed
   * budget and the service's genuine deliveries are never answered 429 because of it.
   */
  maxUnsignedPerSecond: z.int().min(1).max(10_000).default(5),
  /**
   * Delivery identities the receiver remembers (for 3 days, the oldest forgotten first) to answer a
   * retry "already kept" without keeping it again. One it forgot is kept twice in the inbox and folded
   * once (the fold is idempotent on the identity), so the bound costs a line, never a delivery.
   */
  maxRememberedDeliveries: z.int().min(100).max(1_000_000).default(50_000),
  inbox: z
    .strictObject({
      /**
       * The largest the inbox may grow between two folds, bytes. Past it the receiver answers 503 with
       * Retry-After, and the service retries for about 26 h: refusing loses nothing a night folds in that
       * time, where keeping everything once made the next night read 125 MiB into memory and fail. 16 MiB
       * is some 16,000 ordinary 1 KB postbacks (a day of a merchant of about 5,000 sales), and a fold of a
       * few seconds. At least 8 MiB, so that a line of the largest body (maxBodyBytes, escaped) always fits an empty inbox.
       */
      maxBytes: z.int().min(8_388_608).max(4_294_967_296).default(16_777_216),
      /**
       * The oldest a delivery may wait in the inbox for a night to fold it, days. Past it (no night has
       * folded for that long) the receiver answers 503 as when the inbox is full: nothing kept is dropped,
       * and an inbox no night reads stops growing.
       */
      maxAgeDays: z.int().min(1).max(365).default(7),
    })
    .prefault({}),
});

const reportsSchema = z.strictObject({
  outDir: z.string().min(1).default('data/reports'),
  maskDocuments: z.boolean().default(true),
  csvDialect: z.enum(['rfc4180', 'br']).default('rfc4180'),
  /**
   * The language of everything a person reads: workbooks, the night summary, the page's labels. CSV
   * keys and values, category keys, summary.json and the warehouse stay the same in every locale.
   */
  locale: z.enum(LOCALES).default('pt-BR'),
  fileMode: z
    .string()
    .regex(/^0?[0-7]{3}$/)
    .default('0600'),
});

const sizeText = z.string().regex(/^\d+(\.\d+)?\s*(KB|MB|GB|KiB|MiB|GiB)$/i, { message: 'expected a size such as "192MB" or "1GB"' });

/** `recon sql`'s bounds: SQL a person types must end, and must not fill the disk (docs/warehouse.md). */
const sqlSchema = z.strictObject({
  /** A statement still running after this many seconds is interrupted (DuckDB has no timeout of its own). */
  timeoutSeconds: z.int().min(1).max(86_400).default(60),
  /** The temporary disk a statement may spill to (DuckDB's own cap is 90% of the free disk). */
  maxSpill: sizeText.default('1GB'),
});

/** The triage journal's bounds (docs/triage.md#bounds). */
const triageSchema = z.strictObject({
  /** Past this size the journal takes no new events, and readers read no further. */
  journalMaxBytes: sizeText.default('64MiB'),
  /** Readers parse at most this many lines of the journal; the rest are counted, not read. */
  journalMaxLines: z.int().min(1000).max(100_000_000).default(2_000_000),
});

const ALERT_EVENTS = ['new', 'overdue', 'failed'] as const;
const alertOnSchema = z
  .array(z.enum(ALERT_EVENTS))
  .min(1)
  .default([...ALERT_EVENTS]);

/** A webhook address may carry a secret in its path (Slack's do): https only, except on loopback. */
const webhookUrl = z.string().superRefine((text, ctx) => {
  let url: URL | undefined;
  try {
    url = new URL(text);
  } catch {
    // reported below
  }
  if (url?.protocol === 'https:' || (url?.protocol === 'http:' && isLoopbackHost(url.hostname))) return;
  ctx.addIssue({
    code: 'custom',
    // Never the path: a webhook's path is its secret (Slack's names the workspace and channel).
    message: `expected an https:// address (http:// only on loopback), got ${url ? `"${url.protocol}//${url.host}/..."` : 'text that is not a URL'}`,
  });
});

const alertsSchema = z.strictObject({
  /** Slack-compatible incoming webhooks, and what each is told of: new findings, newly overdue ones, a failed night. */
  webhooks: z
    .array(z.strictObject({ url: webhookUrl, on: alertOnSchema }))
    .max(20)
    .default([]),
  email: z
    .strictObject({
      host: z.string().min(1),
      port: z.int().min(1).max(65535).default(587),
      /** starttls: upgrade a plain connection (port 587); implicit: TLS from the start (465); none: loopback relays only. */
      tls: z.enum(['starttls', 'implicit', 'none']).default('starttls'),
      user: z.string().min(1).optional(),
      /** The NAME of the environment variable holding the SMTP password; the password itself never goes in the config. */
      passwordEnv: z
        .string()
        .regex(/^[A-Za-z_][A-Za-z0-9_]*$/, { message: 'expected the name of an environment variable, e.g. "RECON_SMTP_PASSWORD"' })
        .optional(),
      from: z.string().min(3),
      to: z.array(z.string().min(3)).min(1).max(50),
      on: alertOnSchema,
    })
    // Without TLS the login and password cross the network in clear: only a relay on this machine may.
    .refine((email) => email.tls !== 'none' || isLoopbackHost(email.host) || (email.user === undefined && email.passwordEnv === undefined), {
      message:
        'expected tls "starttls" or "implicit" for a relay that logs in on another machine ("none" sends the password in clear; it is for a loopback relay)',
      path: ['tls'],
    })
    .optional(),
  /** The address finance opens the page at (recon serve), for the link to the night in each alert. */
  pageUrl: z.url().optional(),
  /** Bounds each delivery attempt (connect, send, answer). */
  timeoutMs: z.int().min(100).max(120_000).default(10_000),
  maxAttempts: z.int().min(1).max(10).default(4),
  /** First wait between attempts; doubles each time. */
  baseDelayMs: z.int().min(0).max(60_000).default(1000),
});

export const configSchema = z.strictObject({
  $schema: z.string().optional(),
  timezone: z.string().default('America/Sao_Paulo').refine(isValidZone, { message: 'expected an IANA time zone such as "America/Sao_Paulo"' }),
  api: apiSchema.prefault({}),
  warehouse: warehouseSchema.prefault({}),
  sync: syncSchema.prefault({}),
  orders: ordersSchema.prefault({}),
  reconcile: reconcileSchema.prefault({}),
  fees: feesSchema.prefault({}),
  notifications: notificationsSchema.prefault({}),
  bank: bankSchema.prefault({}),
  settlement: settlementSchema.prefault({}),
  reports: reportsSchema.prefault({}),
  alerts: alertsSchema.prefault({}),
  sql: sqlSchema.prefault({}),
  triage: triageSchema.prefault({}),
});

/** The parsed config is frozen (load.ts); the types say so, so that a change is a compile error. */
type Frozen<T> = T extends (...args: never[]) => unknown ? T : T extends object ? { readonly [K in keyof T]: Frozen<T[K]> } : T;

export type ReconConfig = Frozen<z.infer<typeof configSchema>>;
export type OrdersLimits = Frozen<z.infer<typeof limitsSchema>>;
export type ReconcileConfig = Frozen<z.infer<typeof reconcileSchema>>;
export type FeesConfig = Frozen<z.infer<typeof feesSchema>>;
export type NotificationsConfig = Frozen<z.infer<typeof notificationsSchema>>;
export type ApiConfig = Frozen<z.infer<typeof apiSchema>>;
export type AlertsConfig = Frozen<z.infer<typeof alertsSchema>>;
export type SqlConfig = Frozen<z.infer<typeof sqlSchema>>;
export type TriageConfig = Frozen<z.infer<typeof triageSchema>>;
export type BankConfig = Frozen<z.infer<typeof bankSchema>>;
export type SettlementConfig = Frozen<z.infer<typeof settlementSchema>>;
