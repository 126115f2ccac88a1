// How recon writes values under `reports.locale: "en"`: "R$ 1,234.56", "-R$ 0.10", "5,395", "3.49%",
// ISO days "2026-11-27", instants "2026-11-27 14:05" in the zone, "13.0 s", "Yes"/"No".
import type { Formatter } from './format.ts';
import { bigOf, dayText, durationText, groupedCents, groupedWhole, hundredthsText, instantText, moneyText, tenthsOfSeconds } from './number-text.ts';

const EN = { group: ',', decimal: '.' };

export const formatEn: Formatter = {
  locale: 'en',
  money: (cents) => moneyText(bigOf(cents), EN, 'negative'),
  signedMoney: (cents) => moneyText(bigOf(cents), EN, 'always'),
  plainReais: (cents) => groupedCents(cents, { group: '', decimal: '.' }),
  count: (n) => groupedWhole(bigOf(n), ','),
  rate: (bp) => `${hundredthsText(bigOf(bp), '.')}%`,
  decimal: (value, digits) => value.toFixed(digits),
  day: (iso) => dayText(iso, 'yyyy-MM-dd'),
  shortDay: (iso) => dayText(iso, 'MM-dd'),
  instant: (at, zone) => instantText(at, zone, 'yyyy-MM-dd HH:mm'),
  instantSeconds: (at, zone) => instantText(at, zone, 'yyyy-MM-dd HH:mm:ss'),
  duration: (ms) => durationText(ms, (s) => `${tenthsOfSeconds(s, '.')} s`),
  elapsed: (ms) => durationText(Math.floor(ms / 1000) * 1000, (s) => `${s} s`),
  yes: 'Yes',
  no: 'No',
  boolean: (value) => (value ? 'Yes' : 'No'),
};
