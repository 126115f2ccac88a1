// The sandbox's write routes. Public ones follow the spec: POST /v1/transactions (v1 flat body, sandbox
// refusal CVVs 601-604, simulate_antifraude_*), POST /v1|v2/transactions/:id/refund. The sandbox-only ones
// answer 403 to a live_ key:
//   POST /v1/antifraud/transactions/:id          {"status":"paid"|"rejected"}   review -> paid | rejected
//   GET  /_sandbox                                 seed, days, history bounds, now, counts
//   POST /_sandbox/transactions/:id/refund        {"at"?: ms, "record_in_order"?: bool}
//   POST /_sandbox/transactions/:id/chargeback    {"at"?: ms, "record_in_order"?: bool}
//   POST /_sandbox/transactions/:id/review        {"status":"paid"|"rejected", "at"?: ms}
//   POST /_sandbox/transactions                   {"transaction_id"?,"item_id"?,"card_holder_name"?,"status"?: "paid"|"review","net_value"?,"at"?}
//        plants a sale whose id, item and holder may be any JSON strings ("a\/b", "\u00e9", "\"", "\u0001")
//                                                 (+ "card_brand"?, "installments"?, "authorized_amount"?: a mispriced sale)
//   POST /_sandbox/pricing/:brand                 {"basis_points": [12 numbers], "fixed_cents"?}  prices from now on
//   POST /_sandbox/transactions/:id/break         {"field", "value"?: any JSON, "remove"?: true}
//        breaks its listing row: the field becomes value (default: its value as text, e.g.
//        "paid_amount": "10000"), or is removed; breaks add up
//   POST /_sandbox/transactions/:id/mend          {}   lists the row as the service would again
//   POST /_sandbox/cash-ins                       {"item_id","amount_cents","customer_name","customer_document_number","at"?}
//   POST /_sandbox/cash-outs                      {"item_id"?,"amount_cents","customer_name","customer_document_number","at"?}
//   POST /_sandbox/operations/:id/status          {"status", "settled_cents"?, "at"?}
//   POST /_sandbox/orders/:item_id                {"amount_cents"?, "status"?, "transaction_id"?, "at"?}  the shop edits an order
// `at` defaults to the sandbox clock's now; record_in_order also marks the order Estornado.
import { QueryError } from './query.ts';
import type { CardBrand } from '../shared/domain.ts';
import { CARD_BRANDS } from '../shared/domain.ts';
import type { OrderExportStatus, SandboxTransaction, TxVersion } from './model.ts';
import { orderStateAt } from './order-timeline.ts';
import { brandFromCardNumber, BRAND_PREFIX, idFor, isValidCpf } from './people.ts';
import { isCardBrand } from './pricing.ts';
import { hash32 } from './rng.ts';
import { operationJson, transactionJson } from './serialize.ts';
import { breakRow, mendRow, plantTransaction } from './plant.ts';
import type { SandboxState } from './state.ts';

export type Body = Record<string, unknown>;

export interface RouteContext {
  state: SandboxState;
  env: 'sandbox' | 'production';
  /** The api_key's tail after its prefix: the postback signature. */
  keyTail: string;
}

export interface RouteResult {
  status: number;
  body: string;
}

/** The sandbox's refusal of a request, in the service's own words (its answers are in English). */
export function apiError(status: number, type: string, message: string): QueryError {
  return new QueryError(type, message, status);
}

const ORDER_STATUS = /^(Pago|Aguardando pagamento|Cancelado|Estornado)$/;
const ORDER_STATUS_HINT = 'one of Pago, Aguardando pagamento, Cancelado, Estornado (as the export writes it)';
const CVV_REFUSALS: Record<string, string> = { '601': '1000', '602': '1011', '603': '1016', '604': '5000' };
const BANNED = new Set(['', 'null', 'undefined']);
const BRAND_PATTERN = new RegExp(`^(${CARD_BRANDS.join('|')})$`);

/** The spec forbids null, undefined and empty strings as parameter values. */
function rejectEmptyValues(body: Body): void {
  for (const [key, value] of Object.entries(body)) {
    if (value === null || (typeof value === 'string' && BANNED.has(value.trim()))) {
      throw apiError(400, key, `parameter ${key} must not be ${value === null ? 'null' : value === '' ? 'empty' : value}; remove it from the request instead`);
    }
  }
}

