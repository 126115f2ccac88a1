// The Brazilian Portuguese catalogue: every word of the reports, the page and the night summary that a
// finance team in Brazil reads. Its shape is the catalogue type (index.ts): `en` must have every key.
import type { ReasonFormat, ReasonRenderers } from './reason-types.ts';
import { formatPtBR } from './format-pt-BR.ts';

const itemsPtBR = (n: number): string => (n === 1 ? '1 item' : `${formatPtBR.count(n)} itens`);

/** What explains a tie-out that closes: " explicada por 2 achados e 1 item de outro dia ...", or nothing. */
function closeExplanationPtBR(byFindings: number, byTiming: number): string {
  const parts = [
    ...(byFindings > 0 ? [byFindings === 1 ? '1 achado' : `${formatPtBR.count(byFindings)} achados`] : []),
    ...(byTiming > 0 ? [`${itemsPtBR(byTiming)} de outro dia ou dentro da tolerância`] : []),
  ];
  return parts.length === 0 ? '' : ` explicada por ${parts.join(' e ')}`;
}
import { alertsPtBR } from './alerts-pt-BR.ts';
import { terminalPtBR } from './terminal-pt-BR.ts';
import { commandWordsPtBR } from './command-words-pt-BR.ts';
import { checkPtBR } from './check-pt-BR.ts';
import { helpPtBR } from './help-pt-BR.ts';
import { pagePtBR } from './page-pt-BR.ts';
import { checksOffPtBR, emptySheetsPtBR } from './sentences-pt-BR.ts';
import { keptOutPtBR } from './kept-out-pt-BR.ts';

const money = (f: ReasonFormat, cents: bigint | null) => f.money(cents);

