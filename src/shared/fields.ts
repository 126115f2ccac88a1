// The kinds of field the service's listings carry. Each kind holds, side by side, its zod schema (which
// names what broke), the hot path's yes/no check (never looser than the schema: a row it accepts, zod
// accepts too) and the warehouse type it is stored as. Row schemas, row checks and table columns are
// all derived from field sets built of these kinds (tables.ts), so a field is typed in one place.
import { z } from 'zod';
import { isWellFormed } from './well-formed.ts';

export type SqlType = 'VARCHAR' | 'TIMESTAMPTZ' | 'BIGINT' | 'JSON';

export interface FieldKind<S extends z.ZodType = z.ZodType> {
  readonly zod: S;
  readonly check: (value: unknown) => boolean;
  /** The column type a field of this kind is stored as; null for reais, which are stored as cents. */
  readonly sqlType: SqlType | null;
}

/** A listing row's fields, by name, in the order the warehouse stores them. */
export type FieldSet = Readonly<Record<string, FieldKind>>;

function kindOf<S extends z.ZodType>(zod: S, check: (value: unknown) => boolean, sqlType: SqlType | null): FieldKind<S> {
  return Object.freeze({ zod, check, sqlType });
}

/** The service's own shape: UTC with milliseconds. Its text order is its time order (years 0000-9999). */
const STRICT_INSTANT = /^\d{4}-\d{2}-\d{2}T(?:[01]\d|2[0-3]):[0-5]\d:[0-5]\d\.\d{3}Z$/;
const calendarDay = z.iso.date();
const knownDays = new Map<string, boolean>();
let lastDay = '';

/** True when `value` is an instant in the strict `YYYY-MM-DDTHH:mm:ss.sssZ` shape on a real calendar day. */
export function isStrictInstant(value: unknown): value is string {
  if (typeof value !== 'string' || value.length !== 24 || !STRICT_INSTANT.test(value)) return false;
  // Rows of a page mostly share their day: compare with the last day checked before slicing a new one.
  if (lastDay !== '' && value.startsWith(lastDay)) return true;
  const day = value.slice(0, 10);
  let ok = knownDays.get(day);
  if (ok === undefined) {
    ok = calendarDay.safeParse(day).success;
    // A listing spans few distinct days; the cap only guards against a hostile stream of them.
    if (knownDays.size > 100_000) knownDays.clear();
    knownDays.set(day, ok);
  }
  if (ok) lastDay = day;
  return ok;
}

/** The strict ISO text of an instant in ms, or undefined when it has no such form (outside years 0-9999). */
export function strictIsoOf(ms: number): string | undefined {
  if (!Number.isFinite(ms) || ms < -62_167_219_200_000 || ms >= 253_402_300_800_000) return undefined;
  return new Date(ms).toISOString();
}

const isText = (value: unknown): boolean => typeof value === 'string';
const isNullableText = (value: unknown): boolean => value === null || typeof value === 'string';

/**
 * An id: any non-empty JSON string but one holding a lone surrogate ("\ud800"), which no UTF-8 column
 * can store. Other text is stored with such a half replaced by U+FFFD; a key never is, since an altered
 * id could meet another and could not be asked for by id again.
 */
const idSchema = z
  .string()
  .min(1)
  .refine(isWellFormed, { message: 'holds a lone surrogate (an unpaired \\ud800-\\udfff escape), which the warehouse cannot store as text' });

export const FIELD = {
  id: kindOf(idSchema, (v) => typeof v === 'string' && v.length > 0 && isWellFormed(v), 'VARCHAR'),
  /** The merchant's order id: absent, null or non-empty text. */
  itemId: kindOf(z.string().min(1).nullable().optional(), (v) => v === undefined || v === null || (typeof v === 'string' && v.length > 0), 'VARCHAR'),
  text: kindOf(z.string(), isText, 'VARCHAR'),
  nullableText: kindOf(z.string().nullable(), isNullableText, 'VARCHAR'),
  optionalText: kindOf(z.string().nullable().optional(), (v) => v === undefined || isNullableText(v), 'VARCHAR'),
  /** ISO 8601 instant; the spec says UTC with milliseconds, an explicit offset is tolerated (by zod only). */
  instant: kindOf(z.iso.datetime({ offset: true }), isStrictInstant, 'TIMESTAMPTZ'),
  /** Integer cents. */
  cents: kindOf(z.int(), Number.isSafeInteger, 'BIGINT'),
  /** Decimal reais as a JSON number; staging turns them into cents by the money module's rule. */
  reais: kindOf(z.number(), Number.isFinite, null),
  /** One of a resource's listed statuses. */
  statusOf<const T extends readonly [string, ...string[]]>(values: T) {
    const known: ReadonlySet<unknown> = new Set(values);
    return kindOf(z.enum(values), (v) => known.has(v), 'VARCHAR');
  },
} as const;

/** The loose zod object of a field set: fields the set does not name are kept, never rejected. */
export function rowSchemaOf<F extends FieldSet>(fields: F) {
  const shape = Object.fromEntries(Object.entries(fields).map(([name, kind]) => [name, kind.zod]));
  return z.looseObject(shape as { [K in keyof F]: F[K]['zod'] });
}

/** A listing row of a field set, as the zod schema types it. */
export type RowOf<F extends FieldSet> = z.infer<ReturnType<typeof rowSchemaOf<F>>>;

/**
 * The hot path's check of a field set: a plain object whose every named field passes its kind's check.
 * The check is compiled into one expression with a call site per field: a loop calling each kind's
 * check through one site cost about three times as much per row (V8 inlines a call only where it
 * always meets the same function). The source holds nothing but the set's own field names, quoted.
 */
export function rowCheckOf(fields: FieldSet): (row: unknown) => boolean {
  const entries = Object.entries(fields);
  const terms = entries.map(([name], i) => `c${i}(row[${JSON.stringify(name)}])`);
  const params = entries.map((_, i) => `c${i}`);
  const body = `return (row) => typeof row === 'object' && row !== null && !Array.isArray(row) && ${terms.join(' && ')};`;
  return new Function(...params, body)(...entries.map(([, kind]) => kind.check)) as (row: unknown) => boolean;
}
