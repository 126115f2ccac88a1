// Listing rows as JSON text, written by hand from the model: the hot path of the server (one template per
// row, no JSON.stringify of objects), and the single source of truth for the row shape (listedTransactions()
// parses the same text, so the "truth" and the wire can never disagree).
import { reaisTextFromCents } from '../shared/money.ts';
import { acquirerMessage } from './builder.ts';
import { authCodeOf, nsuOf } from './people.ts';
import type { OpVersion, RowPatch, SandboxOperation, SandboxTransaction, TxVersion } from './model.ts';

const DAY_MS = 86_400_000;
const P2 = Array.from({ length: 100 }, (_, i) => String(i).padStart(2, '0'));
const P3 = Array.from({ length: 1000 }, (_, i) => String(i).padStart(3, '0'));
const dayPrefix = new Map<number, string>();

/** toISOString() without a Date per call: the date part is cached per UTC day (the hot path formats two per row). */
function iso(ms: number): string {
  const day = Math.floor(ms / DAY_MS);
  let prefix = dayPrefix.get(day);
  if (prefix === undefined) {
    prefix = new Date(day * DAY_MS).toISOString().slice(0, 11);
    if (dayPrefix.size > 50_000) dayPrefix.clear();
    dayPrefix.set(day, prefix);
  }
  let rest = ms - day * DAY_MS;
  const milli = rest % 1000;
  rest = (rest - milli) / 1000;
  const sec = rest % 60;
  rest = (rest - sec) / 60;
  return `${prefix}${P2[(rest - (rest % 60)) / 60]}:${P2[rest % 60]}:${P2[sec]}.${P3[milli]}Z`;
}

// biome-ignore lint/suspicious/noControlCharactersInRegex: the control characters are what JSON must escape
const NEEDS_ESCAPE = /["\\\u0000-\u001f\u2028\u2029]/;

/** A JSON string literal; plain text (the usual case) skips JSON.stringify. */
export function quoteJson(text: string | null): string {
  if (text === null) return 'null';
  return NEEDS_ESCAPE.test(text) ? JSON.stringify(text) : `"${text}"`;
}

const MESSAGE_JSON = new Map<string, string>();
export function messageJsonOf(code: string): string {
  let out = MESSAGE_JSON.get(code);
  if (out === undefined) {
    out = JSON.stringify(acquirerMessage(code));
    MESSAGE_JSON.set(code, out);
  }
  return out;
}

export interface TxJsonOptions {
  /** Omit item_id (the chaos fault: the spec's v1 row table does not list it). */
  dropItemId?: boolean;
  /** The v2 refund response omits authorization_code. */
  omitAuthorizationCode?: boolean;
}

/** One transaction row in the v1 shape plus item_id, as of `v`. */
export function transactionJson(tx: SandboxTransaction, v: TxVersion, options: TxJsonOptions = {}): string {
  const row = plainTransactionJson(tx, v, options);
  return tx.rowPatch === undefined ? row : patchedJson(row, tx.rowPatch);
}

/** A row with a planted patch applied (fields keep their place; JSON.stringify spells it again). */
function patchedJson(row: string, patch: RowPatch): string {
  const parsed = JSON.parse(row) as Record<string, unknown>;
  for (const [field, value] of Object.entries(patch.set)) parsed[field] = value;
  for (const field of patch.remove) delete parsed[field];
  return JSON.stringify(parsed);
}

function plainTransactionJson(tx: SandboxTransaction, v: TxVersion, options: TxJsonOptions): string {
  const approved = tx.approved;
  const code = v.code;
  return (
    `{"status":"${v.status}",` +
    (options.omitAuthorizationCode ? '' : `"authorization_code":${approved && v.status !== 'rejected' ? quoteJson(authCodeOf(tx)) : 'null'},`) +
    `"nsu":${approved && v.status !== 'rejected' ? quoteJson(nsuOf(tx)) : 'null'},` +
    `"date_created":"${iso(tx.createdMs)}","date_updated":"${iso(v.atMs)}",` +
    `"net_value":${tx.netValue},"authorized_amount":${v.authorized},"paid_amount":${v.paid},"refunded_amount":${v.refunded},` +
    `"installments":"${tx.installments}","transaction_id":${quoteJson(tx.id)},` +
    (options.dropItemId ? '' : `"item_id":${quoteJson(tx.itemId)},`) +
    `"card_holder_name":${quoteJson(tx.holder)},"card_brand":"${tx.brand}","card_first_digits":"${tx.first6}","card_last_digits":"${tx.last4}",` +
    `"acquirer_status_code":${code === null ? 'null' : `"${code}"`},"acquirer_status_message":${code === null ? 'null' : messageJsonOf(code)}}`
  );
}

const CASH_OUT_DESCRIPTIONS: Record<string, string> = {
  processing: 'Transferência em processamento',
  pending: 'Transferência processada, aguardando finalização',
  fulfilled: 'Transferência concluída',
  failed: 'Falha na transferência: o banco recusou a conta de destino',
};

/** One operation row; amounts are JSON numbers in reais written from exact decimal text. */
export function operationJson(op: SandboxOperation, v: OpVersion): string {
  const common =
    `"item_id":${quoteJson(op.itemId)},"status":"${v.status}",` +
    `"date_created":"${iso(op.createdMs)}","date_updated":"${iso(v.atMs)}","amount":${reaisTextFromCents(op.amount)},`;
  const tail = `"customer_name":${quoteJson(op.customerName)},"customer_document_number":"${op.document}"}`;
  if (op.kind === 'cash_in') return `{"cash_in_id":"${op.id}",${common}"paid_amount":${reaisTextFromCents(v.settled)},${tail}`;
  return (
    `{"cash_out_id":"${op.id}",${common}"status_description":${quoteJson(CASH_OUT_DESCRIPTIONS[v.status] ?? v.status)},` +
    `"paid_off_amount":${reaisTextFromCents(v.settled)},${tail}`
  );
}

/** The v1 notification body sent to postback_url. */
export function notificationJson(tx: SandboxTransaction, oldStatus: string, v: TxVersion): string {
  const row = JSON.parse(transactionJson(tx, v)) as Record<string, unknown>;
  const status = v.status;
  return JSON.stringify({
    transaction_id: tx.id,
    event: 'transaction_status_changed',
    old_status: oldStatus,
    desired_status: status,
    current_status: status,
    authorization_code: row['authorization_code'],
    nsu: row['nsu'],
    date_created: row['date_created'],
    date_updated: row['date_updated'],
    net_value: row['net_value'],
    authorized_amount: row['authorized_amount'],
    paid_amount: row['paid_amount'],
    refunded_amount: row['refunded_amount'],
    installments: row['installments'],
    card_holder_name: row['card_holder_name'],
    card_brand: row['card_brand'],
    card_first_digits: row['card_first_digits'],
    card_last_digits: row['card_last_digits'],
    acquirer_status_code: row['acquirer_status_code'],
  });
}
