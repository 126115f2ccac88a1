// As frases em português dos erros da linha de comando (usage): datas e opções, as opções do sandbox,
// a triagem pelo terminal ou pela página, e o recon sql. Opções, chaves da configuração, variáveis de
// ambiente e comandos ficam como se digitam; o limite de uma configuração também.
import type { ErrorCatalogue } from './error-types.ts';
import type { FlagErrorParams, SqlRefusal } from './error-params-cli.ts';
import { terminalPtBR } from './terminal-pt-BR.ts';

const SQL_WHY: Record<SqlRefusal, string> = {
  files: 'ele não lê nem grava nenhum outro arquivo (COPY, EXPORT DATABASE, ATTACH, read_csv ou read_text de um caminho)',
  extensions: 'ele não instala nem carrega extensões (INSTALL, LOAD)',
  settings: 'suas configurações não podem ser alteradas (SET, RESET, PRAGMA)',
  writes: 'comandos que alteram o warehouse (INSERT, UPDATE, DELETE, CREATE, ...) são recusados',
  indirect:
    'ele executa os comandos tal como escritos: PREPARE, EXECUTE e EXPLAIN ANALYZE (que executa o que explica) são recusados; escreva o próprio comando, ou use EXPLAIN',
};

const RATE: Record<'discrepancy' | 'mispriced', string> = { discrepancy: 'de divergências', mispriced: 'de vendas com preço errado' };

/** O que a ação da página exige, para uma divergência e em lote: o motivo de uma aceitação, a nota das demais. */
const NEEDS_NOTE_PT: Record<'ack' | 'accept' | 'note', [string, string]> = {
  ack: [
    'reconhecer uma divergência exige uma nota dizendo o que se sabe',
    'reconhecer divergências em lote exige uma nota dizendo o que se sabe delas, registrada em cada uma',
  ],
  accept: [
    'aceitar uma divergência como explicada exige um motivo',
    'aceitar divergências em lote exige um motivo de não serem corrigidas, registrado em cada uma',
  ],
  note: ['uma nota precisa de texto', 'uma nota em lote precisa de texto'],
};