const reasons: ReasonRenderers = {
  missingPayment: (r, f) =>
    `${r.markedPaidOn === null ? '' : `pedido marcado como pago em ${f.day(r.markedPaidOn)} (antes: ${f.status(r.statusBefore ?? '')}); `}pedido ${money(f, r.orderCents)} está pago, mas não há pagamento pago, estornado ou com chargeback${r.paymentsSeen === null ? '' : ` (pagamentos vistos: ${f.status(r.paymentsSeen)})`}`,
  unmatchedPayment: (r, f) =>
    `${r.source === 'card' ? 'transação paga' : 'cobrança Pix paga'} ${r.paymentId} de ${money(f, r.cents)} não corresponde a nenhum pedido ${r.itemId === null ? '(a linha da listagem não tem item_id)' : `(item_id ${r.itemId})`}`,
  amountMismatch: (r, f) =>
    `pedido ${money(f, r.orderCents)} × ${COMPARED[r.compared] ?? r.compared} ${money(f, r.paidCents)} (${f.signedMoney(r.differenceCents)})`,
  amountMismatchEdited: (r, f) =>
    `pedido editado em ${f.day(r.editedOn)} de ${money(f, r.beforeCents)} para ${money(f, r.orderCents)}; pago ${money(f, r.paidCents)} (${f.signedMoney(r.differenceCents)})`,
  duplicateCharge: (r, f) => `${r.count} pagamentos pagos para um mesmo item: ${r.payments.map((p) => `${p.id} ${money(f, p.cents)}`).join(', ')}`,
  refundOwed: (r, f) => `pedido está ${f.status(r.orderStatus)}, mas o pagamento ${r.paymentIds} de ${money(f, r.cents)} continua pago`,
  refundNotRecorded: (r, f) => `transação ${r.transactionIds} estornada em ${f.instant(r.atMs)}, mas o pedido continua pago`,
  chargebackOpen: (r, f) => `transação ${r.transactionIds} teve chargeback em ${f.instant(r.atMs)}, mas o pedido continua pago`,
  staleReview: (r, f) => `transação ${r.transactionId} em análise desde ${f.instant(r.sinceMs)} (${r.hours} h no fim do dia)`,
  orderStatusBehind: (r, f) => `pedido está pendente, mas o pagamento ${r.paymentIds} de ${money(f, r.cents)} está pago`,
  cashinAmountMismatch: (r, f) =>
    `valor da cobrança Pix ${money(f, r.amountCents)} × valor pago ${money(f, r.paidCents)} (${f.signedMoney(r.differenceCents)})`,
  cashoutFailed: (r, f) => `saque de ${money(f, r.cents)} falhou${r.description === null ? '' : `: ${r.description}`}`,
  cashoutStalePending: (r, f) => `saque de ${money(f, r.cents)} está ${f.status(r.status)} desde ${f.instant(r.sinceMs)} (${r.hours} h no fim do dia)`,
  cashoutShort: (r, f) => `valor do saque ${money(f, r.amountCents)} × valor repassado ${money(f, r.paidOffCents)} (${f.signedMoney(r.differenceCents)})`,
  feeMismatch: (r, f) =>
    `${r.installments}x ${r.brand}: cobrado ${money(f, r.chargedCents)}, tabela ${money(f, r.tableCents)} (taxa ${r.rate.replace('.', ',')}%)`,
  notificationMissed: (r, f) =>
    `transação ${r.transactionId} passou a ${f.status(r.status)} em ${f.instant(r.atMs)} e nenhuma notificação chegou em ${r.hours} h${
      r.explains === null
        ? ''
        : `; isso explica ${r.explains
            .split(', ')
            .map((c) => f.category(c))
            .join(', ')} do pedido`
    }`,
  notificationContradicted: (r, f) =>
    `transação ${r.transactionId} foi notificada como ${f.status(r.status)} em ${f.instant(r.atMs)}, mas a listagem ${
      r.listed === null
        ? `não a tem ${r.hours} h depois`
        : `a mostra ${f.status(r.listed.status)} desde ${f.instant(r.listed.sinceMs)} e nunca ${f.status(r.status)}`
    }`,
  payoutNotInBank: (r, f) =>
    `repasse de ${money(f, r.cents)} de ${f.day(r.day)} sem crédito na conta ${r.account} de ${f.day(r.windowStart)} a ${f.day(r.windowEnd)}`,
  payoutAmountDiffers: (r, f) =>
    `repasse de ${money(f, r.cents)} de ${f.day(r.day)} creditado com ${money(f, r.creditCents)} em ${f.day(r.postedOn)} na conta ${r.account} (${f.signedMoney(r.differenceCents)}; lançamento ${r.lineId}, histórico "${r.memo}")`,
  bankCreditUnexplained: (r, f) =>
    `crédito de ${money(f, r.cents)} em ${f.day(r.postedOn)} na conta ${r.account} não corresponde a nenhum repasse (lançamento ${r.lineId}, histórico "${r.memo}")`,
  reviewRejected: (r, f) =>
    `transação ${r.transactionId} saiu da análise: rejeitada pelo antifraude (o serviço não a lista mais; vista ausente em ${f.instant(r.seenMissingMs)})`,
  reviewDecided: (r, f) =>
    `transação ${r.transactionId} saiu da análise: agora ${f.status(r.status)}${r.sinceMs === null ? '' : ` desde ${f.instant(r.sinceMs)}`}`,
};

/** The amount a card payment was compared with (reconcile.compareAmount), or a cash-in's (a Pix charge, in finance's words). */
const COMPARED: Readonly<Record<string, string>> = {
  net_value: 'valor líquido',
  paid_amount: 'valor pago',
  authorized_amount: 'valor autorizado',
  'cash-in amount': 'valor da cobrança Pix',
};

