// The catalogues: every key of pt-BR exists in en and the other way round, the labels fit where they
// go, and every shape of a finding's facts renders in each locale: the English sentence the warehouse
// stores, and a Portuguese one with no English word in it.
import { describe, expect, it } from 'vitest';
import { FINDING_CATEGORIES } from '../../src/shared/domain.ts';
import { LOCALES, messagesFor } from '../../src/shared/locale/index.ts';
import { englishReasonOf, factsOfJson, localizeReason, renderReason } from '../../src/shared/locale/localize.ts';
import { REASON_FACTS, type ReasonFacts } from '../../src/shared/locale/reason-types.ts';
import { en } from '../../src/shared/locale/en.ts';
import { ptBR } from '../../src/shared/locale/pt-BR.ts';
import { warehouseNoticeOf } from '../../src/serve/warehouse-reads.ts';
import { englishWordsIn, quotedWords, wordsOf } from './english-words.ts';

/** Every leaf (a string or a function) of a catalogue, with its path (a key may hold dots: 'sales.shop'). */
function leavesOf(value: unknown, prefix = ''): Array<[string, unknown]> {
  if (value === null || typeof value !== 'object') return [[prefix, value]];
  return Object.entries(value).flatMap(([key, inner]) => leavesOf(inner, prefix === '' ? key : `${prefix}.${key}`));
}

