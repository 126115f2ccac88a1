// The sentence an empty sheet shows instead of a table (SheetSpec.whenEmpty): its figures read by one
// SQL row, written through the locale's own formatters by the catalogue's sentence.
import type { DuckDBConnection } from '@duckdb/node-api';
import { ReconError } from '../shared/errors.ts';
import type { ReportPart } from '../shared/locale/error-params-run.ts';
import type { Messages } from '../shared/locale/index.ts';
import { figureFormatOf } from '../shared/locale/localize.ts';
import type { Figure } from '../shared/locale/sentence-types.ts';
import { runWithParams } from '../warehouse/sql.ts';
import { cellFromDuckValue } from './cells.ts';
import type { QueryParams } from './query-rows.ts';
import type { EmptySheetSpec } from './types.ts';

/**
 * The sentence in the locale. `day` is the business date; the spec's query (`sql`, with `$base` already
 * resolved) adds its figures.
 */
export async function composeEmptySentence(
  db: Pick<DuckDBConnection, 'prepare'>,
  spec: EmptySheetSpec,
  sql: string | undefined,
  request: { day: string; params: QueryParams; messages: Messages; label: ReportPart },
): Promise<string> {
  const { messages, label } = request;
  const figures: Record<string, Figure> = { day: request.day };
  if (sql === undefined) return messages.emptySheets[spec.message](figures, figureFormatOf(messages));
  let row: Record<string, unknown> | undefined;
  try {
    row = (await (await runWithParams(db, sql, request.params)).getRowObjects())[0];
  } catch (cause) {
    throw new ReconError('report', { id: 'queryFailed', part: label, step: 'figures', said: (cause as Error).message }, { cause });
  }
  for (const [key, type] of Object.entries(spec.figures ?? {})) {
    if (row === undefined || !(key in row)) throw new ReconError('report', { id: 'figuresMissing', part: label, column: key });
    figures[key] = cellFromDuckValue((row[key] ?? null) as Parameters<typeof cellFromDuckValue>[0], type, key) as Figure;
  }
  return messages.emptySheets[spec.message](figures, figureFormatOf(messages));
}
