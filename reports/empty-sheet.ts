// The figures most empty sheets quote: the night's day, which the engine always gives. A sheet whose
// sentence needs more (the open chargebacks, the month's sales) says its own SQL beside its definition.
import type { EmptySheetKey, EmptySheetSpec } from '../src/report/types.ts';

/** "Nothing on <day>": the sentence `message`, which quotes the business date alone (`day`, always given). */
export function emptyOnDay(message: EmptySheetKey): EmptySheetSpec {
  return { message };
}
