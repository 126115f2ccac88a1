// Reads a sheet's label/value notes (the Summary's run window and data freshness) into plain values.
import type { DuckDBConnection } from '@duckdb/node-api';
import { ReconError } from '../shared/errors.ts';
import type { ReportPart } from '../shared/locale/error-params-run.ts';
import { cellFromDuckValue } from './cells.ts';
import { runWithParams } from '../warehouse/sql.ts';
import type { QueryParams } from './query-rows.ts';
import type { NotesSpec } from './types.ts';
import type { SheetNote } from './xlsx-writer.ts';

export async function readNotes(db: Pick<DuckDBConnection, 'prepare'>, notes: NotesSpec, params: QueryParams, label: ReportPart): Promise<SheetNote[]> {
  let rows;
  try {
    rows = await (await runWithParams(db, notes.sql, params)).getRowObjects();
  } catch (cause) {
    throw new ReconError('report', { id: 'queryFailed', part: label, step: 'notes', said: (cause as Error).message }, { cause });
  }
  return rows.map((row) => ({
    label: String(row['label'] ?? ''),
    text: cellFromDuckValue(row['text_value'] ?? null, 'text', 'text_value') as string | null,
    instantMs: cellFromDuckValue(row['instant_value'] ?? null, 'instant', 'instant_value') as number | null,
  }));
}