function str(body: Body, key: string, required: boolean, pattern?: RegExp, hint?: string): string | undefined {
  const value = body[key];
  if (value === undefined) {
    if (required) throw apiError(400, key, `parameter ${key} is required`);
    return undefined;
  }
  const text = typeof value === 'number' ? String(value) : value;
  if (typeof text !== 'string') throw apiError(400, key, `parameter ${key} must be a string, got ${typeof value}`);
  if (pattern && !pattern.test(text)) throw apiError(400, key, `parameter ${key} must be ${hint ?? `like ${pattern}`}, got "${text}"`);
  return text;
}

function cents(body: Body, key: string, required: boolean): number | undefined {
  const value = body[key];
  if (value === undefined) {
    if (required) throw apiError(400, key, `parameter ${key} is required`);
    return undefined;
  }
  if (typeof value !== 'number' || !Number.isInteger(value) || value < 1 || value > 2_147_483_647) {
    throw apiError(400, key, `parameter ${key} must be an int32 amount in cents greater than 0, got ${JSON.stringify(value)}`);
  }
  return value;
}

function atOf(ctx: RouteContext, body: Body): number {
  const at = body['at'];
  if (at === undefined) return ctx.state.clock.now();
  if (typeof at !== 'number' || !Number.isSafeInteger(at))
    throw apiError(400, 'at', `parameter at must be a millisecond Unix timestamp, got ${JSON.stringify(at)}`);
  return at;
}

function requireSandbox(ctx: RouteContext, what: string): void {
  if (ctx.env !== 'sandbox') throw apiError(403, 'forbidden', `${what} is available in the sandbox only; this request used a production (live_) key`);
}

/** POST /v1/transactions */
export function createTransaction(ctx: RouteContext, body: Body): RouteResult {
  rejectEmptyValues(body);
  const simulate = str(body, 'simulate_antifraude_status', false, /^(paid|review|rejected)$/, 'paid, review or rejected');
  const simulateEnv = str(body, 'simulate_antifraude_env', false, /^(production|sandbox)$/, 'production or sandbox');
  if (simulate !== undefined || simulateEnv !== undefined) requireSandbox(ctx, 'simulate_antifraude_status / simulate_antifraude_env');
  const amount = cents(body, 'amount', true)!;
  const netValue = cents(body, 'net_value', false) ?? amount;
  if (netValue > amount) throw apiError(400, 'net_value', `parameter net_value (${netValue}) must not exceed amount (${amount})`);
  const installments = Number(str(body, 'installments', true, /^([1-9]|1[0-2])$/, 'a number of installments from 1 to 12'));
  const itemId = str(body, 'item_id', true)!;
  str(body, 'soft_descriptor', false, /^[A-Za-z0-9 ]{1,13}$/, 'at most 13 letters, digits or spaces');
  const postbackUrl = str(body, 'postback_url', false, /^https?:\/\/\S+$/, 'an http(s) URL');
  const cardId = str(body, 'card_id', false);
  let brand: CardBrand;
  let first6: string;
  let last4: string;
  let holder: string;
  let cvv: string | undefined;
  if (cardId === undefined) {
    holder = str(body, 'card_holder_name', true, /^[A-Za-zÀ-ÿ ]{2,64}$/, 'letters and spaces')!.toUpperCase();
    const number = str(body, 'card_number', true, /^\d{13,19}$/, '13 to 19 digits')!;
    str(body, 'card_expiration_date', true, /^(0[1-9]|1[0-2])\d{2}$/, 'MMYY digits');
    cvv = str(body, 'card_cvv', true, /^\d{3,4}$/, '3 or 4 digits');
    brand = brandFromCardNumber(number);
    first6 = number.slice(0, 6);
    last4 = number.slice(-4);
  } else {
    const h = hash32(cardId.length, ...[...cardId].map((c) => c.charCodeAt(0)));
    brand = CARD_BRANDS[h % CARD_BRANDS.length]!;
    first6 = BRAND_PREFIX[brand][0]!;
    last4 = String(h % 10_000).padStart(4, '0');
    holder = 'CARTAO SALVO';
  }
  const country = str(body, 'customer[address][country]', false, /^[a-zA-Z]{2}$/, 'an ISO 3166-1 alpha-2 code') ?? 'br';
  const name = str(body, 'customer[name]', true)!;
  const document = str(body, 'customer[document_number]', true)!;
  const phone = str(body, 'customer[phone_number]', false);
  if (country.toLowerCase() === 'br') {
    if (!/^\d{11}$/.test(document))
      throw apiError(400, 'customer[document_number]', `parameter customer[document_number] must be the CPF (11 digits) when country is br, got "${document}"`);
    if (phone !== undefined && !/^\+55\d{10,11}$/.test(phone))
      throw apiError(400, 'customer[phone_number]', `parameter customer[phone_number] must look like +55DDXXXXXXXXX when country is br, got "${phone}"`);
  }
  void name;

  let status: 'paid' | 'review' | 'refused' | 'rejected' = 'paid';
  let refusal: string | undefined;
  if (ctx.env === 'sandbox' && cvv !== undefined && CVV_REFUSALS[cvv]) {
    status = 'refused';
    refusal = CVV_REFUSALS[cvv];
  } else if (simulateEnv === 'production') {
    // The full production validation: a valid CPF passes, anything else is rejected; nothing is charged or stored.
    status = isValidCpf(document) ? 'paid' : 'rejected';
  } else if (simulate) {
    status = simulate as 'paid' | 'review' | 'rejected';
  }

  const { state } = ctx;
  const serial = state.history.nextSerial.transaction++;
  const now = state.clock.now();
  const approved = status === 'paid' || status === 'review';
  // `amount` is the final amount with fees; net_value the part without them.
  const authorized = approved ? amount : 0;
  const v: TxVersion = {
    atMs: now,
    status,
    authorized,
    paid: status === 'paid' ? authorized : 0,
    refunded: 0,
    code: status === 'rejected' ? null : (refusal ?? '0000'),
  };
  const tx: SandboxTransaction = {
    serial,
    id: idFor('tr_', state.history.seed, serial),
    itemId,
    createdMs: now,
    netValue,
    installments,
    holder,
    brand,
    first6,
    last4,
    approved,
    seed: state.history.seed,
    versions: [v],
    cur: 0,
  };
  if (postbackUrl !== undefined) {
    tx.postbackUrl = postbackUrl;
    tx.postbackSignature = ctx.keyTail;
  }
  if (simulateEnv !== 'production') {
    state.insertTransaction(tx);
    for (const listener of state.listeners) listener(tx, 'processing', v);
  }
  const row = JSON.parse(transactionJson(tx, v)) as Record<string, unknown>;
  if (status === 'rejected') {
    for (const key of ['authorization_code', 'nsu', 'transaction_id', 'acquirer_status_code', 'acquirer_status_message']) row[key] = null;
  }
  return { status: 200, body: JSON.stringify(row) };
}

