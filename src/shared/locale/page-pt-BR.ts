// The words of the finance page (`recon serve`) in Brazilian Portuguese; its shape is the page catalogue
// type: page-en.ts must have every key.
import { formatPtBR } from './format-pt-BR.ts';

export const pagePtBR = {
  lang: 'pt-BR',
  /** What the server answers, as plain text, to a request it refuses. */
  refused: {
    loopbackOnly: 'Proibido: este servidor só atende 127.0.0.1 / localhost.',
    token: 'Não autorizado: envie o RECON_SERVE_TOKEN como "Authorization: Bearer <token>" ou abra a página uma vez com ?token=<token>.',
    origin: 'Proibido: uma alteração precisa ser enviada desta página (a Origin ou o Referer precisa ser este servidor).',
    csrf: 'Proibido: o token do formulário não corresponde a esta sessão; recarregue a página e tente de novo.',
    tooMany: 'Pedidos demais: espere um minuto e tente de novo.',
  },
  tagline: 'relatórios de conciliação',
  /** Why the page shows no figures of the warehouse (the notice above the nights). */
  warehouse: {
    busy: 'o warehouse está ocupado: um job do recon está gravando nele agora; as noites abaixo vêm da pasta de relatórios',
    unreadable: (detail: string): string => `não foi possível ler o warehouse: ${detail}`,
  },
  /** The line a finished night prints on the terminal to open its page. */
  openHint: (command: string, url: string): string => `Abra a página dos relatórios: ${command} e depois ${url}`,
  outcomes: { done: 'concluída', done_with_warnings: 'concluída com avisos', failed: 'falhou', unknown: 'desconhecido', none: 'sem resumo' } as Record<
    string,
    string
  >,
  downloads: { none: 'nenhum', fileOf: (file: string, date: string): string => `${file} de ${date}`, rfc: 'csv RFC 4180' },
  home: {
    title: 'recon · noites',
    heading: 'Noites',
    every: 'Todas as noites',
    none: 'Nenhuma noite na pasta de relatórios ainda: execute',
    nothingOpen: 'nada em aberto',
    night: 'Noite',
    outcome: 'Resultado',
    finished: (zone: string): string => `Terminou (${zone})`,
    new: 'Novos',
    open: 'Em aberto',
    resolved: 'Resolvidos',
    active: 'Ativos por categoria',
    downloadsHeader: 'Downloads',
    findingsChart: 'Achados ativos por categoria, últimas 30 noites',
    findingsChartEmpty: 'Nenhuma noite com achados ainda.',
    chargebacksChart: 'Chargebacks em aberto por bandeira e dias desde o chargeback',
    chargebacksChartEmpty: 'Nenhum chargeback em aberto.',
    refundsTip: (date: string, count: number, money: string): string => `${date}: ${formatPtBR.count(count)} estornos, ${money}`,
    refundsChart: (endDate: string, count: number, money: string): string =>
      `Estornos por dia, 30 dias até ${endDate}: ${formatPtBR.count(count)} estornos, ${money}`,
    refundsChartEmpty: (endDate: string): string => `Nenhum estorno nos 30 dias até ${endDate}.`,
    refundsKey: 'estornos',
  },
  /** The night's close at the top of its page (close-section.ts, docs/close.md). */
  close: {
    heading: 'Fechamento',
    chart: (tieout: string): string => `${tieout}: como a diferença entre o serviço e a loja se compõe`,
    closes: (tieout: string): string => `${tieout}: fecha. Cada centavo da diferença entre a loja e o serviço está explicado.`,
    doesNotClose: (tieout: string, money: string, items: number): string =>
      `${tieout}: NÃO fecha. ${money} da diferença não têm explicação, em ${items === 1 ? '1 item, listado' : `${formatPtBR.count(items)} itens, listados`} abaixo da tabela (close_residue).`,
    line: 'Linha',
    items: 'Itens',
    amount: 'Valor',
    explain:
      'Vendas: os pedidos do dia que a exportação da loja mostra pagos (ou estornados depois) e as vendas do dia que o serviço capturou. Estornos e chargebacks: os pedidos que a exportação do dia mostra estornados pela primeira vez (ou cancelados depois de pagos) e as vendas que o serviço estornou ou que sofreram chargeback no dia. Em cada conciliação, cada item que difere é explicado pelo achado da noite sobre ele, por uma contrapartida em outro dia ou pela tolerância; o que sobra é "Não explicado".',

    /** The month to date under the night's close (close-month-section.ts). */
    monthHeading: (from: string, upTo: string): string => `Fechamento do mês até a noite: ${from} a ${upTo}`,
    monthNights: (count: number): string =>
      count === 1
        ? 'A única noite conciliada, como ela registrou o fechamento.'
        : `Soma de ${formatPtBR.count(count)} noites conciliadas, cada uma como a noite a registrou.`,
    span: (from: string, to: string): string => `${from} a ${to}`,
    monthMissing: (days: string): string =>
      `Faltam noites: ${days}. Nenhum fechamento registrado para esses dias (noite não executada, ou conciliada antes do fechamento existir); rode recon run nightly --date para cada uma e a soma as incluirá.`,
    monthCaption: (tieout: string): string => `${tieout}: mês até a noite`,
    residueCaption: (tieout: string, shown: number, total: number): string =>
      `${tieout}: o que nada explica, item a item${shown < total ? ` (os primeiros ${formatPtBR.count(shown)} de ${formatPtBR.count(total)}; recon sql tem todos)` : ''}`,
    residueHeaders: ['Item', 'Pagamentos', 'Loja', 'Serviço', 'Diferença'],
    barLink: (line: string): string => `${line}: mostrar estes achados`,
  },
  night: {
    title: (date: string): string => `recon · noite ${date}`,
    allNights: 'Todas as noites',
    heading: (date: string): string => `Noite ${date}`,
    downloads: 'Downloads',
    record: 'O registro da noite para máquinas:',
    timesIn: 'Horários em',
    window: 'Janela',
    windowText: (from: string, to: string): string => `${from} a ${to}`,
    ran: 'Execução',
    ranText: (from: string, to: string, duration: string | undefined): string => `${from} a ${to}${duration === undefined ? '' : ` (${duration})`}`,
    source: 'Origem',
    run: 'Execução (id)',
    error: 'Erro',
    lastAttempt: 'Última tentativa',
    lastAttemptText: (outcome: string, at: string, runId: string, error: string, shown: string): string =>
      `${outcome} em ${at} (execução ${runId}): ${error}; os números e relatórios desta página são os da execução ${shown}`,
    synced: 'Sincronizado',
    syncedText: (windows: number, pages: number, created: number, changed: number, unchanged: number): string =>
      `${formatPtBR.count(windows)} janelas, ${formatPtBR.count(pages)} páginas; linhas novas ${formatPtBR.count(created)}, alteradas ${formatPtBR.count(changed)}, inalteradas ${formatPtBR.count(unchanged)}`,
    keptOut: 'Mantidas fora',
    keptOutText: (rows: number): string =>
      `${formatPtBR.count(rows)} linha(s) listada(s) violaram a interface do serviço e ficaram fora do warehouse (listadas abaixo)`,
    fresh: 'Dados atualizados até',
    freshText: (transactions: string, operations: string): string => `transações ${transactions}, operações ${operations}`,
    orders: 'Pedidos',
    ordersText: (file: string, loaded: number, read: number, rejected: number): string =>
      `${file}: ${formatPtBR.count(loaded)} de ${formatPtBR.count(read)} carregados, ${formatPtBR.count(rejected)} recusados`,
    matched: 'Pedidos conciliados',
    matchedText: (exact: number, variance: number): string => `${formatPtBR.count(exact)} exatos, ${formatPtBR.count(variance)} dentro da tolerância`,
    findings: 'Achados',
    findingsText: (created: number, open: number, resolved: number): string =>
      `${formatPtBR.count(created)} novos, ${formatPtBR.count(open)} ainda em aberto, ${formatPtBR.count(resolved)} resolvidos`,
    byCategory: 'Por categoria',
    noFindingsNight: 'Nenhum achado nesta noite.',
    category: 'Categoria',
    new: 'Novos',
    open: 'Em aberto',
    resolved: 'Resolvidos',
    amount: 'Valor em jogo',
    findingsHeading: 'Achados',
    onlyCategory: (category: string): string => `Só os achados de ${category}, como o gráfico do fechamento os liga.`,
    showAll: 'Mostrar todos os achados',
    noFindings: 'Nenhum achado no warehouse para esta noite.',
    search: 'Buscar',
    searchHint: 'item, motivo, cliente…',
    all: 'todos',
    state: 'Situação',
    openFor: 'Em aberto há',
    anyTime: 'qualquer tempo',
    moreThan: (days: number): string => `mais de ${formatPtBR.count(days)} dias`,
    rowsPerPage: 'Linhas por página',
    showing: 'mostrando',
    of: 'de',
    capped: (shown: number, total: number): string =>
      `Esta tabela mostra os primeiros ${formatPtBR.count(shown)} de ${formatPtBR.count(total)} achados; a planilha de divergências tem todos.`,
    cappedRows: (shown: number, total: number): string =>
      `As primeiras ${formatPtBR.count(shown)} de ${formatPtBR.count(total)} linhas; a planilha de divergências tem todas.`,
    previous: '← anterior',
    next: 'próxima →',
    rows: 'linhas',
    columns: {
      category: 'Categoria',
      state: 'Situação',
      firstSeen: 'Visto em',
      item: 'Item',
      payments: 'Pagamentos',
      statuses: 'Status pedido / pagamento',
      orderAmount: 'Valor do pedido',
      paymentAmount: 'Valor do pagamento',
      difference: 'Diferença',
      reason: 'Motivo',
      customer: 'Cliente',
      atStake: 'Em jogo',
      age: 'Idade',
      assignee: 'Responsável',
    },
    /** A finding's age in the table: whole days since the night it was first seen. */
    ageDays: (days: number): string => (days === 0 ? 'hoje' : days === 1 ? '1 dia' : `${formatPtBR.count(days)} dias`),
    syncRejects: 'Linhas listadas mantidas fora',
    syncRejectsText: (rows: number): string =>
      `${formatPtBR.count(rows)} linha(s) listada(s) pelo serviço violaram a interface e ficaram fora do warehouse (a noite terminou com avisos); cada uma está inteira na tabela sync_rejects.`,
    syncRejectsHeaders: ['Listagem', 'Filtro', 'Página', 'Linha', 'Id', 'Motivo'],
    keptOutOrders: 'Linhas de pedidos recusadas',
    keptOutOrdersText: (rows: number): string =>
      `${formatPtBR.count(rows)} linha(s) da exportação de pedidos da noite não puderam ser lidas e ficaram fora da conciliação.`,
    keptOutHeaders: ['Arquivo', 'Linha', 'Coluna', 'Valor', 'Item', 'Tipo', 'Motivo'],
    /** Working the list on the page: a finding's panel, the views, the bulk action. */
    triage: {
      column: 'Ações',
      open: 'tratar',
      openTitle: (key: string): string => `Tratar a divergência ${key}`,
      panelHeading: (category: string): string => `Divergência: ${category}`,
      reason: 'Motivo',
      orderSide: 'Pedido',
      paymentSide: 'Pagamento',
      payoutSide: 'Repasse',
      cashOutSide: 'Saque',
      bankLine: 'Linha do extrato',
      sideText: (amount: string | null, at: string | null): string => [amount, at === null ? null : `em ${at}`].filter((v) => v !== null).join(' '),
      atStake: 'Em jogo',
      history: 'Histórico',
      firstSeen: (night: string): string => `vista pela primeira vez na noite de ${night}`,
      historyActions: {
        ack: 'reconheceu',
        accept: 'aceitou como explicada',
        assign: 'atribuiu a',
        note: 'anotou',
        reopen: 'reabriu',
      },
      noPageFor: 'Pedidos e pagamentos não têm página própria: procure os ids na planilha de divergências.',
      bankSection: 'ver o banco desta noite',
      key: 'Chave',
      assignedTo: 'Atribuída a',
      note: 'Nota',
      noteBy: (by: string): string => `por ${by}`,
      overdue: 'atrasada',
      due: 'Prazo',
      changed: 'Mudou',
      yourName: 'Seu nome',
      yourNameHint: 'guardado neste navegador e registrado em cada ação',
      noteLabel: 'Nota ou motivo',
      to: 'Atribuir a',
      ack: 'Reconhecer',
      addNote: 'Anotar',
      assign: 'Atribuir',
      accept: 'Aceitar como explicada',
      reopen: 'Reabrir',
      close: 'Fechar',
      views: 'Ver',
      all: 'todas',
      mine: 'minhas',
      overdueView: 'atrasadas',
      newTonight: 'novas desta noite',
      noActor: 'Informe seu nome no painel de uma divergência para ver as atribuídas a você.',
      bulk: (n: number): string => (n === 1 ? 'Reconhecer a divergência mostrada' : `Reconhecer as ${formatPtBR.count(n)} divergências mostradas`),
      /** What a bulk acknowledgement is about to do, said on the form before anyone presses it. */
      bulkStake: (n: number, amount: string): string =>
        `${n === 1 ? '1 divergência' : `${formatPtBR.count(n)} divergências`}, ${amount} em jogo. Cada uma é reconhecida com a nota, registrada no diário.`,
      bulkConfirm: (n: number, amount: string): string =>
        `${n === 1 ? 'Reconhecer a divergência mostrada' : `Reconhecer as ${formatPtBR.count(n)} divergências mostradas`} (${amount} em jogo)? Cada uma recebe a nota.`,
      bulkNote: 'Nota (obrigatória)',
      /** What the page says after an action: the head, then the assignee or the note. */
      done: {
        ack: (n: number): string => (n === 1 ? '1 divergência reconhecida' : `${formatPtBR.count(n)} divergências reconhecidas`),
        accept: (n: number): string => (n === 1 ? '1 divergência aceita como explicada' : `${formatPtBR.count(n)} divergências aceitas como explicadas`),
        assign: (n: number): string => (n === 1 ? '1 divergência atribuída a' : `${formatPtBR.count(n)} divergências atribuídas a`),
        note: (n: number): string => (n === 1 ? '1 divergência anotada' : `${formatPtBR.count(n)} divergências anotadas`),
        reopen: (n: number): string => (n === 1 ? '1 divergência reaberta' : `${formatPtBR.count(n)} divergências reabertas`),
      },
      doneNote: 'nota',
      doneReason: 'motivo',
      latestOnly: 'As ações valem para as divergências da noite mais recente.',
    },
  },
  bank: {
    heading: 'Banco: repasses e extratos',
    status: 'No banco',
    payouts: 'Repasses',
    amount: 'Valor',
    noPayouts: 'Nenhum repasse para as contas da empresa nesta noite.',
    noStatement: 'Nenhum extrato bancário importado até esta noite.',
    statement: (account: string, file: string, from: string, to: string, closing: string | undefined) =>
      `Último extrato da conta ${account}: ${file}, de ${from} a ${to}${closing === undefined ? '' : `, saldo final ${closing}`}`,
  },
  forecast: {
    heading: 'Previsão de recebíveis (cartão)',
    notice:
      'Previsão, não extrato: o serviço de pagamentos não lista liquidações. Cada barra soma as parcelas das vendas no cartão pagas com vencimento no dia, pelo contrato de liquidação configurado (settlement), já sem estornos e chargebacks; as taxas da adquirente não são listadas.',
    chart: (from: string, to: string, count: number, money: string): string =>
      `Recebíveis previstos por dia, ${from} a ${to}: ${formatPtBR.count(count)} parcelas, ${money}`,
    empty: (from: string, to: string): string => `Nenhuma parcela prevista de ${from} a ${to}.`,
    bar: (date: string, count: number, money: string): string => `${date}: ${formatPtBR.count(count)} parcela(s), ${money} (previsão)`,
    key: 'recebíveis previstos',
    partialKey: 'parcial: vendas antigas não lidas',
    allLines: (count: number) => `Baixar todas as parcelas destes dias (${formatPtBR.count(count)} linhas, CSV)`,
    linesBusy: 'O warehouse está ocupado: um job do recon está gravando nele agora. Baixe as parcelas de novo quando ele terminar.',
    linesWriting: 'As parcelas estão sendo geradas para outro download agora. Tente de novo em um minuto.',
    linesFailed: 'Não foi possível gerar as parcelas; o log do servidor diz por quê.',
    completeFrom: (date: string): string => `Completa para as vendas desde ${date}: cada dia do horizonte soma todas as parcelas que vencem nele.`,
    partialDays: (date: string, from: string, to: string): string =>
      `Completa só para as vendas desde ${date}: os dias de ${from} a ${to} (barras mais claras) podem não ter parcelas de vendas mais antigas, que nenhuma sincronização leu ainda (a leitura retroativa das vendas antigas, feita pela noite, as traz, até sync.backfillDays).`,
    noSync: (from: string, to: string): string => `Nenhuma sincronização leu esta noite: nenhum dia de ${from} a ${to} é garantido.`,
    contract: (firstDays: number, perInstallment: boolean): string =>
      perInstallment
        ? `Contrato: 1ª parcela ${formatPtBR.count(firstDays)} dias após a venda, as demais a cada 30 dias.`
        : `Contrato: a venda inteira ${formatPtBR.count(firstDays)} dias após a venda.`,
  },
};
