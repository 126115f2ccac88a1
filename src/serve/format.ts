// The business time zone as the page names it. Values (money, counts, instants) are written by the
// locale's formatter (src/shared/locale/format.ts, `messages.fmt`).
import { DateTime } from 'luxon';

/** Offset label of the zone at an instant, e.g. "America/Sao_Paulo (UTC-3)". */
export function zoneLabel(zone: string, atMs: number): string {
  const dt = DateTime.fromMillis(atMs, { zone });
  return dt.isValid ? `${zone} (UTC${dt.toFormat('Z')})` : zone;
}
