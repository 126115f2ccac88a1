// The catalogues: every key of pt-BR exists in en and the other way round, the labels fit where they
// go, and the reason sentences the reconcile rules write come back, fact for fact, in each locale.
import { describe, expect, it } from 'vitest';
import { FINDING_CATEGORIES } from '../../src/shared/domain.ts';
import { LOCALES, messagesFor } from '../../src/shared/locale/index.ts';
import { localizeReason, rebuildEnglishReason } from '../../src/shared/locale/localize.ts';
import { en } from '../../src/shared/locale/en.ts';
import { ptBR } from '../../src/shared/locale/pt-BR.ts';

/** Every path to a leaf (a string or a function) of a catalogue. */
function keyPaths(value: unknown, prefix = ''): string[] {
  if (value === null || typeof value !== 'object') return [prefix];
  return Object.entries(value).flatMap(([key, inner]) => keyPaths(inner, prefix === '' ? key : `${prefix}.${key}`));
}

describe('catalogues', () => {
  it('have the same keys in every locale', () => {
    const pt = keyPaths(ptBR).sort();
    expect(pt.length).toBeGreaterThan(100);
    expect(keyPaths(en).sort()).toEqual(pt);
  });

  it.each(LOCALES)('%s labels every finding category and state, and leaves none empty', (locale) => {
    const m = messagesFor(locale);
    expect(Object.keys(m.categories).sort()).toEqual([...FINDING_CATEGORIES].sort());
    // The computed states, then the triage marks a person puts on a finding (docs/triage.md).
    expect(Object.keys(m.states).sort()).toEqual(['accepted', 'acknowledged', 'new', 'open', 'resolved']);
    for (const path of keyPaths(m)) {
      const leaf = path.split('.').reduce<unknown>((v, k) => (v as Record<string, unknown>)[k], m);
      if (typeof leaf === 'string') expect(leaf.trim(), path).not.toBe('');
    }
  });

  it.each(LOCALES)('%s sheet names are valid Excel sheet names, all different', (locale) => {
    const m = messagesFor(locale);
    const names = [...Object.values(m.sheets), ...Object.values(m.categories)];
    for (const name of names) expect(name).toMatch(/^[^[\]:*?/\\]{1,31}$/);
    expect(new Set(names.map((n) => n.toLowerCase())).size).toBe(names.length);
  });

  it('pt-BR is what the issue asked for', () => {
    expect(ptBR.categories.missing_payment).toBe('Pagamento ausente');
    expect(ptBR.categories.duplicate_charge).toBe('Cobrança duplicada');
    expect(ptBR.categories.refund_not_recorded).toBe('Estorno não registrado na loja');
    expect(ptBR.states).toEqual({ new: 'novo', open: 'em aberto', resolved: 'resolvido', acknowledged: 'ciente', accepted: 'aceito' });
    expect([ptBR.yes, ptBR.no]).toEqual(['Sim', 'Não']);
  });
});

const ZONE = 'America/Sao_Paulo';