/** Sheet names of the workbooks (at most 31 characters). */
const sheets = {
  close: 'Fechamento',
  monthClose: 'Fechamento do mês',
  summary: 'Resumo',
  other: 'Outras categorias',
  keptOutOrders: 'Pedidos não importados',
  syncRejects: 'Linhas não sincronizadas',
  refunds: 'Estornos',
  chargebacks: 'Chargebacks',
  byBrand: 'Por bandeira',
  feesDay: 'Taxas do dia',
  feesMonth: 'Taxas do mês',
  forecastDay: 'Previsão por dia',
  forecastLines: 'Previsão por parcela',
  payouts: 'Repasses',
  bankDay: 'Conta no dia',
  /** The one sheet of a report whose check is off (ReportDefinition.check). */
  checkOff: 'Conferência desligada',
};

export const ptBR = {
  locale: 'pt-BR',
  /** Excel number formats (the spreadsheet shows them with its own separators). */
  excel: { instantFormat: 'dd/mm/yyyy hh:mm', dateFormat: 'dd/mm/yyyy' },
  /** A printed sheet's header (its night) and footer (Excel's codes: &P the page, &N the pages). */
  print: { night: (day: string): string => `noite de ${formatPtBR.day(day)}`, pages: 'página &P de &N' },
  /** The locale's one formatter of values (format.ts). */
  fmt: formatPtBR,
  format: {
    money: (cents: bigint | null): string => (cents === null ? 'nenhum' : formatPtBR.money(cents)),
    signedMoney: (cents: bigint | null): string => (cents === null ? 'nenhum' : formatPtBR.signedMoney(cents)),
    day: (isoDate: string): string => formatPtBR.day(isoDate),
    instant: (epochMs: number, zone: string): string => formatPtBR.instant(epochMs, zone),
    /** A count with thousands groups: 1234 -> "1.234". */
    count: (n: bigint | number): string => formatPtBR.count(n),
  },
  /** Between the words of a list of statuses (a finding's payments seen). */
  listSeparator: ', ',
  yes: 'Sim',
  no: 'Não',
  total: 'Total',
  /** The note under a workbook sheet cut at SheetSpec.maxWorkbookRows. */
  rowsCut: (shown: number, total: number, csv: string, totalled: boolean) =>
    `as primeiras ${formatPtBR.count(shown)} de ${formatPtBR.count(total)} linhas; todas estão em ${csv}${totalled ? ', e o total soma todas elas' : ''}`,
  categories: {
    missing_payment: 'Pagamento ausente',
    unmatched_payment: 'Pagamento sem pedido',
    amount_mismatch: 'Valor divergente',
    duplicate_charge: 'Cobrança duplicada',
    refund_owed: 'Estorno devido',
    refund_not_recorded: 'Estorno não registrado na loja',
    chargeback_open: 'Chargeback em aberto',
    stale_review: 'Análise antifraude parada',
    order_status_behind: 'Pedido pendente já pago',
    cashin_amount_mismatch: 'Valor de cash-in divergente',
    cashout_failed: 'Saque com falha',
    cashout_stale_pending: 'Saque parado',
    cashout_short: 'Saque pago a menor',
    fee_mismatch: 'Taxa fora da tabela',
    notification_missed: 'Notificação não recebida',
    notification_contradicted: 'Notificação contraditória',
    payout_not_in_bank: 'Repasse não creditado no banco',
    payout_amount_differs: 'Repasse com valor diferente',
    bank_credit_unexplained: 'Crédito bancário sem repasse',
  },
  states: { new: 'novo', open: 'em aberto', resolved: 'resolvido', acknowledged: 'ciente', accepted: 'aceito' },
  /** Why a finding marked ciente or aceito is open again: its facts changed after that mark's business day. */
  changedSince: (mark: string, day: string): string => `mudou desde que foi marcado como ${mark} em ${day}`,
  /** Status words of the service and of the shop's export. */
  statuses: {
    paid: 'pago',
    pending: 'pendente',
    canceled: 'cancelado',
    refunded: 'estornado',
    processing: 'processando',
    review: 'em análise',
    refused: 'recusado',
    chargeback: 'chargeback',
    rejected: 'rejeitado',
    active: 'ativo',
    expired: 'expirado',
    fulfilled: 'concluído',
    failed: 'falhou',
  } as Record<string, string>,
  /** Age of an open chargeback: days since the chargeback (src/shared/chargeback-age.ts). */
  ageBuckets: { '0-30d': '0 a 30 dias', '31-60d': '31 a 60 dias', '61-90d': '61 a 90 dias', '91-120d': '91 a 120 dias', '>120d': 'mais de 120 dias' },
  /** Where a listed row kept out by the sync came from, and why an order row was kept out of the import. */
  listings: { transactions: 'transações', operations: 'operações' } as Record<string, string>,
  issueKinds: { rejected: 'recusada', conflict: 'conflito' } as Record<string, string>,
  /** Where a payout stands against the bank statements (the payouts report). */
  bankStatuses: {
    credited: 'creditado',
    credited_in_sum: 'creditado na soma do dia',
    credited_other_amount: 'creditado com outro valor',
    window_open: 'aguardando (prazo aberto)',
    no_statement: 'sem extrato que cubra o prazo',
    not_credited: 'não creditado',
  } as Record<string, string>,
  /** The day's close (docs/close.md): its tie-outs and the lines of each; a line that is no category. */
  closeLines: {
    sales: 'Vendas',
    'sales.shop': 'Loja: pedidos pagos no dia',
    'sales.service': 'Serviço: vendas capturadas no dia',
    refunds: 'Estornos e chargebacks',
    'refunds.shop': 'Loja: estornos registrados no dia',
    'refunds.service': 'Serviço: estornos e chargebacks do dia',
    // The same sides summed over the month to date (the month's close).
    'sales.shop.month': 'Loja: pedidos pagos no período',
    'sales.service.month': 'Serviço: vendas capturadas no período',
    'refunds.shop.month': 'Loja: estornos registrados no período',
    'refunds.service.month': 'Serviço: estornos e chargebacks do período',
    'cash.shop.month': 'Banco: créditos no extrato',
    'cash.service.month': 'Serviço: repasses com prazo vencido',
    cash: 'Repasses e banco',
    'cash.shop': 'Banco: créditos no extrato',
    'cash.service': 'Serviço: repasses com prazo vencido',
    difference: 'Diferença (serviço − loja)',
    other_day: 'Contrapartida em outro dia',
    tolerance: 'Dentro da tolerância',
    unexplained: 'Não explicado',
  } as Record<string, string>,
  sheets,
  /** What a sheet with no rows says instead of an empty table (SheetSpec.whenEmpty). */
  emptySheets: emptySheetsPtBR(sheets),
  /** A report whose check is off: its workbook's one sheet and the page's section (ReportDefinition.check). */
  checksOff: checksOffPtBR,
  headers: {
    tieout: 'Conciliação',
    closeLine: 'Linha',
    items: 'Itens',
    closeAmount: 'Valor',
    category: 'Categoria',
    categoryKey: 'Chave da categoria',
    state: 'Situação',
    firstSeen: 'Visto pela primeira vez',
    item: 'Item',
    operation: 'Operação',
    transactions: 'Transações',
    transaction: 'Transação',
    orderStatus: 'Status do pedido',
    paymentStatus: 'Status do pagamento',
    orderAmount: 'Valor do pedido',
    paymentAmount: 'Valor do pagamento',
    difference: 'Diferença',
    reason: 'Motivo',
    facts: 'Fatos do achado (JSON)',
    customer: 'Cliente',
    customerDocument: 'Documento do cliente',
    findingKey: 'Chave do achado',
    active: 'Achados (novos + em aberto)',
    new: 'Novos',
    open: 'Em aberto',
    resolved: 'Resolvidos',
    amountAtStake: 'Valor em jogo',
    file: 'Arquivo',
    line: 'Linha',
    column: 'Coluna',
    value: 'Valor',
    kind: 'Tipo',
    listing: 'Listagem',
    filter: 'Filtro',
    page: 'Página',
    row: 'Linha',
    id: 'Id',
    rawRow: 'Linha como listada (primeiros 4 KB)',
    rawBytes: 'Tamanho da linha (bytes)',
    soldAt: 'Vendida em',
    refundedAt: 'Estornada em',
    netValue: 'Valor líquido',
    refundedAmount: 'Valor estornado',
    cardBrand: 'Bandeira',
    lastDigits: 'Final do cartão',
    paymentStatusNow: 'Status atual do pagamento',
    order: 'Pedido',
    orderReflectsRefund: 'Pedido registra o estorno',
    newToday: 'Novo hoje',
    chargedBackAt: 'Chargeback em',
    daysSinceChargeback: 'Dias desde o chargeback',
    daysSinceSale: 'Dias desde a venda',
    ageBucket: 'Faixa de idade (do chargeback)',
    openFinding: 'Achado em aberto',
    chargebackCount: 'Chargebacks',
    newTodayCount: 'Novos hoje',
    installments: 'Parcelas',
    sales: 'Vendas',
    charged: 'Cobrado',
    fees: 'Taxas',
    effectiveRateBp: 'Taxa efetiva',
    tableRateBp: 'Taxa da tabela',
    overTable: 'Cobrado além da tabela',
    unpricedSales: 'Vendas sem preço na tabela',
    period: 'Período',
    triage: 'Triagem',
    assignedTo: 'Responsável',
    note: 'Nota',
    notedBy: 'Anotado por',
    since: 'Desde',
    changed: 'Mudou',
    due: 'Prazo',
    overdue: 'Atrasado',
    acknowledged: 'Cientes',
    accepted: 'Aceitos',
    overdueCount: 'Atrasados',
    dueDate: 'Vencimento',
    account: 'Conta',
    payoutDay: 'Dia do repasse',
    windowEnd: 'Prazo até',
    payoutAmount: 'Valor do repasse',
    bankStatus: 'No banco',
    creditedOn: 'Creditado em',
    creditAmount: 'Valor creditado',
    bankMemo: 'Histórico',
    bankLine: 'Lançamento',
    closingBalance: 'Saldo final do extrato',
    creditsOfDay: 'Créditos do dia',
    debitsOfDay: 'Débitos do dia',
    payoutCreditsOfDay: 'Créditos de repasses',
    payoutsSentOfDay: 'Repasses enviados no dia',
    payoutsSentCredited: 'Enviados no dia já creditados',
    installmentsDue: 'Parcelas a receber',
    installment: 'Parcela',
    expectedAmount: 'Valor previsto',
    partialDay: 'Parcial (vendas antigas não lidas)',
  },
  /** Labels of the Summary sheet's notes on the run and the data's freshness. */
  notes: {
    rowsCut: 'Linhas nesta planilha',
    businessDate: 'Data de referência',
    timeZone: 'Fuso horário',
    dayStarts: 'Início do dia (hora local)',
    dayEnds: 'Fim do dia (hora local, exclusivo)',
    reconcileRun: 'Execução da conciliação',
    reconcileStarted: 'Conciliação iniciada em',
    reconcileFinished: 'Conciliação concluída em',
    reconcileOutcome: 'Resultado da conciliação',
    transactionsListedUpTo: 'Transações listadas até',
    transactionsReadAt: 'Transações lidas pela última vez em',
    operationsListedUpTo: 'Operações listadas até',
    operationsReadAt: 'Operações lidas pela última vez em',
    ordersImportedAt: 'Pedidos importados pela última vez em',
    ordersKeptOut: 'Linhas de pedidos recusadas e itens em conflito (ver a aba Pedidos não importados)',
    syncKeptOut: 'Linhas listadas mantidas fora do armazém (ver a aba Linhas não sincronizadas)',
    forecastNotice:
      'PREVISÃO, não é registro de dinheiro recebido: o serviço de pagamentos não lista liquidações. Cada valor é uma parcela de uma venda no cartão paga, com vencimento pelo contrato de liquidação configurado.',
    forecastAmount:
      'Valor: o valor líquido da venda (o que o lojista tem a receber quando as taxas do cartão são repassadas ao cliente; o valor capturado quando não há valor líquido), menos o estorno parcial, dividido em parcelas (a primeira leva os centavos do resto). O serviço não lista as taxas da adquirente: uma taxa paga pelo lojista reduz o crédito no banco. Vendas estornadas e com chargeback ficam de fora.',
    forecastFrom: 'Previsão de',
    forecastTo: 'Previsão até',
    forecastContract: 'Contrato de liquidação',
    forecastCompleteFrom: 'Completa para as vendas desde',
    forecastNoSync: 'Nenhuma sincronização leu esta noite: o armazém não garante nenhum dia desta previsão',
    monthFrom: 'Mês desde',
    monthUpTo: 'Até a noite de',
    monthNights: 'Noites somadas (cada uma como a noite a registrou)',
    monthMissing: 'Noites sem fechamento registrado (não executadas, ou conciliadas antes do fechamento existir)',
    forecastPartialDays:
      'Dias parciais: as vendas anteriores à data acima não foram lidas, e parcelas delas podem vencer nestes dias (a leitura retroativa das vendas antigas as traz; sync.backfillDays)',
    forecastLinesShown: 'Parcelas nesta aba: as que vencem de',
    forecastAllLines: 'Todas as parcelas do horizonte (no armazém, forecast_lines)',
    forecastNoPartialDays: 'Todos os dias do horizonte estão completos: toda venda que pode ter parcela vencendo nele foi lida',
  },
  reasons,
  /** Why a row of an export or a statement line is kept out, from its facts (kept-out-text.ts). */
  keptOut: keptOutPtBR,
  /** The night summary the CLI prints at the end of a run (src/cli/print-night.ts). */
  night: {
    done: (date: string, warnings: boolean, duration: string, sandbox: boolean): string =>
      `Noite ${formatPtBR.day(date)} concluída${warnings ? ' com avisos' : ''} em ${duration}${sandbox ? ' no SANDBOX embutido (sem dinheiro real; defina RECON_API_KEY e uma configuração para usar o serviço)' : ''}.`,
    synced: (windows: number, pages: number, created: number, changed: number, unchanged: number): string =>
      `sincronizado: ${formatPtBR.count(windows)} janelas, ${formatPtBR.count(pages)} páginas, linhas novas ${formatPtBR.count(created)} / alteradas ${formatPtBR.count(changed)} / inalteradas ${formatPtBR.count(unchanged)}`,
    keptOut: (rows: number): string =>
      `mantidas fora: ${formatPtBR.count(rows)} linha(s) listada(s) violaram a interface do serviço; estão em sync_rejects e na aba "Linhas não sincronizadas" da planilha`,
    orders: (loaded: number, rejected: number, file: string): string =>
      `${formatPtBR.count(loaded)} carregados, ${formatPtBR.count(rejected)} recusados de ${file}`,
    ordersLabel: 'pedidos',
    statementLabel: 'extrato bancário',
    statement: (loaded: number, rejected: number, file: string): string =>
      `${formatPtBR.count(loaded)} lançamentos carregados, ${formatPtBR.count(rejected)} recusados de ${file}`,
    statementBefore: (file: string): string => `${file} já fora importado; nada mudou`,
    statementMissing: (file: string): string => `${file} não existe (ainda); a noite seguiu sem ele — importe-o depois com recon import`,
    findings: (created: number, open: number, resolved: number): string =>
      `achados: ${formatPtBR.count(created)} novos, ${formatPtBR.count(open)} ainda em aberto, ${formatPtBR.count(resolved)} resolvidos`,
    countsLine: (created: number, open: number, resolved: number): string =>
      `${formatPtBR.count(created).padStart(5)} novos ${formatPtBR.count(open).padStart(5)} em aberto ${formatPtBR.count(resolved).padStart(5)} resolvidos`,
    reports: 'relatórios',
    /** The day's close, one line per tie-out (docs/close.md): whether it closes and what explains the difference. */
    closeTieOut: (
      tieout: string,
      closes: boolean,
      difference: string,
      byFindings: number,
      byTiming: number,
      unexplained: string,
      unexplainedItems: number,
    ): string =>
      closes
        ? `${tieout}: fecha, diferença ${difference}${closeExplanationPtBR(byFindings, byTiming)}`
        : `${tieout}: NÃO fecha, ${unexplained} da diferença ${difference} sem explicação em ${itemsPtBR(unexplainedItems)} (close_residue)`,
  },
  backfill: {
    skipped: (head: string): string => `${head}: pulada (já concluída; --force a executa de novo)`,
    night: (head: string, warnings: boolean, duration: string, created: number, open: number, resolved: number, keptOut: number, reportDir: string): string =>
      `${head}: concluída${warnings ? ' com avisos' : ''} em ${duration}; achados ${formatPtBR.count(created)} novos, ${formatPtBR.count(open)} ainda em aberto, ${formatPtBR.count(resolved)} resolvidos${keptOut > 0 ? `; ${formatPtBR.count(keptOut)} linha(s) listada(s) mantida(s) fora` : ''}; relatórios em ${reportDir}`,
    position: (date: string, position: number, count: number): string =>
      `${formatPtBR.day(date)} (${formatPtBR.count(position)} de ${formatPtBR.count(count)})`,
    end: (range: string, run: number, skipped: number): string =>
      `Reprocessamento${range}: ${formatPtBR.count(run)} noite(s) executada(s), ${formatPtBR.count(skipped)} pulada(s).`,
    range: (from: string, to: string): string => ` de ${formatPtBR.day(from)} a ${formatPtBR.day(to)}`,
  },
  /** A backfill stopped by Ctrl-C (src/cli/backfill-resume.ts). */
  interrupted: {
    stopped: (during: string): string => `interrompido (Ctrl-C)${during}`,
    during: (date: string): string =>
      ` durante a noite de ${formatPtBR.day(date)} (ficou inacabada: a próxima execução a marca como abandonada e a executa de novo)`,
    done: (nights: string): string => `concluídas: ${nights}`,
    notDone: (nights: string): string => `não concluídas: ${nights}`,
    resume: (command: string): string => `continue com: ${command}`,
    none: (total: number): string => `nenhuma de ${formatPtBR.count(total)} noite(s)`,
    some: (spans: string, count: number, total: number): string => `${spans} (${formatPtBR.count(count)} de ${formatPtBR.count(total)} noite(s))`,
    span: (first: string, last: string): string => `${formatPtBR.day(first)} a ${formatPtBR.day(last)}`,
    one: (date: string): string => formatPtBR.day(date),
  },
  /** The terminal's prefix of a warning. */
  warning: 'aviso',
  /** The nouns and words of a progress line (src/shared/progress-text.ts): singular, plural. */
  progress: { rows: ['linha', 'linhas'] as [string, string], nights: ['noite', 'noites'] as [string, string], took: 'em' },
  page: pagePtBR,
  /** The alerts a night sends (src/alerts/compose.ts). */
  alerts: alertsPtBR,
  /** What the CLI prints for a person: the findings table, reconcile's counts, the error frame. */
  terminal: terminalPtBR,
  /** What `recon check` prints of each file (src/imports/check-text.ts, src/cli/commands/check.ts). */
  check: checkPtBR,
  /** What serve, receive, sandbox, sql, export and import print for a person. */
  commands: commandWordsPtBR,
  /** What `--help` says of every command and flag (src/cli/usage-text.ts). */
  help: helpPtBR,
};
