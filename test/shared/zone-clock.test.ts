// The fast wall clock is luxon's, instant for instant: across DST transitions (on the hour and on the
// half hour), odd offsets and fixed zones, both as text in every format recon writes and as the Excel
// date of a workbook cell.
import { DateTime } from 'luxon';
import { describe, expect, it } from 'vitest';
import { instantText } from '../../src/shared/locale/number-text.ts';
import { excelDateFromInstant } from '../../src/report/cells.ts';
import { formatWallClock, zoneOffsetMs } from '../../src/shared/zone-clock.ts';

const FORMATS = ['dd/MM/yyyy HH:mm', 'dd/MM/yyyy HH:mm:ss', 'yyyy-MM-dd HH:mm', 'yyyy-MM-dd HH:mm:ss'];

/** Instants every 7 minutes and 13 seconds over the two days around `isoDay` (odd steps cross every minute of an hour). */
function instantsAround(isoDay: string): number[] {
  const start = Date.parse(`${isoDay}T00:00:00Z`) - 86_400_000;
  return Array.from({ length: Math.ceil((2 * 86_400_000) / 433_017) }, (_, i) => start + i * 433_017);
}

describe('the wall clock of an instant', () => {
  it.each([
    ['America/Sao_Paulo', '2018-11-04'],
    ['America/Sao_Paulo', '2019-02-17'],
    ['America/Sao_Paulo', '2026-03-31'],
    ['America/New_York', '2026-03-08'],
    ['America/New_York', '2026-11-01'],
    ['Australia/Lord_Howe', '2026-04-05'],
    ['Australia/Lord_Howe', '2026-10-04'],
    ['Asia/Kathmandu', '2026-01-01'],
    ['UTC', '2026-06-30'],
    ['UTC+3', '2026-06-30'],
  ])('%s around %s: luxon text and Excel dates, exactly', (zone, day) => {
    for (const at of instantsAround(day)) {
      const dt = DateTime.fromMillis(at, { zone });
      for (const format of FORMATS) expect(instantText(at, zone, format)).toBe(dt.toFormat(format));
      const cell = excelDateFromInstant(at, zone);
      expect(cell.getTime()).toBe(Date.UTC(dt.year, dt.month - 1, dt.day, dt.hour, dt.minute, dt.second, dt.millisecond));
    }
  });

  it('leaves other formats and unknown zones to luxon', () => {
    const at = Date.parse('2026-03-31T15:04:05.678Z');
    expect(formatWallClock(new Date(at), "dd 'de' MMMM")).toBeUndefined();
    expect(formatWallClock(new Date(at), 'HH:mm ZZ')).toBeUndefined();
    // A longer run of a token's letter is another token for luxon (a month's name, a weekday).
    for (const format of ['dd MMMM yyyy', 'dddd', 'HHH:mm', 'yyyyy']) {
      expect(formatWallClock(new Date(at), format)).toBeUndefined();
      expect(instantText(at, 'UTC', format)).toBe(DateTime.fromMillis(at, { zone: 'UTC' }).toFormat(format));
    }
    expect(instantText(at, 'America/Sao_Paulo', 'HH:mm ZZ')).toBe('12:04 -03:00');
    expect(zoneOffsetMs(at, 'Mars/Olympus')).toBeUndefined();
    // luxon cannot read it either: the instant is written as it came, as before.
    expect(instantText(at, 'Mars/Olympus', 'yyyy')).toBe(String(at));
  });
});
