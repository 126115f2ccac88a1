// The one way recon puts values into SQL. Values travel as prepared parameters named `$name` (the
// style the report definitions document for their authors), bound by DuckDB and never spliced into
// the text; dateParam and instantParam make the typed values of dates and instants. What a parameter
// cannot be (a table or column name) and text that must stay in the SQL itself (a file path in a
// SELECT that other statements embed, a command printed for a person to paste, a constant in a
// report's static SQL) go through sqlIdentifier and sqlLiteral: the only SQL quoting in recon, tested
// against quotes, NUL, unpaired surrogates and injection attempts.
import {
  dateValue,
  timestampTZValue,
  type DuckDBConnection,
  type DuckDBDateValue,
  type DuckDBMaterializedResult,
  type DuckDBPreparedStatement,
  type DuckDBTimestampTZValue,
  type DuckDBValue,
} from '@duckdb/node-api';
import { ReconError } from '../shared/errors.ts';
import { isWellFormed } from '../shared/well-formed.ts';

/** Values of a statement's `$name` parameters, by name (without the `$`). */
export type SqlParams = Readonly<Record<string, DuckDBValue>>;

/** A business date (YYYY-MM-DD) as a DATE parameter value. */
export function dateParam(date: string): DuckDBDateValue {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(date);
  if (!match) throw new ReconError('internal', `expected a date as YYYY-MM-DD, got "${date}"`);
  return dateValue(Date.UTC(Number(match[1]), Number(match[2]) - 1, Number(match[3])) / 86_400_000);
}

/** An instant (epoch milliseconds) as a TIMESTAMPTZ parameter value (DuckDB counts microseconds). */
export function instantParam(ms: number): DuckDBTimestampTZValue {
  return timestampTZValue(BigInt(Math.trunc(ms)) * 1000n);
}

/** A name quoted as a DuckDB identifier: `"..."` with `"` doubled, so it can only ever name something. */
export function sqlIdentifier(name: string): string {
  if (name === '') throw new ReconError('internal', 'expected an SQL identifier, got an empty name; name the table or column');
  checkText(name, 'identifier');
  return `"${name.replaceAll('"', '""')}"`;
}

/** Text as a DuckDB string literal: `'...'` with `'` doubled (DuckDB reads no backslash escapes in it). */
export function sqlLiteral(text: string): string {
  checkText(text, 'string literal');
  return `'${text.replaceAll("'", "''")}'`;
}

/**
 * DuckDB's parser ends a quoted string at NUL, and text that is not well-formed UTF-16 would reach
 * DuckDB altered (an unpaired surrogate becomes U+FFFD): both are refused rather than quoted wrongly.
 */
function checkText(text: string, what: string): void {
  if (text.includes('\0')) {
    throw new ReconError(
      'internal',
      `expected an SQL ${what} without NUL characters, got ${JSON.stringify(text.slice(0, 80))}; pass the value as a $name parameter instead`,
    );
  }
  if (!isWellFormed(text)) {
    throw new ReconError(
      'internal',
      `expected an SQL ${what} of well-formed Unicode, got one with an unpaired surrogate (${JSON.stringify(text.slice(0, 80))}); pass the value as a $name parameter instead`,
    );
  }
}

/**
 * Runs one statement with the parameters it names, taken from `params` (which may hold more: DuckDB
 * refuses a value for a name the statement lacks, so one set of values can serve many statements).
 * A name with no value fails before DuckDB runs anything, naming it.
 */
export async function runWithParams(db: Pick<DuckDBConnection, 'prepare'>, sql: string, params: SqlParams): Promise<DuckDBMaterializedResult> {
  const prepared = await db.prepare(sql);
  try {
    bindNamedParams(prepared, params);
    return await prepared.run();
  } finally {
    prepared.destroySync();
  }
}

/** Binds the prepared statement's `$name` parameters from `params`, and only those. */
export function bindNamedParams(prepared: DuckDBPreparedStatement, params: SqlParams): void {
  const used: Record<string, DuckDBValue> = {};
  for (let index = 1; index <= prepared.parameterCount; index++) {
    const name = prepared.parameterName(index);
    if (!Object.hasOwn(params, name)) {
      const given =
        Object.keys(params)
          .map((n) => `$${n}`)
          .join(', ') || 'none';
      throw new ReconError(
        'internal',
        `the statement uses $${name}, which has no value (the values given: ${given}); use one of those, or give ${name} a value`,
      );
    }
    used[name] = params[name] ?? null;
  }
  prepared.bind(used);
}
