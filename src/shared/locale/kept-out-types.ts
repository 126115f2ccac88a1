// The facts of why a row of an order export or a line of a bank statement is kept out, by shape: what
// the reader or the row rules knew (the column, the value as the file held it, the limit and the setting
// that decides it), stored as a JSON array in order_import_issues.facts and bank_import_issues.facts. Each
// locale renders every shape (kept-out-en.ts, kept-out-pt-BR.ts); the English rendering is also what the
// `reason` column stores, so a reason exists once per locale and no text is ever read back into facts.
import { z } from 'zod';

// Row amounts are int32 cents and statement amounts safe integers: JSON numbers carry them exactly.
const cents = z.number().int();
const count = z.number().int().nonnegative();
const isoDay = z.string().regex(/^\d{4}-\d{2}-\d{2}$/);
const text = z.string();

const fact = <const K extends string, S extends z.ZodRawShape>(kind: K, shape: S) => z.object({ kind: z.literal(kind), ...shape });

const lengthKey = z.enum(['orders.limits.maxIdLength', 'orders.limits.maxTextLength']);
const amountUnit = z.enum(['reais', 'cents']);

/**
 * One field on which an item_id's rows disagree, with the distinct values in line order: amounts in
 * cents, created_at in epoch ms, any other field as text (null where a row left it empty).
 */
const difference = z.union([
  z.object({ field: z.literal('amount_cents'), values: z.array(cents) }),
  z.object({ field: z.literal('created_ms'), values: z.array(z.number().int()) }),
  z.object({ field: text.refine((f) => f !== 'amount_cents' && f !== 'created_ms'), values: z.array(text.nullable()) }),
]);

/** `text` is a cell's text as the reason quotes it (at most 40 characters and an ellipsis). */
export const KEPT_OUT_FACT = z.discriminatedUnion('kind', [
  // Order rows (imports/row-problems.ts), in the order the rules look at a row.
  fact('fieldCount', { expected: count, found: count }),
  fact('columnTooLong', { column: text, length: count, max: count, key: lengthKey }),
  // The order field the cell feeds (a key of orders.columns), and the header's name for its column.
  fact('fieldTooLong', { field: text, column: text, length: count, max: count, key: lengthKey }),
  fact('valueMissing', { field: z.enum(['item_id', 'amount', 'status', 'created_at']), column: text }),
  fact('amountOffGrid', { text, unit: amountUnit, column: text }),
  // The unit and the CSV dialect the amount was read with: the settings a person changes.
  fact('amountUnreadable', { text, column: text, unit: amountUnit, decimal: text, thousands: text }),
  fact('amountNegative', { cents, column: text }),
  fact('amountAboveLimit', { cents, limitCents: cents, column: text }),
  fact('statusUnknown', { text, column: text, known: z.array(text) }),
  fact('dateUnreadable', { text, column: text, dateFormat: text }),
  // Records a reader could not turn into cells (imports/read-csv.ts, read-json.ts).
  fact('invalidUtf8', { byte: count }),
  // What the JSON parser said, as it said it (at most 200 characters).
  fact('invalidJson', { said: text }),
  // What the record was instead: null for an array, else its JSON (at most 40 characters).
  fact('notAnObject', { found: text.nullable() }),
  // An item_id whose rows disagree (imports/merge.ts).
  fact('rowsDisagree', { itemId: text, lines: z.array(count), differences: z.array(difference) }),
  // Statement lines (bank/read-ofx.ts, read-cnab240.ts, statement-limits.ts, line-ids.ts).
  fact('ofxBadDate', { text }),
  fact('ofxBadAmount', { text }),
  fact('cnabRecordLength', { expected: count, found: count }),
  fact('cnabRecordType', { type: text }),
  fact('cnabBadDate', { text }),
  fact('cnabBadAmount', { text }),
  fact('cnabBadFlag', { text }),
  fact('cnabAmountOutOfRange', { text }),
  fact('statementTextTooLong', {
    field: z.enum(['fitid', 'documentNumber', 'memo']),
    length: count,
    limit: count,
    key: z.enum(['maxIdLength', 'maxTextLength']),
  }),
  fact('fitidDerivedShape', { fitid: text }),
  // The line id (at most 100 characters), the day and amount of the line it names, and this line's.
  fact('lineIdTaken', { id: text, heldOn: isoDay, heldCents: cents, postedOn: isoDay, cents }),
]);

/** Every reason a row is kept out for, in the order the rules found them (at least one). */
export const KEPT_OUT_FACTS = z.array(KEPT_OUT_FACT).min(1);

export type KeptOutFact = z.output<typeof KEPT_OUT_FACT>;
export type KeptOutKind = KeptOutFact['kind'];

/** How a locale writes the values inside its kept-out reasons. */
export interface KeptOutFormat {
  count(n: number): string;
  money(cents: number): string;
  day(isoDate: string): string;
  /** An instant with its seconds, in the reader's time zone. */
  instant(epochMs: number): string;
  /** An order status word (paid, pending, ...). */
  status(status: string): string;
}

/** One renderer per shape: a locale's `keptOut` has one for each kind, or tsc refuses it. */
export type KeptOutRenderers = { [K in KeptOutKind]: (facts: Extract<KeptOutFact, { kind: K }>, f: KeptOutFormat) => string };