export const flagErrorsPtBR: ErrorCatalogue<FlagErrorParams> = {
  dateFormat: (p) => `esperava uma data no formato AAAA-MM-DD (YYYY-MM-DD), recebeu "${p.got}"`,
  nightNotEnded: (p, w) =>
    `a noite de ${w.fmt.day(p.date)} ainda não terminou em ${p.zone}: execute depois de ${w.fmt.instant(p.readyAtMs, p.zone)} (o fim do dia mais sync.settleMinutes)`,
  fromAfterTo: (p, w) => `esperava --from ${w.fmt.day(p.from)} igual ou anterior a --to ${w.fmt.day(p.to)}`,
  unknownOption: (p) => `opção desconhecida ${p.option}; veja \`${p.command} --help\``,
  unknownCommand: (p) => `comando desconhecido ${p.got}; veja \`${p.command} --help\``,
  noSubcommand: (p) => `falta o comando depois de ${p.command}; veja \`${p.command} --help\``,
  missingFlag: (p) => `${p.command} precisa de ${p.flag}; veja \`${p.command} --help\``,
  csvDialect: (p) => `--csv-dialect aceita rfc4180 ou br, recebeu "${p.got}"`,
  failOn: (p) => `--fail-on aceita "new", recebeu "${p.got}"`,
  checkNoFiles: () => 'informe ao menos um arquivo para conferir: recon check [--config ARQUIVO] ARQUIVO...',
  importNoFiles: () => 'informe ao menos uma exportação de pedidos ou um extrato bancário: recon import [--config ARQUIVO] [--strict] ARQUIVO...',
  importNoOrderFiles: () => 'informe ao menos um arquivo de exportação de pedidos para importar',
  portFlag: (p) => `--port aceita um número de 0 a 65535, recebeu "${p.got}"`,
  dateOrRange: () => 'use --date ou --since/--until, não os dois',
  sinceUntilTogether: () => 'use --since e --until juntos',
  untilAfterSince: (p) => `esperava --until depois de --since, recebeu ${p.since} .. ${p.until}`,
  isoInstantFlag: (p) => `esperava ${p.flag} como data ou data e hora ISO (por exemplo 2024-05-01T00:00), recebeu "${p.got}"`,
  wholeDaysFlag: (p) => `esperava ${p.flag} como um número inteiro de dias (0-3650), recebeu "${p.got}"`,
  tableFormat: (p) => `esperava --format table, csv ou json, recebeu "${p.got}"`,
  exportFormat: (p) => `esperava --format parquet, recebeu "${p.got}"`,
  exportOut: () => 'informe --out PASTA, a pasta onde gravar os arquivos Parquet',
  closeMonth: (p) => `esperava --month como ano e mês, AAAA-MM (por exemplo 2026-11), recebeu "${p.got}"`,
  closeMonthNoNight: (p, w) =>
    `esperava uma noite de ${p.month} conciliada com seu fechamento no warehouse, não há nenhuma${p.latest === null ? '' : ` (a última noite com fechamento é ${w.fmt.day(p.latest)})`}; execute \`recon run nightly --date\` para um dia desse mês, ou escolha um mês que o warehouse tenha`,
  warehouseEmpty: () =>
    'o warehouse ainda não tem pagamentos nem pedidos: execute `recon sync` e `recon import`, ou `recon run nightly` (depois de `npm start`, acrescente --sandbox)',
  outsideSandbox: (p, w) =>
    `${p.flag} ${w.fmt.day(p.date)} fica fora do histórico do sandbox embutido (${w.fmt.day(p.first)} a ${w.fmt.day(p.last)}); escolha um dia nesse intervalo, ou defina RECON_API_KEY e api.baseUrl para conciliar o serviço real`,
  faultsProfile: (p) => `esperava --faults none, flaky ou chaos, recebeu "${p.got}"`,
  faultRate: (p) => `a taxa de falha ${p.name} deve ser um número >= 0, recebeu ${p.got}`,
  faultRatesSum: (p, w) =>
    `as taxas de falha que derrubam uma requisição somam ${w.fmt.decimal(p.sum, 2)}; mantenha a soma abaixo de 1 para que as novas tentativas passem`,
  faultsFlag: (p) => `esperava --faults none|flaky|chaos ou taxas como "error503=0.1,latencyMs=50" (conhecidas: ${p.known.join(', ')}), recebeu "${p.got}"`,
  wholeNumberFlag: (p) => `esperava --${p.name} como um número inteiro >= ${p.min}, recebeu "${p.got}"`,
  numberFlag: (p) => `esperava ${p.flag} como um número, recebeu "${p.got}"`,
  ordersExportFormat: (p) => `esperava ${p.flag ? '--orders-format' : 'um formato de exportação de pedidos'} ${p.formats.join(', ')}, recebeu "${p.got}"`,
  sandboxSeed: (p) => `esperava --seed como um número inteiro, recebeu ${p.got}`,
  sandboxDays: (p) => `esperava --days entre 1 e 3660, recebeu ${p.got}`,
  sandboxPerDay: (p) => `esperava --per-day entre 0 e 1000000, recebeu ${p.got}`,
  sandboxRate: (p) => `esperava uma taxa ${RATE[p.which]} entre 0 e 0,5, recebeu ${String(p.got).replace('.', ',')}`,
  busyDayOffset: (p) => `esperava a posição do dia movimentado entre 0 e ${p.last}, recebeu ${p.got}`,
  busyDaySales: (p) => `esperava as vendas do dia movimentado entre 0 e 1000000, recebeu ${p.got}`,
  olderDays: (p) => `esperava vendas antigas ao longo de 0 a 3660 dias, recebeu ${p.got}`,
  olderPerDay: (p) => `esperava de 0 a 100000 vendas antigas por dia, recebeu ${p.got}`,
  sandboxListen: (p) => `o sandbox não conseguiu escutar em ${p.host}:${p.port}: ${p.why}`,
  serveListen: (p) => `o recon serve não conseguiu escutar em ${p.host}:${p.port}: ${p.why}${p.taken ? ' (a porta está ocupada; passe outra --port)' : ''}`,
  keysAndFilter: (p) => `informe chaves de achados ou um filtro (${p.on === 'cli' ? '--state, --category, ...' : 'visão, situação, categoria'}), não os dois`,
  keysOrFilter: () =>
    'informe chaves de achados (veja `recon findings list`) ou um filtro como --category refund_owed --older-than 7d; nenhum dos dois foi dado',
  confirmNoTerminal: (p, w) => `${terminalPtBR.listing.confirm(p.action, p.count, w.fmt.count(p.count))} ${terminalPtBR.listing.noTerminal}`,
  notConfirmed: () => terminalPtBR.listing.notConfirmed,
  noKeys: (p) => `informe ao menos uma chave de achado (ou um filtro) para ${p.action}; nenhuma foi dada`,
  needsNote: (p) => (p.action === 'accept' ? 'accept exige --reason "por que não será corrigido"' : `${p.action} exige --note "o que se sabe"`),
  assignNeedsTo: () => 'assign exige --to NOME',
  olderThanFlag: (p) => `--older-than aceita uma idade como 7d ou 2w, recebeu "${p.got}"`,
  stateFlag: (p) => `--state aceita um de ${p.states.join(', ')}, recebeu "${p.got}"`,
  pageAction: (p) => `esperava a ação como uma de ${p.actions.join(', ')}, recebeu "${p.got}"`,
  pageActor: (p) => `informe seu nome (de 1 a ${p.max} caracteres) no campo "actor": o diário registra quem fez`,
  pageView: (p) => `esperava a visão como uma de ${p.views.join(', ')}, recebeu "${p.got}"`,
  pageExpect: (p) => `esperava uma contagem no campo "expect", recebeu "${p.got}"`,
  pageNeedsNote: (p) => `${NEEDS_NOTE_PT[p.action][p.bulk ? 1 : 0]}; nada foi gravado`,
  pageNoneMatch: () => 'nenhuma divergência da visão resta para esta ação; nada foi gravado',
  pageCountChanged: (p, w) =>
    `a página mostrou ${w.fmt.count(p.shown)} divergências, a lista agora tem ${w.fmt.count(p.now)}: nada foi gravado; recarregue a página e tente de novo`,
  sqlTimeout: (p) =>
    `SQL interrompido depois de ${p.seconds} s (sql.timeoutSeconds): esperava um comando que termine antes; restrinja-o (um WHERE na data, um LIMIT), ou aumente sql.timeoutSeconds na configuração`,
  sqlSpill: (p) =>
    `SQL interrompido: precisou de mais de ${p.maxSpill} de disco temporário (sql.maxSpill); restrinja-o (menos linhas ou colunas antes de um ORDER BY ou de um join), ou aumente sql.maxSpill na configuração`,
  sqlEmpty: () => 'esperava um comando SQL, não veio nenhum',
  sqlNone: () => 'nenhum SQL informado: passe uma consulta, ou envie pela entrada comandos terminados em ";"',
  sqlFailed: (p) => `o SQL falhou: ${p.said}`,
  sqlReadOnly: (p) =>
    `o recon sql é somente leitura; ele lê apenas o warehouse: ${SQL_WHY[p.refusal]}; para gravar tabelas em arquivos use \`recon export --format parquet --out PASTA\`, ou redirecione \`recon sql --format csv "SELECT ..."\` para um arquivo${p.said === undefined ? '' : ` (DuckDB: ${p.said})`}`,
};
