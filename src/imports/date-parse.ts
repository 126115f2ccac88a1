// Parses an export's created-at text into a UTC instant (ms), reading the wall clock in the business time
// zone. luxon is the reference; numeric formats (dd/MM/yyyy HH:mm and the like) take a compiled fast path
// because luxon's fromFormat costs ~10 µs a row, too slow for a million-row export. The zone offset is
// asked of luxon once per wall-clock hour and cached, so DST gaps and overlaps resolve exactly as luxon
// resolves them. Pure: no I/O.
import { DateTime } from 'luxon';

export type InstantParser = (text: string) => number | undefined;

interface FastField {
  field: 'year' | 'month' | 'day' | 'hour' | 'minute' | 'second' | 'millisecond';
}

const FAST_TOKENS: Record<string, { field: FastField['field']; pattern: string }> = {
  yyyy: { field: 'year', pattern: '(\\d{4})' },
  MM: { field: 'month', pattern: '(\\d{2})' },
  M: { field: 'month', pattern: '(\\d{1,2})' },
  dd: { field: 'day', pattern: '(\\d{2})' },
  d: { field: 'day', pattern: '(\\d{1,2})' },
  HH: { field: 'hour', pattern: '(\\d{2})' },
  H: { field: 'hour', pattern: '(\\d{1,2})' },
  mm: { field: 'minute', pattern: '(\\d{2})' },
  m: { field: 'minute', pattern: '(\\d{1,2})' },
  ss: { field: 'second', pattern: '(\\d{2})' },
  s: { field: 'second', pattern: '(\\d{1,2})' },
  SSS: { field: 'millisecond', pattern: '(\\d{3})' },
};

/** Converts wall-clock fields in `zone` to a UTC instant; the per-hour offset is cached. */
export function wallClockConverter(zone: string): (y: number, mo: number, d: number, h: number, mi: number, s: number, ms: number) => number | undefined {
  const offsetByHour = new Map<number, number>();
  return (y, mo, d, h, mi, s, ms) => {
    if (mo < 1 || mo > 12 || d < 1 || d > 31 || h > 23 || mi > 59 || s > 59) return undefined;
    const wall = Date.UTC(y, mo - 1, d, h, mi, s, ms);
    // Date.UTC rolls 31/02 over to March; a day that does not exist is a bad date, not another day.
    if (new Date(wall).getUTCDate() !== d || y < 1000) return undefined;
    const key = ((y * 12 + mo) * 31 + d) * 24 + h;
    let offset = offsetByHour.get(key);
    if (offset === undefined) {
      const local = DateTime.fromObject({ year: y, month: mo, day: d, hour: h }, { zone });
      if (!local.isValid) return undefined;
      offset = local.toMillis() - Date.UTC(y, mo - 1, d, h);
      offsetByHour.set(key, offset);
    }
    return wall + offset;
  };
}

/** A compiled parser for numeric luxon formats; undefined when the format uses other tokens. */
function fastParserFor(format: string, toInstant: ReturnType<typeof wallClockConverter>): InstantParser | undefined {
  const fields: FastField['field'][] = [];
  let pattern = '^';
  for (let i = 0; i < format.length; ) {
    const ch = format[i] ?? '';
    if (ch === "'") {
      const close = format.indexOf("'", i + 1);
      if (close === -1) return undefined;
      pattern += escapeRegex(format.slice(i + 1, close));
      i = close + 1;
      continue;
    }
    if (/[A-Za-z]/.test(ch)) {
      let run = ch;
      while (format[i + run.length] === ch) run += ch;
      const token = FAST_TOKENS[run];
      if (!token) return undefined;
      fields.push(token.field);
      pattern += token.pattern;
      i += run.length;
      continue;
    }
    pattern += escapeRegex(ch);
    i++;
  }
  if (!fields.includes('year') || !fields.includes('month') || !fields.includes('day')) return undefined;
  const regex = new RegExp(`${pattern}$`);
  return (text) => {
    const match = regex.exec(text);
    if (!match) return undefined;
    const v = { year: 0, month: 1, day: 1, hour: 0, minute: 0, second: 0, millisecond: 0 };
    for (let k = 0; k < fields.length; k++) v[fields[k] as FastField['field']] = Number(match[k + 1]);
    return toInstant(v.year, v.month, v.day, v.hour, v.minute, v.second, v.millisecond);
  };
}

/**
 * Parser for created-at text: the configured luxon format in the zone (an offset in the text wins), then
 * ISO 8601 (`2024-05-01T14:32:00-03:00`, or without offset as local time in the zone).
 */
export function instantParserFor(format: string, zone: string): InstantParser {
  const toInstant = wallClockConverter(zone);
  const fast = fastParserFor(format, toInstant);
  return (raw) => {
    const text = raw.trim();
    if (text === '') return undefined;
    const quick = fast?.(text);
    if (quick !== undefined) return quick;
    const formatted = DateTime.fromFormat(text, format, { zone });
    if (formatted.isValid) return formatted.toMillis();
    if (/^\d{4}-\d{2}-\d{2}/.test(text)) {
      const iso = DateTime.fromISO(text.replace(' ', 'T'), { zone });
      if (iso.isValid) return iso.toMillis();
    }
    return undefined;
  };
}

/** A spreadsheet date cell: its UTC fields are the wall clock the sheet showed (exceljs convention). */
export function instantFromSheetDate(date: Date, toInstant: ReturnType<typeof wallClockConverter>): number | undefined {
  if (Number.isNaN(date.getTime())) return undefined;
  return toInstant(
    date.getUTCFullYear(),
    date.getUTCMonth() + 1,
    date.getUTCDate(),
    date.getUTCHours(),
    date.getUTCMinutes(),
    date.getUTCSeconds(),
    date.getUTCMilliseconds(),
  );
}

function escapeRegex(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&');
}
