// Why a row or a statement line is kept out, in English: the sentence order_import_issues.reason and
// bank_import_issues.reason have always stored, rebuilt from the facts word for word (a test holds every
// kind to its old text), so the column, the JSON lines and the machine CSVs read as they always did.
// Amounts are written as the stored reasons always wrote them (1.234,56 without a symbol), instants in
// ISO UTC, whatever the reader's zone: this text is stored, and a stored text cannot follow a zone.
import { OFF_THE_GRID } from '../money.ts';
import type { KeptOutRenderers } from './kept-out-types.ts';

const UNIT_TEXT = {
  cents: () => 'an integer amount in cents (orders.amountUnit "cents")',
  reais: (decimal: string, thousands: string) =>
    `an amount in reais (decimal "${decimal}", thousands "${thousands}": orders.csv.decimal, orders.csv.thousands)`,
};

const STATEMENT_FIELDS = { fitid: 'FITID', documentNumber: 'document number', memo: 'memo' } as const;

/** The field a conflict names: the stage's columns by the order fields people know. */
const CONFLICT_FIELDS: Readonly<Record<string, string>> = { amount_cents: 'amount', created_ms: 'created_at' };

export const keptOutEn: KeptOutRenderers = {
  fieldCount: (r) => `expected ${r.expected} fields as in the header, found ${r.found}`,
  columnTooLong: (r, f) => `column "${r.column}" is ${f.count(r.length)} characters long, more than ${f.count(r.max)} (${r.key})`,
  fieldTooLong: (r, f) => `${r.field} is ${f.count(r.length)} characters long, more than ${f.count(r.max)} (column "${r.column}"; ${r.key})`,
  valueMissing: (r) => `missing ${r.field} (column "${r.column}")`,
  amountOffGrid: (r) => `amount ${r.text} ${OFF_THE_GRID[r.unit]} (column "${r.column}")`,
  amountUnreadable: (r) =>
    `unparseable amount "${r.text}" (column "${r.column}"): expected ${r.unit === 'cents' ? UNIT_TEXT.cents() : UNIT_TEXT.reais(r.decimal, r.thousands)}`,
  amountNegative: (r, f) => `negative amount ${f.money(r.cents)} (column "${r.column}")`,
  amountAboveLimit: (r, f) => `amount ${f.money(r.cents)} above the limit ${f.money(r.limitCents)} (column "${r.column}")`,
  statusUnknown: (r) =>
    `unknown status "${r.text}" (column "${r.column}"): expected one of ${r.known.map((s) => `"${s}"`).join(', ')} or an orders.statusMap entry`,
  dateUnreadable: (r) => `unparseable date "${r.text}" (column "${r.column}"): expected ${r.dateFormat} or ISO 8601 (orders.dateFormat)`,
  invalidUtf8: (r) => `invalid UTF-8 at byte ${r.byte}`,
  invalidJson: (r) => `not valid JSON (${r.said})`,
  notAnObject: (r) => `expected a JSON object, found ${r.found ?? 'an array'}`,
  rowsDisagree: (r, f) => {
    const differences = r.differences.map((d) => {
      const values: readonly (string | number | null)[] = d.values;
      const shown = values.map((v) => {
        if (v === null) return '(empty)';
        if (d.field === 'amount_cents') return f.money(Number(v));
        if (d.field === 'created_ms') return new Date(Number(v)).toISOString();
        return `"${v}"`;
      });
      return `${CONFLICT_FIELDS[d.field] ?? d.field} ${shown.join(' vs ')}`;
    });
    return `item_id "${r.itemId}" has ${r.lines.length} rows that disagree (lines ${r.lines.join(', ')}): ${differences.join('; ')}; none of them was loaded`;
  },
  ofxBadDate: (r) => `bad DTPOSTED "${r.text}" (expected YYYYMMDD, optionally with a time)`,
  ofxBadAmount: (r) => `bad TRNAMT "${r.text}" (expected a decimal amount such as -12.34)`,
  cnabRecordLength: (r) => `expected a record of ${r.expected} characters, got ${r.found}`,
  cnabRecordType: (r) => `unknown record type "${r.type}" (expected 0, 1, 3, 5 or 9)`,
  cnabBadDate: (r) => `bad posting date "${r.text}" (expected DDMMAAAA at positions 143-150)`,
  cnabBadAmount: (r) => `bad amount "${r.text}" (expected 18 digits with 2 decimals at positions 151-168)`,
  cnabBadFlag: (r) => `bad debit/credit flag "${r.text}" (expected D or C at position 169)`,
  cnabAmountOutOfRange: (r) => `amount ${r.text} is out of range`,
  statementTextTooLong: (r, f) => `${STATEMENT_FIELDS[r.field]} is ${f.count(r.length)} characters long, more than ${r.limit} (bank.limits.${r.key})`,
  fitidDerivedShape: (r) =>
    `FITID "${r.fitid}" has the shape of an id recon derives itself ("syn:..." or ".../YYYY-MM-DD/cents"), so it could stand for another line; kept out`,
  lineIdTaken: (r) =>
    `line id "${r.id}" already names another line of this account (${r.heldOn}, ${r.heldCents} cents), ` +
    `not this one (${r.postedOn}, ${r.cents} cents); kept out rather than merged into it`,
};
