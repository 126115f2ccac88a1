// An instant on a zone's wall clock, fast: reports turn a million instants into local dates and times
// a night, and luxon's DateTime asks Intl for the zone's offset on every one (about 3 µs each, a second
// of a busy night). The offset is asked of luxon once per UTC hour and kept; an hour in which the offset
// changes (a DST transition, which some zones make on the half hour) is never kept, and each of its
// instants is asked of luxon, so every result is luxon's own. Pure.
import { Info, type Zone } from 'luxon';

const HOUR_MS = 3_600_000;
/** Hours kept per zone before the cache starts again (a year of hours is 8,760). */
const MAX_HOURS = 100_000;
/** An hour whose offset changes within it. */
const MIXED = Number.NaN;

const zones = new Map<string, { zone: Zone | null; hours: Map<number, number> }>();

/** The zone's offset from UTC at `epochMs`, in milliseconds; undefined for a zone luxon does not know. */
export function zoneOffsetMs(epochMs: number, zoneName: string): number | undefined {
  let entry = zones.get(zoneName);
  if (entry === undefined) {
    const zone = Info.normalizeZone(zoneName);
    entry = { zone: zone?.isValid ? zone : null, hours: new Map() };
    zones.set(zoneName, entry);
  }
  const { zone, hours } = entry;
  if (zone === null || !Number.isFinite(epochMs)) return undefined;
  const hour = Math.floor(epochMs / HOUR_MS);
  let offset = hours.get(hour);
  if (offset === undefined) {
    const start = zone.offset(hour * HOUR_MS);
    offset = start === zone.offset(hour * HOUR_MS + HOUR_MS - 1) ? start * 60_000 : MIXED;
    if (hours.size >= MAX_HOURS) hours.clear();
    hours.set(hour, offset);
  }
  return Number.isNaN(offset) ? zone.offset(epochMs) * 60_000 : offset;
}

/** The wall clock of `epochMs` in the zone, as a Date whose UTC fields are the local ones (undefined: an unknown zone). */
export function wallClockOf(epochMs: number, zoneName: string): Date | undefined {
  const offset = zoneOffsetMs(epochMs, zoneName);
  return offset === undefined ? undefined : new Date(epochMs + offset);
}

const TOKENS = new Set(['yyyy', 'MM', 'dd', 'HH', 'mm', 'ss']);
/** A run of one letter: luxon reads `MMMM` as a month's name, never as `MM` twice. */
const LETTER_RUNS = /([A-Za-z])\1*/g;

/**
 * `format` written for the wall clock `local` (wallClockOf), when its only letters are the tokens yyyy,
 * MM, dd, HH, mm and ss, each a whole run of its letter, and it quotes nothing; undefined for any other
 * format (luxon's then).
 */
export function formatWallClock(local: Date, format: string): string | undefined {
  if (format.includes("'") || !(format.match(LETTER_RUNS) ?? []).every((run) => TOKENS.has(run))) return undefined;
  const year = local.getUTCFullYear();
  if (year < 0 || year > 9999) return undefined;
  const two = (n: number) => String(n).padStart(2, '0');
  return format.replace(LETTER_RUNS, (token) => {
    switch (token) {
      case 'yyyy':
        return String(year).padStart(4, '0');
      case 'MM':
        return two(local.getUTCMonth() + 1);
      case 'dd':
        return two(local.getUTCDate());
      case 'HH':
        return two(local.getUTCHours());
      case 'mm':
        return two(local.getUTCMinutes());
      default:
        return two(local.getUTCSeconds());
    }
  });
}