/** POST /v1/transactions/:id/refund and /v2/... (v2 omits authorization_code). */
export function refundTransaction(ctx: RouteContext, id: string, version: 'v1' | 'v2'): RouteResult {
  const tx = ctx.state.transaction(id);
  if (!tx || tx.versions[0]!.status === 'rejected') throw apiError(404, 'transaction', `transaction ${id} was not found`);
  const current = ctx.state.currentVersion(tx);
  if (current.status !== 'paid') throw apiError(400, 'transaction', `transaction ${id} is ${current.status}; only paid transactions can be refunded`);
  ctx.state.refund(id);
  return { status: 200, body: transactionJson(tx, tx.versions[tx.versions.length - 1]!, { omitAuthorizationCode: version === 'v2' }) };
}

/** POST /v1/antifraud/transactions/:id {"status":"paid"|"rejected"} */
export function decideReview(ctx: RouteContext, id: string, body: Body, at?: number): RouteResult {
  requireSandbox(ctx, 'the antifraud status change');
  rejectEmptyValues(body);
  const status = str(body, 'status', true, /^(paid|rejected)$/, 'paid or rejected') as 'paid' | 'rejected';
  const tx = ctx.state.decideReview(id, status, at);
  return { status: 200, body: transactionJson(tx, tx.versions[tx.versions.length - 1]!) };
}