// One sentence of every shape the rules write (src/reconcile/rules.ts), with its Portuguese.
const REASONS: [string, string][] = [
  ['order 150,00 vs net_value 149,90 (-0,10)', 'pedido R$ 150,00 × valor líquido R$ 149,90 (-R$ 0,10)'],
  ['order 1.234,56 vs cash-in amount 1.244,56 (+10,00)', 'pedido R$ 1.234,56 × valor do cash-in R$ 1.244,56 (+R$ 10,00)'],
  [
    'order edited on 2026-11-10 from 100,00 to 90,00; paid 100,00 (+10,00)',
    'pedido editado em 10/11/2026 de R$ 100,00 para R$ 90,00; pago R$ 100,00 (+R$ 10,00)',
  ],
  [
    'order 80,00 is paid but no paid, refunded or charged-back payment exists',
    'pedido R$ 80,00 está pago, mas não há pagamento pago, estornado ou com chargeback',
  ],
  [
    'order marked paid on 2026-03-09 (was pending); order 80,00 is paid but no paid, refunded or charged-back payment exists (payments seen: refused,review)',
    'pedido marcado como pago em 09/03/2026 (antes: pendente); pedido R$ 80,00 está pago, mas não há pagamento pago, estornado ou com chargeback (pagamentos vistos: recusado, em análise)',
  ],
  [
    'paid transaction tx_1 of 99,90 matches no order (the listing row has no item_id)',
    'transação paga tx_1 de R$ 99,90 não corresponde a nenhum pedido (a linha da listagem não tem item_id)',
  ],
  ['paid cash-in ci_9 of 10,00 matches no order (item_id X-1)', 'cash-in pago ci_9 de R$ 10,00 não corresponde a nenhum pedido (item_id X-1)'],
  ['2 payments are paid for one item: tx_1 50,00, tx_2 50,00', '2 pagamentos pagos para um mesmo item: tx_1 R$ 50,00, tx_2 R$ 50,00'],
  ['order is canceled but payment tx_3 of 20,00 is still paid', 'pedido está cancelado, mas o pagamento tx_3 de R$ 20,00 continua pago'],
  // 12:30 UTC is 09:30 in Sao Paulo.
  [
    'transaction tx_4 was refunded on 2026-03-10 12:30 UTC but the order is still paid',
    'transação tx_4 estornada em 10/03/2026 09:30, mas o pedido continua pago',
  ],
  [
    'transaction tx_5,tx_6 was charged back on 2026-03-11 02:00 UTC but the order is still paid',
    'transação tx_5,tx_6 teve chargeback em 10/03/2026 23:00, mas o pedido continua pago',
  ],
  [
    'transaction tx_7 has been in review since 2026-03-08 15:00 UTC (57 h at the end of the day)',
    'transação tx_7 em análise desde 08/03/2026 12:00 (57 h no fim do dia)',
  ],
  ['order is pending but payment tx_8 of 30,00 is paid', 'pedido está pendente, mas o pagamento tx_8 de R$ 30,00 está pago'],
  ['cash-in amount 50,00 vs paid_amount 49,00 (-1,00)', 'valor do cash-in R$ 50,00 × valor pago R$ 49,00 (-R$ 1,00)'],
  ['payout of 500,00 failed: bank refused', 'saque de R$ 500,00 falhou: bank refused'],
  ['payout of 500,00 failed', 'saque de R$ 500,00 falhou'],
  [
    'payout of 1.000,00 has been pending since 2026-03-07 12:00 UTC (84 h at the end of the day)',
    'saque de R$ 1.000,00 está pendente desde 07/03/2026 09:00 (84 h no fim do dia)',
  ],
  ['payout amount 300,00 vs paid_off_amount 290,00 (-10,00)', 'valor do saque R$ 300,00 × valor repassado R$ 290,00 (-R$ 10,00)'],
  [
    'transaction tx_9 left review: rejected by the fraud check (no longer listed by the service; seen missing on 2026-03-10 05:00 UTC)',
    'transação tx_9 saiu da análise: rejeitada pelo antifraude (o serviço não a lista mais; vista ausente em 10/03/2026 02:00)',
  ],
  ['transaction tx_9 left review: now paid since 2026-03-10 05:00 UTC', 'transação tx_9 saiu da análise: agora pago desde 10/03/2026 02:00'],
  ['transaction tx_9 left review: now refused', 'transação tx_9 saiu da análise: agora recusado'],
  // The fee check's sentence, in the words the issue gave.
  ['12x visa: charged 1.130,00, table 1.119,40 (rate 11.94%)', '12x visa: cobrado R$ 1.130,00, tabela R$ 1.119,40 (taxa 11,94%)'],
  ['1x elo: charged 100,00, table 103,19 (rate 2.995%)', '1x elo: cobrado R$ 100,00, tabela R$ 103,19 (taxa 2,995%)'],
  [
    'transaction tx_1 became refunded on 2026-03-09 13:00 UTC and no notification of it came within 26 h',
    'transação tx_1 passou a estornado em 09/03/2026 10:00 e nenhuma notificação chegou em 26 h',
  ],
  [
    'transaction tx_1 became chargeback on 2026-03-09 13:00 UTC and no notification of it came within 26 h; it explains the open chargeback_open of its order',
    'transação tx_1 passou a chargeback em 09/03/2026 10:00 e nenhuma notificação chegou em 26 h; isso explica Chargeback em aberto do pedido',
  ],
  // The bank's sentences: both amounts, the days and the statement line.
  [
    'payout of 1.500,00 on 2026-03-06 has no credit in bank account itau-1 from 2026-03-06 to 2026-03-10',
    'repasse de R$ 1.500,00 de 06/03/2026 sem crédito na conta itau-1 de 06/03/2026 a 10/03/2026',
  ],
  [
    'payout of 1.500,00 on 2026-03-06 was credited 1.450,00 on 2026-03-09 in bank account itau-1 (-50,00; line F-1, memo "PIX RECEBIDO PAGAMENTOS")',
    'repasse de R$ 1.500,00 de 06/03/2026 creditado com R$ 1.450,00 em 09/03/2026 na conta itau-1 (-R$ 50,00; lançamento F-1, histórico "PIX RECEBIDO PAGAMENTOS")',
  ],
  [
    'bank credit of 320,00 on 2026-03-09 in bank account itau-1 explains no payout (line F-2, memo "TED RECEBIDA")',
    'crédito de R$ 320,00 em 09/03/2026 na conta itau-1 não corresponde a nenhum repasse (lançamento F-2, histórico "TED RECEBIDA")',
  ],
];

describe('reasons', () => {
  it.each(REASONS)('%s', (english, portuguese) => {
    expect(rebuildEnglishReason(english)).toBe(english);
    expect(localizeReason(en, english, ZONE)).toBe(english);
    expect(localizeReason(ptBR, english, ZONE)).toBe(portuguese);
  });

  it.each([
    'stale run',
    "'-2",
    'line1\nline2, "quoted"',
    // Amounts of an unknown shape, or a sentence with a piece missing, are shown as the warehouse holds them.
    'order 150 vs net_value 149,90 (-0,10)',
    'order 150,00 vs gross 149,90 (-0,10)',
  ])('shows any other text as written: %j', (text) => {
    expect(localizeReason(ptBR, text, ZONE)).toBe(text);
  });

  it('keeps ids that look like sentence parts whole', () => {
    const english = 'transaction a but b was refunded on x was refunded on 2026-03-10 12:30 UTC but the order is still paid';
    expect(localizeReason(ptBR, english, ZONE)).toBe('transação a but b was refunded on x estornada em 10/03/2026 09:30, mas o pedido continua pago');
  });
});
