// The hot path of the listing: a transaction row encoded straight into the page's bytes, with no string
// per row. It must give exactly the bytes of transactionJson (serialize.ts, the reference for the row
// shape), which the sandbox tests compare: fields, order, escaping and number formatting included.
import type { SandboxTransaction, TxVersion } from './model.ts';
import type { PageWriter } from './page-bytes.ts';
import { messageJsonOf, quoteJson, transactionJson } from './serialize.ts';
import { hash32 } from './rng.ts';

const DAY_MS = 86_400_000;
const bytesOf = (text: string): Uint8Array => new Uint8Array(Buffer.from(text, 'utf8'));

const K_STATUS = bytesOf('{"status":"');
const K_AUTH = bytesOf('","authorization_code":');
const K_NSU = bytesOf(',"nsu":');
const K_CREATED = bytesOf(',"date_created":"');
const K_UPDATED = bytesOf('","date_updated":"');
const K_NET = bytesOf('","net_value":');
const K_AUTHORIZED = bytesOf(',"authorized_amount":');
const K_PAID = bytesOf(',"paid_amount":');
const K_REFUNDED = bytesOf(',"refunded_amount":');
const K_INSTALLMENTS = bytesOf(',"installments":"');
const K_ID = bytesOf('","transaction_id":');
const K_ITEM = bytesOf(',"item_id":');
const K_HOLDER_AFTER_ITEM = bytesOf(',"card_holder_name":');
const K_HOLDER_AFTER_ID = bytesOf(',"card_holder_name":');
const K_BRAND = bytesOf(',"card_brand":"');
const K_FIRST = bytesOf('","card_first_digits":"');
const K_LAST = bytesOf('","card_last_digits":"');
const K_CODE = bytesOf('","acquirer_status_code":');
const K_MESSAGE = bytesOf(',"acquirer_status_message":');
const NULL = bytesOf('null');

const messageBytes = new Map<string, Uint8Array>();
function messageOf(code: string): Uint8Array {
  let out = messageBytes.get(code);
  if (out === undefined) {
    out = bytesOf(messageJsonOf(code));
    messageBytes.set(code, out);
  }
  return out;
}

const dayPrefix = new Map<number, Uint8Array>();
// Rows of a page mostly share a day: remember the last one.
let lastDay = Number.NaN;
let lastPrefix: Uint8Array = new Uint8Array(0);

function put(out: PageWriter, bytes: Uint8Array): void {
  // TypedArray.set beats a byte loop for the ~10-25 byte field names.
  out.buf.set(bytes, out.pos);
  out.pos += bytes.length;
}

/** Text as is (the template's `${text}`): byte per char when ASCII, else the UTF-8 encoder. */
function putRaw(out: PageWriter, text: string): void {
  const buf = out.buf;
  const start = out.pos;
  let pos = start;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (c > 0x7f) {
      out.pos = start + buf.write(text, start);
      return;
    }
    buf[pos++] = c;
  }
  out.pos = pos;
}

/** A JSON string literal as quoteJson writes it; plain printable ASCII is copied byte by byte. */
function putQuoted(out: PageWriter, text: string | null): void {
  if (text === null) return put(out, NULL);
  const buf = out.buf;
  const start = out.pos;
  let pos = start;
  buf[pos++] = 0x22;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (c < 0x20 || c > 0x7e || c === 0x22 || c === 0x5c) {
      out.pos = start + buf.write(quoteJson(text), start);
      return;
    }
    buf[pos++] = c;
  }
  buf[pos++] = 0x22;
  out.pos = pos;
}

/** `${n}` for a number: digits for safe non-negative integers, String(n) otherwise. */
function putNumber(out: PageWriter, n: number): void {
  if (!(n >= 0 && n <= Number.MAX_SAFE_INTEGER && Math.floor(n) === n)) return putRaw(out, String(n));
  const buf = out.buf;
  let digits = 1;
  for (let x = n; x >= 10; x = Math.floor(x / 10)) digits++;
  let pos = out.pos + digits;
  out.pos = pos;
  let x = n;
  do {
    buf[--pos] = 0x30 + (x % 10);
    x = Math.floor(x / 10);
  } while (x > 0);
}

/** nsuFor's text: 9 decimal digits, zero-padded, quoted. */
function putNsu(out: PageWriter, n: number): void {
  const buf = out.buf;
  const pos = out.pos;
  buf[pos] = 0x22;
  for (let i = 9; i >= 1; i--) {
    buf[pos + i] = 0x30 + (n % 10);
    n = Math.floor(n / 10);
  }
  buf[pos + 10] = 0x22;
  out.pos = pos + 11;
}

