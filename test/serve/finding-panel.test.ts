// A finding's panel and the table's default order, rendered by the page's own code from findings shaped
// as each kind of rule leaves them: which sides the panel shows and in which words (an order and a
// payment, a cash-out, a payout and its bank line, a bank credit alone), the history the journal holds for
// that finding only, and the order a morning starts with. The browser test (browser.test.ts) reads the
// same panel on a real night; the sandbox nights of the serve tests have no bank statement.
import { describe, expect, it } from 'vitest';
import { findingPanel } from '../../src/serve/finding-panel.ts';
import { sortByDefaultOrder } from '../../src/serve/finding-order.ts';
import type { FindingRow } from '../../src/serve/queries.ts';
import type { TableTriage } from '../../src/serve/triage-panel.ts';
import { messagesFor } from '../../src/shared/locale/index.ts';
import type { ReasonFacts } from '../../src/shared/locale/reason-types.ts';
import type { TriageEvent } from '../../src/triage/events.ts';
import type { TriageView } from '../../src/triage/fold.ts';

const ZONE = 'America/Sao_Paulo';
const NIGHT = '2026-11-27';
const pt = messagesFor('pt-BR');
/** 27/11/2026 11:14 in São Paulo. */
const AT = Date.parse('2026-11-27T14:14:00Z');

function finding(values: Partial<FindingRow> & Pick<FindingRow, 'key' | 'category'>): FindingRow {
  return {
    state: 'new',
    firstSeen: '2026-11-25',
    itemId: null,
    operationId: null,
    transactionIds: null,
    orderStatus: null,
    paymentStatus: null,
    orderAmountCents: null,
    paymentAmountCents: null,
    differenceCents: null,
    reason: 'stored reason',
    facts: null,
    customerName: null,
    customerDocument: null,
    ...values,
  };
}

function viewOf(key: string): TriageView {
  return {
    key,
    state: 'new',
    assignee: null,
    note: null,
    noteBy: null,
    since: null,
    changed: null,
    changedSince: null,
    dueDate: null,
    overdue: false,
    alerted: { new: false, overdue: false },
  };
}

function event(key: string, at: string, by: string, action: TriageEvent['action'], more: Partial<TriageEvent> = {}): TriageEvent {
  return { v: 1, id: `${key}-${at}-${action}`, at, by, via: 'page', action, key, ...more };
}

/** The panel as the night page renders it; `bankSection`: whether that page shows its bank section. */
function panelOf(f: FindingRow, events: readonly TriageEvent[] = [], bankSection = true): string {
  const triage: TableTriage = {
    night: { items: new Map(), problems: 0, events },
    view: undefined,
    actor: undefined,
    actions: { csrfToken: 'token', finding: f.key },
    bankSection,
  };
  return findingPanel(f, viewOf(f.key), NIGHT, triage, pt, ZONE).text;
}

const textOf = (markup: string) => markup.replace(/<[^>]+>/g, '');

/** The panel's facts, label by label, as a reader sees them. */
function factsOf(panel: string): [string, string][] {
  const list = /<dl class="facts" id="finding-facts">([\s\S]*?)<\/dl>/.exec(panel)?.[1] ?? '';
  return [...list.matchAll(/<dt>(.*?)<\/dt><dd>(.*?)<\/dd>/g)].map((m) => [textOf(m[1]!), textOf(m[2]!)]);
}

const bankCredit: ReasonFacts = {
  kind: 'bankCreditUnexplained',
  cents: 255427n,
  postedOn: '2026-11-18',
  account: 'itau',
  lineId: 'SBX35',
  memo: 'TED RECEBIDA',
};
const payoutDiffers: ReasonFacts = {
  kind: 'payoutAmountDiffers',
  cents: 100000n,
  day: '2026-11-20',
  creditCents: 99000n,
  postedOn: '2026-11-21',
  account: 'itau',
  differenceCents: -1000n,
  lineId: 'SBX40',
  memo: 'REPASSE',
};

