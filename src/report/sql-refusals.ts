// Why `recon sql` refuses a statement, in one sentence. DuckDB does the refusing: the warehouse is opened
// read-only and sealed (no other file, no extension, settings locked; see warehouse/open.ts). A few
// statement kinds are also turned away before they run, so the answer does not hang on DuckDB's
// wording, and DuckDB's own errors are sorted into the same reasons.
import { StatementType } from '@duckdb/node-api';
import { ReconError } from '../shared/errors.ts';
import type { SqlRefusal } from '../shared/locale/error-params-cli.ts';

/** The reasons, worded by each locale's catalogue (errors-flags-*.ts). */
export type Refusal = SqlRefusal;

/** Kinds that only ever touch files, extensions or settings: none of them can be a read of the warehouse. */
const REFUSED_KINDS: ReadonlyMap<StatementType, Refusal> = new Map([
  [StatementType.COPY, 'files'],
  [StatementType.COPY_DATABASE, 'files'],
  [StatementType.EXPORT, 'files'],
  [StatementType.ATTACH, 'files'],
  [StatementType.DETACH, 'files'],
  // INSTALL is a LOAD statement to DuckDB.
  [StatementType.LOAD, 'extensions'],
  [StatementType.EXTENSION, 'extensions'],
  [StatementType.UPDATE_EXTENSIONS, 'extensions'],
  // PRAGMAs that read (table_info, database_size, ...) are SELECT or CALL statements; the PRAGMA kind
  // is left with the ones that set something or checkpoint.
  [StatementType.PRAGMA, 'settings'],
  // A prepared statement's kind is PREPARE whatever it holds (a COPY, say): the kind check above would
  // never see what EXECUTE runs. The raw rows' folder is open to the sealed instance, so a COPY that
  // got through could overwrite the texts there.
  [StatementType.PREPARE, 'indirect'],
  [StatementType.EXECUTE, 'indirect'],
]);

/** EXPLAIN ANALYZE (or ANALYSE, or an option list naming it) runs the statement it explains. */
const EXPLAIN_ANALYZE = /\bEXPLAIN\b[\s\S]*?\bANALY[SZ]E\b/i;

/** The reason a statement of this kind (from this SQL text) is refused before it runs, if it is. */
export function refusalOfKind(kind: StatementType, sql = ''): Refusal | undefined {
  if (kind === StatementType.EXPLAIN && EXPLAIN_ANALYZE.test(sql)) return 'indirect';
  return REFUSED_KINDS.get(kind);
}

/** The reason behind one of DuckDB's errors, when it is one of the seal's refusals. */
export function refusalOfError(message: string): Refusal | undefined {
  if (/Permission Error/i.test(message) && /extension/i.test(message)) return 'extensions';
  if (/file system operations are disabled|Permission Error/i.test(message)) return 'files';
  if (/configuration has been locked|while database is running/i.test(message)) return 'settings';
  if (/read-only|read only/i.test(message)) return 'writes';
  return undefined;
}

/** The error a refusal ends the statement with: exit code 2, as any bad input. */
export function refusalError(refusal: Refusal, duckdbMessage?: string, cause?: unknown): ReconError {
  const said = duckdbMessage?.split('\n')[0]?.trim();
  return new ReconError('usage', { id: 'sqlReadOnly', refusal, ...(said === undefined ? {} : { said }) }, { cause });
}