/** authCodeFor's text: 6 base-36 digits in upper case, zero-padded, quoted. */
function putAuthCode(out: PageWriter, n: number): void {
  const buf = out.buf;
  const pos = out.pos;
  buf[pos] = 0x22;
  for (let i = 6; i >= 1; i--) {
    const d = n % 36;
    buf[pos + i] = d < 10 ? 0x30 + d : 0x37 + d;
    n = Math.floor(n / 36);
  }
  buf[pos + 7] = 0x22;
  out.pos = pos + 8;
}

function put2(buf: Buffer, pos: number, n: number): void {
  buf[pos] = 0x30 + ((n / 10) | 0);
  buf[pos + 1] = 0x30 + (n % 10);
}

/** toISOString() of ms, written as bytes (the date part cached per UTC day). */
function putIso(out: PageWriter, ms: number): void {
  const day = Math.floor(ms / DAY_MS);
  if (day !== lastDay) {
    let prefix = dayPrefix.get(day);
    if (prefix === undefined) {
      prefix = bytesOf(new Date(day * DAY_MS).toISOString().slice(0, 11));
      if (dayPrefix.size > 50_000) dayPrefix.clear();
      dayPrefix.set(day, prefix);
    }
    lastDay = day;
    lastPrefix = prefix;
  }
  put(out, lastPrefix);
  const buf = out.buf;
  const pos = out.pos;
  let rest = ms - day * DAY_MS;
  const milli = rest % 1000;
  rest = (rest - milli) / 1000;
  const sec = rest % 60;
  rest = (rest - sec) / 60;
  put2(buf, pos, (rest - (rest % 60)) / 60);
  buf[pos + 2] = 0x3a;
  put2(buf, pos + 3, rest % 60);
  buf[pos + 5] = 0x3a;
  put2(buf, pos + 6, sec);
  buf[pos + 8] = 0x2e;
  buf[pos + 9] = 0x30 + ((milli / 100) | 0);
  put2(buf, pos + 10, milli % 100);
  buf[pos + 12] = 0x5a;
  out.pos = pos + 13;
}

/** Worst-case bytes of a row: fixed text, the longest acquirer message, 6 bytes per char of free text (JSON \u escapes). */
function worstCase(tx: SandboxTransaction, v: TxVersion): number {
  const short = v.status.length + tx.brand.length + tx.first6.length + tx.last4.length + (v.code?.length ?? 0);
  return 1024 + 6 * (short + tx.id.length + tx.itemId.length + tx.holder.length);
}

/** Appends transactionJson(tx, v, { dropItemId }) to the page, as bytes. */
export function writeTransactionRow(out: PageWriter, tx: SandboxTransaction, v: TxVersion, dropItemId: boolean): void {
  if (tx.rowPatch !== undefined) {
    // A planted broken row (plant.ts): rare, written from its text.
    out.write(transactionJson(tx, v, { dropItemId }));
    return;
  }
  out.ensure(worstCase(tx, v));
  const approved = tx.approved && v.status !== 'rejected';
  put(out, K_STATUS);
  putRaw(out, v.status);
  put(out, K_AUTH);
  if (approved) putAuthCode(out, hash32(tx.seed, tx.serial, 29) % 2_176_782_336);
  else put(out, NULL);
  put(out, K_NSU);
  if (approved) putNsu(out, hash32(tx.seed, tx.serial, 17) % 1_000_000_000);
  else put(out, NULL);
  put(out, K_CREATED);
  putIso(out, tx.createdMs);
  put(out, K_UPDATED);
  putIso(out, v.atMs);
  put(out, K_NET);
  putNumber(out, tx.netValue);
  put(out, K_AUTHORIZED);
  putNumber(out, v.authorized);
  put(out, K_PAID);
  putNumber(out, v.paid);
  put(out, K_REFUNDED);
  putNumber(out, v.refunded);
  put(out, K_INSTALLMENTS);
  putNumber(out, tx.installments);
  put(out, K_ID);
  putQuoted(out, tx.id);
  if (dropItemId) {
    put(out, K_HOLDER_AFTER_ID);
  } else {
    put(out, K_ITEM);
    putQuoted(out, tx.itemId);
    put(out, K_HOLDER_AFTER_ITEM);
  }
  putQuoted(out, tx.holder);
  put(out, K_BRAND);
  putRaw(out, tx.brand);
  put(out, K_FIRST);
  putRaw(out, tx.first6);
  put(out, K_LAST);
  putRaw(out, tx.last4);
  put(out, K_CODE);
  if (v.code === null) {
    put(out, NULL);
    put(out, K_MESSAGE);
    put(out, NULL);
  } else {
    out.buf[out.pos++] = 0x22;
    putRaw(out, v.code);
    out.buf[out.pos++] = 0x22;
    put(out, K_MESSAGE);
    put(out, messageOf(v.code));
  }
  out.buf[out.pos++] = 0x7d;
}
