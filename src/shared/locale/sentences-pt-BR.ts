// What a report says in Portuguese instead of a table that would look like an answer: the sentence of
// each sheet that can be empty (SheetSpec.whenEmpty; its figures come from the sheet's own SQL), and
// the one sheet of a report whose check is off (ReportDefinition.check), which the page shows too.
import type { EmptySentence } from './sentence-types.ts';
import { wholeOf } from './sentence-types.ts';
import { pagePtBR } from './page-pt-BR.ts';

interface SheetNames {
  byBrand: string;
  feesMonth: string;
}

export function emptySheetsPtBR(sheets: SheetNames) {
  return {
    chargebacks: (v, f) =>
      `Nenhum chargeback novo nem com achado em aberto em ${f.day(v['day'])}; ${
        wholeOf(v['open']) === 0n ? 'nenhum chargeback em aberto' : `${f.count(v['open'])} em aberto, ${f.money(v['open_cents'])}, na aba ${sheets.byBrand}`
      }.`,
    chargebacksByBrand: (v, f) => `Nenhum chargeback em aberto no fim de ${f.day(v['day'])}.`,
    refunds: (v, f) => `Nenhuma transação estornada em ${f.day(v['day'])}.`,
    feesDay: (v, f) =>
      `Nenhuma venda no cartão em ${f.day(v['day'])}${
        wholeOf(v['month_sales']) === 0n ? '' : `; ${f.count(v['month_sales'])} no mês, ${f.money(v['month_net_cents'])} líquidos, na aba ${sheets.feesMonth}`
      }.`,
    feesMonth: (v, f) => `Nenhuma venda no cartão de ${f.day(v['first_day'])} a ${f.day(v['day'])}.`,
    forecastLines: (v, f) =>
      `Nenhuma parcela de venda no cartão paga vence de ${f.day(v['first_day'])} a ${f.day(v['last_day'])}: não há recebíveis previstos.`,
    payouts: (v, f) => `Nenhum repasse para as contas da empresa a conferir em ${f.day(v['day'])}.`,
    bankDay: (v, f) => `Nenhum extrato nem lançamento das contas da empresa em ${f.day(v['day'])}.`,
  } satisfies Record<string, EmptySentence>;
}

export const checksOffPtBR = {
  fees: {
    heading: 'Taxas do cartão',
    sentence:
      'Conferência de taxas desligada (fees.check: "off"): este relatório não foi calculado. Para ligá-la, se o lojista repassa as taxas do cartão ao cliente, defina fees.check: "passed-to-customer" na configuração (veja docs/reports.md#checks-that-are-off).',
  },
  bank: {
    heading: pagePtBR.bank.heading,
    sentence:
      'Conferência bancária desligada (nenhuma conta em bank.accounts): este relatório não foi calculado. Para ligá-la, liste as contas da empresa em bank.accounts e o extrato de cada noite em bank.statementPath na configuração (veja docs/bank.md#accounts-and-statements).',
  },
};