describe("a finding's panel shows each side it has, in the reader's words", () => {
  it.each([
    [
      'an order and its payment',
      finding({
        key: 'amount_mismatch:PED-1',
        category: 'amount_mismatch',
        itemId: 'PED-1',
        transactionIds: 'tr_1',
        orderStatus: 'paid',
        paymentStatus: 'paid',
        orderAmountCents: 13623n,
        paymentAmountCents: 13890n,
        differenceCents: 267n,
        orderAtMs: AT,
        paymentAtMs: AT,
      }),
      [
        ['Em jogo', 'R$ 2,67'],
        ['Pedido', 'PED-1 · R$ 136,23 em 27/11/2026 11:14 · pago'],
        ['Pagamento', 'tr_1 · R$ 138,90 em 27/11/2026 11:14 · pago'],
        ['Diferença', '+R$ 2,67'],
        ['Chave', 'amount_mismatch:PED-1'],
        ['Situação', 'novo'],
      ],
    ],
    [
      'a cash-out, whose item is no order',
      finding({
        key: 'cashout_stale_pending:co_1',
        category: 'cashout_stale_pending',
        itemId: 'SAQ-1',
        operationId: 'co_1',
        paymentStatus: 'pending',
        paymentAmountCents: 840000n,
        paymentAtMs: AT,
      }),
      [
        ['Em jogo', 'R$ 8.400,00'],
        ['Item', 'SAQ-1'],
        ['Saque', 'co_1 · R$ 8.400,00 em 27/11/2026 11:14 · pendente'],
        ['Chave', 'cashout_stale_pending:co_1'],
        ['Situação', 'novo'],
      ],
    ],
    [
      'a payout and the bank line that credited less',
      finding({
        key: 'payout_amount_differs:co_2',
        category: 'payout_amount_differs',
        operationId: 'co_2',
        paymentAmountCents: 100000n,
        differenceCents: -1000n,
        facts: payoutDiffers,
      }),
      [
        ['Em jogo', 'R$ 10,00'],
        ['Repasse', 'co_2 · R$ 1.000,00'],
        ['Diferença', '-R$ 10,00'],
        ['Linha do extrato', 'SBX40 · R$ 990,00 em 21/11/2026 · REPASSE · ver o banco desta noite'],
        ['Chave', 'payout_amount_differs:co_2'],
        ['Situação', 'novo'],
      ],
    ],
    [
      'a bank credit no payout explains: its bank line alone',
      finding({ key: 'bank_credit_unexplained:itau:SBX35', category: 'bank_credit_unexplained', paymentAmountCents: 255427n, facts: bankCredit }),
      [
        ['Em jogo', 'R$ 2.554,27'],
        ['Linha do extrato', 'SBX35 · R$ 2.554,27 em 18/11/2026 · TED RECEBIDA · ver o banco desta noite'],
        ['Chave', 'bank_credit_unexplained:itau:SBX35'],
        ['Situação', 'novo'],
      ],
    ],
  ])('%s', (_name, f, expected) => {
    const panel = panelOf(f);
    expect(factsOf(panel)).toEqual(expected);
    // The whole reason, rendered from the facts when there are some, else the stored sentence.
    const reason = textOf(/<p class="whole-reason" id="finding-reason">(.*?)<\/p>/.exec(panel)?.[1] ?? '');
    expect(reason.startsWith('Motivo: ')).toBe(true);
    expect(reason === 'Motivo: stored reason').toBe(f.facts === null);
    expect(panel.includes('href="#bank"')).toBe(f.facts !== null);
  });
});

describe("a bank line links to the night's bank section only when the page shows one", () => {
  const payout = finding({ key: 'payout_amount_differs:co_2', category: 'payout_amount_differs', operationId: 'co_2', facts: payoutDiffers });
  it.each([
    ['the page shows the bank section', true, 'SBX40 · R$ 990,00 em 21/11/2026 · REPASSE · ver o banco desta noite'],
    ['the bank check was off (or its leg unread): no section, so no link', false, 'SBX40 · R$ 990,00 em 21/11/2026 · REPASSE'],
  ])('%s', (_name, bankSection, line) => {
    const panel = panelOf(payout, [], bankSection);
    expect(factsOf(panel).find(([label]) => label === 'Linha do extrato')?.[1]).toBe(line);
    expect(panel.includes('href="#bank"')).toBe(bankSection);
  });
});

describe("a finding's history", () => {
  const f = finding({ key: 'missing_payment:PED-9', category: 'missing_payment', itemId: 'PED-9', orderAmountCents: 5000n });
  it.each([
    ['nothing done yet: the night it was first seen', [], ['vista pela primeira vez na noite de 25/11/2026']],
    [
      "each person's action on it, oldest first, with who and when; never the nightly's alerts or another finding's events",
      [
        event(f.key, '2026-11-26T12:00:00.000Z', 'recon', 'alerted', { via: 'nightly', kind: 'new', night: '2026-11-25' }),
        event(f.key, '2026-11-26T12:05:00.000Z', 'Helena', 'assign', { to: 'Carla' }),
        event('missing_payment:PED-10', '2026-11-26T12:06:00.000Z', 'Helena', 'ack', { note: 'other' }),
        event(f.key, '2026-11-27T13:30:00.000Z', 'Carla', 'ack', { note: 'conferido com o extrato' }),
      ],
      [
        'vista pela primeira vez na noite de 25/11/2026',
        '26/11/2026 09:05 Helena atribuiu a Carla',
        '27/11/2026 10:30 Carla reconheceu: conferido com o extrato',
      ],
    ],
  ])('%s', (_name, events, expected) => {
    const list = /<ol class="history" id="finding-history">(.*?)<\/ol>/.exec(panelOf(f, events))?.[1] ?? '';
    expect([...list.matchAll(/<li[^>]*>(.*?)<\/li>/g)].map((m) => textOf(m[1]!))).toEqual(expected);
  });
});

describe("the findings table's default order", () => {
  const row = (key: string, lifecycle: string, cents: bigint) => ({
    lifecycle,
    finding: finding({ key, category: 'missing_payment', orderAmountCents: cents }),
  });
  it.each([
    ['new tonight before open, whatever the amounts', [row('a', 'open', 900n), row('b', 'new', 100n)], ['b', 'a']],
    ['then the most at stake first', [row('a', 'new', 100n), row('b', 'new', 300n), row('c', 'open', 50n), row('d', 'open', 70n)], ['b', 'a', 'd', 'c']],
    ['the same amount: by key, whatever order they came in', [row('c', 'new', 100n), row('a', 'new', 100n), row('b', 'new', 100n)], ['a', 'b', 'c']],
  ])('%s', (_name, rows, expected) => {
    expect(sortByDefaultOrder(rows, (r) => r).map((r) => r.finding.key)).toEqual(expected);
  });
});
