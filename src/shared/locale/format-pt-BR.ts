// How a finance team in Brazil reads values: "R$ 1.234,56", "-R$ 0,10", "5.395", "3,49 %",
// "27/11/2026 14:05", "13,0 s", "Sim"/"Não". Negative money carries an ASCII minus before the symbol, one
// way everywhere (the page, the terminal, alerts, reason sentences): a cell holding it is text and goes
// through the formula rule like any other text.
import type { Formatter } from './format.ts';
import { bigOf, dayText, durationText, groupedCents, groupedWhole, hundredthsText, instantText, moneyText, tenthsOfSeconds } from './number-text.ts';

const BR = { group: '.', decimal: ',' };

export const formatPtBR: Formatter = {
  locale: 'pt-BR',
  money: (cents) => moneyText(bigOf(cents), BR, 'negative'),
  signedMoney: (cents) => moneyText(bigOf(cents), BR, 'always'),
  plainReais: (cents) => groupedCents(cents, { group: '', decimal: ',' }),
  count: (n) => groupedWhole(bigOf(n), '.'),
  rate: (bp) => `${hundredthsText(bigOf(bp), ',')} %`,
  decimal: (value, digits) => value.toFixed(digits).replace('.', ','),
  day: (iso) => dayText(iso, 'dd/MM/yyyy'),
  shortDay: (iso) => dayText(iso, 'dd/MM'),
  instant: (at, zone) => instantText(at, zone, 'dd/MM/yyyy HH:mm'),
  instantSeconds: (at, zone) => instantText(at, zone, 'dd/MM/yyyy HH:mm:ss'),
  duration: (ms) => durationText(ms, (s) => `${tenthsOfSeconds(s, ',')} s`),
  elapsed: (ms) => durationText(Math.floor(ms / 1000) * 1000, (s) => `${s} s`),
  yes: 'Sim',
  no: 'Não',
  boolean: (value) => (value ? 'Sim' : 'Não'),
};

/** The grouping the reconcile rules' English sentences write amounts in: 123456n -> "1.234,56". */
export function brazilianReais(cents: bigint | number): string {
  return groupedCents(bigOf(cents), BR);
}
