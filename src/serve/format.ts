// Display text of the web page: amounts in BRL from exact cents, instants as wall-clock in the business
// time zone. Nothing here does arithmetic on floats.
import { DateTime } from 'luxon';

/** 123456n -> "R$ 1.234,56", exact for any integer number of cents. */
export function brlFromCents(cents: bigint | number): string {
  const value = typeof cents === 'bigint' ? cents : BigInt(Math.trunc(cents));
  const negative = value < 0n;
  const abs = negative ? -value : value;
  const whole = String(abs / 100n).replace(/\B(?=(\d{3})+(?!\d))/g, '.');
  const fraction = String(abs % 100n).padStart(2, '0');
  return `${negative ? '-' : ''}R$ ${whole},${fraction}`;
}

/** An ISO instant or epoch ms as "2026-03-11 02:00" (or the locale's `format`) in the zone; the input text when unparsable. */
export function localDateTime(instant: string | number, zone: string, format = 'yyyy-MM-dd HH:mm'): string {
  const dt = typeof instant === 'number' ? DateTime.fromMillis(instant, { zone }) : DateTime.fromISO(instant, { zone });
  return dt.isValid ? dt.toFormat(format) : String(instant);
}

/** Offset label of the zone at an instant, e.g. "America/Sao_Paulo (UTC-3)". */
export function zoneLabel(zone: string, atMs: number): string {
  const dt = DateTime.fromMillis(atMs, { zone });
  return dt.isValid ? `${zone} (UTC${dt.toFormat('Z')})` : zone;
}
