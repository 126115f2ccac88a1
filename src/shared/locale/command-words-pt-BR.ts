// What the long-running and file commands print for a person, in Portuguese: the lines `recon serve`,
// `recon receive`, `recon sandbox` and `recon sql` start with, `recon export`'s table, and `recon
// import`'s tables of orders and statements. Figures come formatted (the locale's fmt); what a file held
// (names, reasons the import stored) is quoted as it is. The JSON lines never come here.

/** A table's column headers, one per column, in order. */
type Headers<N extends number, T extends string[] = []> = T['length'] extends N ? Readonly<T> : Headers<N, [...T, string]>;

export const commandWordsPtBR = {
  serveListening: (url: string, reports: string, warehouse: string, token: boolean): string =>
    `recon serve: ${url}/  (relatórios ${reports}, warehouse ${warehouse} somente leitura${token ? ', token exigido' : ''}). Ctrl+C encerra.`,
  receiveListening: (url: string, inbox: string): string => `recon receive: ${url}/  (caixa de entrada ${inbox}). Ctrl+C encerra.`,
  sqlBanner: 'recon sql (somente leitura). Termine cada comando com ";". .tables lista tabelas e visões, .quit sai.',
  sandbox: {
    /** counts: transactions, operations, orders, injected discrepancies. */
    generated: ([tx, ops, orders, injected]: readonly string[], period: string, ms: string): string =>
      `gerados ${tx} transações, ${ops} operações, ${orders} pedidos e ${injected} divergências injetadas (${period}) em ${ms} ms`,
    listening: (url: string, faults: string): string => `sandbox do serviço de pagamentos ouvindo em ${url} (falhas: ${faults})`,
    apiKey: (key: string): string => `chave de API: ${key}  (qualquer chave iniciada por test_ serve; chaves live_ recebem 403 nas rotas só do sandbox)`,
    tryThese: 'experimente:',
    stop: 'encerre com Ctrl-C',
  },
  export: {
    rows: (count: number, n: string): string => (count === 1 ? `${n} linha ` : `${n} linhas`),
    byDay: (column: string): string => `por dia de ${column}`,
    oneFile: 'um arquivo (sem data e hora)',
    readBack: (sql: string): string => `Para ler de volta: ${sql}`,
  },
  /** `recon close --month` (src/cli/commands/close.ts). */
  close: {
    heading: (month: string, from: string, upTo: string, nights: number): string =>
      `Fechamento do mês ${month}: de ${from} a ${upTo}, ${nights === 1 ? '1 noite somada' : `${nights} noites somadas`}`,
    missing: (days: string): string => `Faltam noites (sem fechamento registrado): ${days}`,
    written: 'Pasta de relatórios',
  },
  importOrders: {
    headers: ['arquivo', 'formato', 'lidas', 'carregadas', 'duplicadas', 'rejeitadas', 'conflitos', 'segundos'] as Headers<8>,
    total: 'total',
    conflict: 'conflito',
    rejected: 'rejeitada',
    nothingKeptOut: 'Nenhuma linha ficou de fora.',
    keptOut: (n: string): string => `Ficaram de fora (${n}):`,
    more: (n: string, sql: string): string => `… e mais ${n}: ${sql}`,
  },
  importStatements: {
    headers: ['extrato', 'formato', 'codificação', 'conta', 'lidas', 'carregadas', 'rejeitadas'] as Headers<7>,
    importedBefore: '0 (importado antes)',
    keptOut: 'linhas de extrato deixadas de fora (todas estão em bank_import_issues):',
    line: (file: string, line: number, reason: string): string => `${file}: linha ${line}: ${reason}`,
    more: (n: string): string => `... e mais ${n}`,
  },
};

export type CommandWords = typeof commandWordsPtBR;
