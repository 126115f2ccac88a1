// What a report says in English instead of a table that would look like an answer: the sentence of each
// sheet that can be empty (SheetSpec.whenEmpty) and of a report whose check is off. Same keys as pt-BR.
import type { Messages } from './index.ts';
import type { EmptySentence } from './sentence-types.ts';
import { wholeOf } from './sentence-types.ts';
import { pageEn } from './page-en.ts';

interface SheetNames {
  byBrand: string;
  feesMonth: string;
}

export function emptySheetsEn(sheets: SheetNames): Messages['emptySheets'] {
  return {
    chargebacks: (v, f) =>
      `No chargeback is new or has an open finding on ${f.day(v['day'])}; ${
        wholeOf(v['open']) === 0n ? 'no chargeback is open' : `${f.count(v['open'])} open, ${f.money(v['open_cents'])}, on the sheet ${sheets.byBrand}`
      }.`,
    chargebacksByBrand: (v, f) => `No chargeback is open at the end of ${f.day(v['day'])}.`,
    refunds: (v, f) => `No transaction was refunded on ${f.day(v['day'])}.`,
    feesDay: (v, f) =>
      `No card sale on ${f.day(v['day'])}${
        wholeOf(v['month_sales']) === 0n
          ? ''
          : `; ${f.count(v['month_sales'])} this month, ${f.money(v['month_net_cents'])} net, on the sheet ${sheets.feesMonth}`
      }.`,
    feesMonth: (v, f) => `No card sale from ${f.day(v['first_day'])} to ${f.day(v['day'])}.`,
    forecastLines: (v, f) =>
      `No installment of a paid card sale falls due from ${f.day(v['first_day'])} to ${f.day(v['last_day'])}: no receivables are forecast.`,
    payouts: (v, f) => `No payout to the merchant's own accounts to check on ${f.day(v['day'])}.`,
    bankDay: (v, f) => `No statement or line of the merchant's own accounts on ${f.day(v['day'])}.`,
  } satisfies Record<string, EmptySentence>;
}

export const checksOffEn: Messages['checksOff'] = {
  fees: {
    heading: 'Card fees',
    sentence:
      'The fee check is off (fees.check: "off"): this report was not computed. To turn it on, when the merchant passes the card fees on to its customers, set fees.check: "passed-to-customer" in the config (see docs/reports.md#checks-that-are-off).',
  },
  bank: {
    heading: pageEn.bank.heading,
    sentence:
      "The bank check is off (no account in bank.accounts): this report was not computed. To turn it on, list the merchant's own accounts in bank.accounts and each night's statement in bank.statementPath in the config (see docs/bank.md#accounts-and-statements).",
  },
};