/** Routes under /_sandbox/ (administration of the history; sandbox keys only). */
export function adminRoute(ctx: RouteContext, method: string, parts: string[], body: Body): RouteResult {
  requireSandbox(ctx, 'the /_sandbox administration');
  rejectEmptyValues(body);
  const { state } = ctx;
  const h = state.history;
  const [a, id, action] = parts;
  if (method === 'GET' && parts.length === 0) {
    const now = state.now();
    return {
      status: 200,
      body: JSON.stringify({
        seed: h.seed,
        days: h.days,
        per_day: h.perDay,
        start_date: h.startDate,
        end_date: h.endDate,
        timezone: h.timezone,
        now: new Date(now).toISOString(),
        transactions: h.transactions.length,
        operations: h.operations.length,
        orders: h.orders.length,
        discrepancies: h.discrepancies.length,
      }),
    };
  }
  if (method !== 'POST') throw apiError(405, 'method', `${method} is not allowed on /_sandbox/${parts.join('/')}`);
  const recordInOrder = body['record_in_order'] === true;
  const rowOf = (tx: SandboxTransaction): RouteResult => ({ status: 200, body: transactionJson(tx, state.currentVersion(tx)) });
  if (a === 'transactions' && parts.length === 1) {
    const status = str(body, 'status', false, /^(paid|review)$/, 'paid or review') as 'paid' | 'review' | undefined;
    const input = { id: str(body, 'transaction_id', false), itemId: str(body, 'item_id', false), holder: str(body, 'card_holder_name', false) };
    const brand = str(body, 'card_brand', false, BRAND_PATTERN, CARD_BRANDS.join(', ')) as CardBrand | undefined;
    const installments = str(body, 'installments', false, /^([1-9]|1[0-2])$/, 'a number of installments from 1 to 12');
    const priced = {
      brand,
      installments: installments === undefined ? undefined : Number(installments),
      authorizedCents: cents(body, 'authorized_amount', false),
    };
    return rowOf(plantTransaction(state, { ...input, ...priced, status, netValueCents: cents(body, 'net_value', false), atMs: atOf(ctx, body) }));
  }
  if (a === 'pricing' && id && parts.length === 2) {
    if (!isCardBrand(id)) throw apiError(400, 'card_brand', `expected one of ${CARD_BRANDS.join(', ')}, got "${id}"`);
    const bp = body['basis_points'];
    if (!Array.isArray(bp)) throw apiError(400, 'basis_points', 'expected basis_points: 12 whole numbers, the fee of 1 to 12 installments');
    state.setBrandPricing(id, { basisPoints: bp as number[], fixedCents: cents(body, 'fixed_cents', false) ?? 0 });
    return { status: 200, body: JSON.stringify({ card_brand: id, ...state.pricing[id] }) };
  }
  if (a === 'transactions' && id && action === 'break' && parts.length === 3) {
    return rowOf(breakRow(state, id, { field: str(body, 'field', true)!, value: body['value'], remove: body['remove'] === true }));
  }
  if (a === 'transactions' && id && action === 'mend' && parts.length === 3) return rowOf(mendRow(state, id));
  if (a === 'transactions' && id && parts.length === 3) {
    const at = atOf(ctx, body);
    if (action === 'refund' || action === 'chargeback') {
      const tx = action === 'refund' ? state.refund(id, at, { recordInOrder }) : state.chargeback(id, at, { recordInOrder });
      return { status: 200, body: transactionJson(tx, tx.versions[tx.versions.length - 1]!) };
    }
    if (action === 'review') return decideReview(ctx, id, { status: body['status'] }, at);
  }
  if ((a === 'cash-ins' || a === 'cash-outs') && parts.length === 1) {
    const input = {
      itemId: str(body, 'item_id', a === 'cash-ins')!,
      amountCents: cents(body, 'amount_cents', true)!,
      customerName: str(body, 'customer_name', true)!,
      document: str(body, 'customer_document_number', true, /^\d{11,14}$/, '11 to 14 digits')!,
      atMs: atOf(ctx, body),
    };
    const op = a === 'cash-ins' ? state.createCashIn(input) : state.createCashOut(input);
    return { status: 200, body: operationJson(op, op.versions[0]!) };
  }
  if (a === 'orders' && id && parts.length === 2) {
    const status = str(body, 'status', false, ORDER_STATUS, ORDER_STATUS_HINT) as OrderExportStatus | undefined;
    const amount = cents(body, 'amount_cents', false);
    const transactionId = str(body, 'transaction_id', false);
    const atMs = atOf(ctx, body);
    const order = state.editOrder(id, {
      atMs,
      ...(status ? { status } : {}),
      ...(amount === undefined ? {} : { amount }),
      ...(transactionId ? { transactionId } : {}),
    });
    const now = orderStateAt(order, atMs);
    return { status: 200, body: JSON.stringify({ item_id: order.itemId, status: now.status, amount_cents: now.amount, transaction_id: now.transactionId }) };
  }
  if (a === 'operations' && id && action === 'status' && parts.length === 3) {
    const status = str(body, 'status', true)!;
    const settled = body['settled_cents'] === undefined ? undefined : cents(body, 'settled_cents', true);
    const op = state.setOperationStatus(id, status, { atMs: atOf(ctx, body), ...(settled === undefined ? {} : { settledCents: settled }) });
    return { status: 200, body: operationJson(op, op.versions[op.versions.length - 1]!) };
  }
  throw apiError(404, 'not_found', `no sandbox route ${method} /_sandbox/${parts.join('/')}`);
}