const keyPaths = (value: unknown): string[] => leavesOf(value).map(([path]) => path);

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
    for (const [path, leaf] of leavesOf(m)) if (typeof leaf === 'string') expect(leaf.trim(), path).not.toBe('');
  });

  it.each(LOCALES)('%s sheet names are valid Excel sheet names, all different', (locale) => {
    const m = messagesFor(locale);
    const names = [...Object.values(m.sheets), ...Object.values(m.categories)];
    for (const name of names) expect(name).toMatch(/^[^[\]:*?/\\]{1,31}$/);
    expect(new Set(names.map((n) => n.toLowerCase())).size).toBe(names.length);
  });

  it.each([
    ['en', 'No findings match the filter; nothing written.', 'the findings of the night of 2026-03-11'],
    ['pt-BR', 'Nenhum achado corresponde ao filtro; nada foi gravado.', 'os achados da noite de 11/03/2026'],
  ] as const)('%s words the lines of recon findings while a job holds the warehouse', (locale, none, busy) => {
    const { fmt, terminal } = messagesFor(locale);
    expect(terminal.listing.noneToWrite).toBe(none);
    expect(terminal.listing.busy(fmt.day('2026-03-11'))).toContain(busy);
  });

  it.each([
    ['en', 'the warehouse is busy: a recon job is writing', 'the warehouse cannot be read: IO Error'],
    ['pt-BR', 'o warehouse está ocupado: um job do recon está gravando', 'não foi possível ler o warehouse: IO Error'],
  ] as const)('%s words why the page has no figures of the warehouse', (locale, busy, unreadable) => {
    const words = messagesFor(locale).page.warehouse;
    expect(warehouseNoticeOf({ busy: true, detail: '' }, words)).toContain(busy);
    expect(warehouseNoticeOf({ busy: false, detail: 'IO Error' }, words)).toBe(unreadable);
  });

  it.each([
    ['ack', 1, 'Marcar 1 achado como ciente?', 'Diário de triagem: 1 achado marcado como ciente.'],
    ['ack', 2, 'Marcar 2 achados como cientes?', 'Diário de triagem: 2 achados marcados como cientes.'],
    ['assign', 2, 'Atribuir 2 achados?', 'Diário de triagem: 2 achados atribuídos.'],
    ['accept', 1, 'Aceitar 1 achado como explicado?', 'Diário de triagem: 1 achado aceito como explicado.'],
    ['reopen', 1200, 'Reabrir 1.200 achados?', 'Diário de triagem: 1.200 achados reabertos.'],
    ['note', 1, 'Adicionar uma nota a 1 achado?', 'Diário de triagem: nota adicionada a 1 achado.'],
  ] as const)('pt-BR asks before %s on %i findings and says what it wrote, in agreement', (action, count, question, recorded) => {
    const { fmt, terminal } = messagesFor('pt-BR');
    expect(terminal.listing.confirm(action, count, fmt.count(count))).toBe(question);
    expect(terminal.listing.recorded(action, count, fmt.count(count))).toBe(recorded);
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

// One sample of every shape and variant of a finding's facts, with its English (what findings.reason
// stores, as the rules wrote it before facts existed) and its Portuguese.
const REASONS: [ReasonFacts, string, string][] = [
  [
    { kind: 'amountMismatch', orderCents: 15000n, compared: 'net_value', paidCents: 14990n, differenceCents: -10n },
    'order 150,00 vs net_value 149,90 (-0,10)',
    'pedido R$ 150,00 × valor líquido R$ 149,90 (-R$ 0,10)',
  ],
  [
    { kind: 'amountMismatch', orderCents: 123456n, compared: 'cash-in amount', paidCents: 124456n, differenceCents: 1000n },
    'order 1.234,56 vs cash-in amount 1.244,56 (+10,00)',
    'pedido R$ 1.234,56 × valor da cobrança Pix R$ 1.244,56 (+R$ 10,00)',
  ],
  [
    { kind: 'amountMismatchEdited', editedOn: '2026-11-10', beforeCents: 10000n, orderCents: 9000n, paidCents: 10000n, differenceCents: 1000n },
    'order edited on 2026-11-10 from 100,00 to 90,00; paid 100,00 (+10,00)',
    'pedido editado em 10/11/2026 de R$ 100,00 para R$ 90,00; pago R$ 100,00 (+R$ 10,00)',
  ],
  [
    { kind: 'missingPayment', markedPaidOn: null, statusBefore: null, orderCents: 8000n, paymentsSeen: null },
    'order 80,00 is paid but no paid, refunded or charged-back payment exists',
    'pedido R$ 80,00 está pago, mas não há pagamento pago, estornado ou com chargeback',
  ],
  [
    { kind: 'missingPayment', markedPaidOn: '2026-03-09', statusBefore: 'pending', orderCents: 8000n, paymentsSeen: 'refused,review' },
    'order marked paid on 2026-03-09 (was pending); order 80,00 is paid but no paid, refunded or charged-back payment exists (payments seen: refused,review)',
    'pedido marcado como pago em 09/03/2026 (antes: pendente); pedido R$ 80,00 está pago, mas não há pagamento pago, estornado ou com chargeback (pagamentos vistos: recusado, em análise)',
  ],
  [
    { kind: 'unmatchedPayment', source: 'card', paymentId: 'tx_1', cents: 9990n, itemId: null },
    'paid transaction tx_1 of 99,90 matches no order (the listing row has no item_id)',
    'transação paga tx_1 de R$ 99,90 não corresponde a nenhum pedido (a linha da listagem não tem item_id)',
  ],
  [
    { kind: 'unmatchedPayment', source: 'cash_in', paymentId: 'ci_9', cents: 1000n, itemId: 'X-1' },
    'paid cash-in ci_9 of 10,00 matches no order (item_id X-1)',
    'cobrança Pix paga ci_9 de R$ 10,00 não corresponde a nenhum pedido (item_id X-1)',
  ],
  [
    {
      kind: 'duplicateCharge',
      count: 2,
      payments: [
        { id: 'tx_1', cents: 5000n },
        { id: 'tx_2', cents: 5000n },
      ],
    },
    '2 payments are paid for one item: tx_1 50,00, tx_2 50,00',
    '2 pagamentos pagos para um mesmo item: tx_1 R$ 50,00, tx_2 R$ 50,00',
  ],
  [
    { kind: 'refundOwed', orderStatus: 'canceled', paymentIds: 'tx_3', cents: 2000n },
    'order is canceled but payment tx_3 of 20,00 is still paid',
    'pedido está cancelado, mas o pagamento tx_3 de R$ 20,00 continua pago',
  ],
  [
    { kind: 'refundNotRecorded', transactionIds: 'tx_4', atMs: 1773145800000 },
    'transaction tx_4 was refunded on 2026-03-10 12:30 UTC but the order is still paid',
    'transação tx_4 estornada em 10/03/2026 09:30, mas o pedido continua pago',
  ],
  [
    { kind: 'chargebackOpen', transactionIds: 'tx_5,tx_6', atMs: 1773194400000 },
    'transaction tx_5,tx_6 was charged back on 2026-03-11 02:00 UTC but the order is still paid',
    'transação tx_5,tx_6 teve chargeback em 10/03/2026 23:00, mas o pedido continua pago',
  ],
  [
    { kind: 'staleReview', transactionId: 'tx_7', sinceMs: 1772982000000, hours: 57 },
    'transaction tx_7 has been in review since 2026-03-08 15:00 UTC (57 h at the end of the day)',
    'transação tx_7 em análise desde 08/03/2026 12:00 (57 h no fim do dia)',
  ],
  [
    { kind: 'orderStatusBehind', paymentIds: 'tx_8', cents: 3000n },
    'order is pending but payment tx_8 of 30,00 is paid',
    'pedido está pendente, mas o pagamento tx_8 de R$ 30,00 está pago',
  ],
  [
    { kind: 'cashinAmountMismatch', amountCents: 5000n, paidCents: 4900n, differenceCents: -100n },
    'cash-in amount 50,00 vs paid_amount 49,00 (-1,00)',
    'valor da cobrança Pix R$ 50,00 × valor pago R$ 49,00 (-R$ 1,00)',
  ],
  [{ kind: 'cashoutFailed', cents: 50000n, description: 'bank refused' }, 'payout of 500,00 failed: bank refused', 'saque de R$ 500,00 falhou: bank refused'],
  [{ kind: 'cashoutFailed', cents: 50000n, description: null }, 'payout of 500,00 failed', 'saque de R$ 500,00 falhou'],
  [
    { kind: 'cashoutStalePending', cents: 100000n, status: 'pending', sinceMs: 1772884800000, hours: 84 },
    'payout of 1.000,00 has been pending since 2026-03-07 12:00 UTC (84 h at the end of the day)',
    'saque de R$ 1.000,00 está pendente desde 07/03/2026 09:00 (84 h no fim do dia)',
  ],
  [
    { kind: 'cashoutShort', amountCents: 30000n, paidOffCents: 29000n, differenceCents: -1000n },
    'payout amount 300,00 vs paid_off_amount 290,00 (-10,00)',
    'valor do saque R$ 300,00 × valor repassado R$ 290,00 (-R$ 10,00)',
  ],
  [
    { kind: 'reviewRejected', transactionId: 'tx_9', seenMissingMs: 1773118800000 },
    'transaction tx_9 left review: rejected by the fraud check (no longer listed by the service; seen missing on 2026-03-10 05:00 UTC)',
    'transação tx_9 saiu da análise: rejeitada pelo antifraude (o serviço não a lista mais; vista ausente em 10/03/2026 02:00)',
  ],
  [
    { kind: 'reviewDecided', transactionId: 'tx_9', status: 'paid', sinceMs: 1773118800000 },
    'transaction tx_9 left review: now paid since 2026-03-10 05:00 UTC',
    'transação tx_9 saiu da análise: agora pago desde 10/03/2026 02:00',
  ],
  [
    { kind: 'reviewDecided', transactionId: 'tx_9', status: 'refused', sinceMs: null },
    'transaction tx_9 left review: now refused',
    'transação tx_9 saiu da análise: agora recusado',
  ],
  [
    { kind: 'feeMismatch', installments: 12, brand: 'visa', chargedCents: 113000n, tableCents: 111940n, rate: '11.94' },
    '12x visa: charged 1.130,00, table 1.119,40 (rate 11.94%)',
    '12x visa: cobrado R$ 1.130,00, tabela R$ 1.119,40 (taxa 11,94%)',
  ],
  [
    { kind: 'feeMismatch', installments: 1, brand: 'elo', chargedCents: 10000n, tableCents: 10319n, rate: '2.995' },
    '1x elo: charged 100,00, table 103,19 (rate 2.995%)',
    '1x elo: cobrado R$ 100,00, tabela R$ 103,19 (taxa 2,995%)',
  ],
  [
    { kind: 'notificationMissed', transactionId: 'tx_1', status: 'refunded', atMs: 1773061200000, hours: '26', explains: null },
    'transaction tx_1 became refunded on 2026-03-09 13:00 UTC and no notification of it came within 26 h',
    'transação tx_1 passou a estornado em 09/03/2026 10:00 e nenhuma notificação chegou em 26 h',
  ],
  [
    { kind: 'notificationMissed', transactionId: 'tx_1', status: 'chargeback', atMs: 1773061200000, hours: '26', explains: 'chargeback_open' },
    'transaction tx_1 became chargeback on 2026-03-09 13:00 UTC and no notification of it came within 26 h; it explains the open chargeback_open of its order',
    'transação tx_1 passou a chargeback em 09/03/2026 10:00 e nenhuma notificação chegou em 26 h; isso explica Chargeback em aberto do pedido',
  ],
  [
    { kind: 'payoutNotInBank', cents: 150000n, day: '2026-03-06', account: 'itau-1', windowStart: '2026-03-06', windowEnd: '2026-03-10' },
    'payout of 1.500,00 on 2026-03-06 has no credit in bank account itau-1 from 2026-03-06 to 2026-03-10',
    'repasse de R$ 1.500,00 de 06/03/2026 sem crédito na conta itau-1 de 06/03/2026 a 10/03/2026',
  ],
  [
    {
      kind: 'payoutAmountDiffers',
      cents: 150000n,
      day: '2026-03-06',
      creditCents: 145000n,
      postedOn: '2026-03-09',
      account: 'itau-1',
      differenceCents: -5000n,
      lineId: 'F-1',
      memo: 'PIX RECEBIDO PAGAMENTOS',
    },
    'payout of 1.500,00 on 2026-03-06 was credited 1.450,00 on 2026-03-09 in bank account itau-1 (-50,00; line F-1, memo "PIX RECEBIDO PAGAMENTOS")',
    'repasse de R$ 1.500,00 de 06/03/2026 creditado com R$ 1.450,00 em 09/03/2026 na conta itau-1 (-R$ 50,00; lançamento F-1, histórico "PIX RECEBIDO PAGAMENTOS")',
  ],
  [
    { kind: 'bankCreditUnexplained', cents: 32000n, postedOn: '2026-03-09', account: 'itau-1', lineId: 'F-2', memo: 'TED RECEBIDA' },
    'bank credit of 320,00 on 2026-03-09 in bank account itau-1 explains no payout (line F-2, memo "TED RECEBIDA")',
    'crédito de R$ 320,00 em 09/03/2026 na conta itau-1 não corresponde a nenhum repasse (lançamento F-2, histórico "TED RECEBIDA")',
  ],
  [
    { kind: 'notificationContradicted', transactionId: 'tx_2', status: 'paid', atMs: 1773061200000, listed: null, hours: '48' },
    'transaction tx_2 was notified as paid on 2026-03-09 13:00 UTC but the listing does not have it 48 h later',
    'transação tx_2 foi notificada como pago em 09/03/2026 10:00, mas a listagem não a tem 48 h depois',
  ],
  [
    {
      kind: 'notificationContradicted',
      transactionId: 'tx_2',
      status: 'refunded',
      atMs: 1773061200000,
      listed: { status: 'paid', sinceMs: 1772971200000 },
      hours: '48',
    },
    'transaction tx_2 was notified as refunded on 2026-03-09 13:00 UTC but the listing shows it paid since 2026-03-08 12:00 UTC and never refunded',
    'transação tx_2 foi notificada como estornado em 09/03/2026 10:00, mas a listagem a mostra pago desde 08/03/2026 09:00 e nunca estornado',
  ],
];

/** The facts as findings.facts holds them: JSON, cents as integers. */
const jsonOf = (facts: ReasonFacts) => JSON.stringify(facts, (_k, v: unknown) => (typeof v === 'bigint' ? Number(v) : v));

// Facts whose value a locale translates (statuses, categories, what was compared); every other text fact
// is an id, a brand, a memo or a description from outside, quoted as it is.
const TRANSLATED = new Set(['kind', 'source', 'status', 'statusBefore', 'paymentsSeen', 'orderStatus', 'compared', 'explains']);

const SAMPLES = REASONS.map(([facts, english, portuguese]) => ({ kind: facts.kind, facts, english, portuguese }));

/** The words of the English sentences, the quoted values of their facts left out. */
const ENGLISH_WORDS = new Set(
  REASONS.flatMap(([facts]) => {
    const quoted = new Set(quotedWords(facts, TRANSLATED));
    return wordsOf(englishReasonOf(facts)).filter((w) => !quoted.has(w));
  }),
);

describe('reasons from facts', () => {
  it.each(SAMPLES)('$kind: $english', ({ facts, english, portuguese }) => {
    expect(englishReasonOf(facts)).toBe(english);
    expect(renderReason(en, facts, ZONE)).toBe(english);
    expect(renderReason(ptBR, facts, ZONE)).toBe(portuguese);
    // Stored as JSON and read back, the facts are the same facts.
    expect(factsOfJson(jsonOf(facts))).toEqual(facts);
    expect(localizeReason(ptBR, factsOfJson(jsonOf(facts)), english, ZONE)).toBe(portuguese);
  });

  it.each(SAMPLES)('$kind: no English word in "$portuguese"', ({ facts }) => {
    const quoted = new Set(quotedWords(facts, TRANSLATED));
    expect(englishWordsIn(renderReason(ptBR, facts, ZONE), ENGLISH_WORDS, quoted)).toEqual([]);
  });

  it('has a sample of every shape', () => {
    const kinds = REASON_FACTS.options.map((o) => o.shape.kind.value);
    expect(new Set(REASONS.map(([f]) => f.kind))).toEqual(new Set(kinds));
  });

  it('shows the stored sentence of a finding that has no facts', () => {
    expect(localizeReason(ptBR, null, 'order 150,00 vs net_value 149,90 (-0,10)', ZONE)).toBe('order 150,00 vs net_value 149,90 (-0,10)');
  });

  it.each([
    ['not JSON', '{kind'],
    ['an unknown shape', '{"kind":"somethingElse"}'],
    ['a missing fact', '{"kind":"cashoutFailed","cents":100}'],
    ['cents as a fraction', '{"kind":"cashoutFailed","cents":1.5,"description":null}'],
  ])('refuses facts that do not fit their shape: %s', (_what, json) => {
    expect(() => factsOfJson(json)).toThrow();
  });
});
