// Todos os avisos e notas de uma execução em português: o que o terminal mostra sob reports.locale
// "pt-BR". Contagens, dinheiro e dias passam pelo formatador do locale; chaves de configuração, nomes
// de arquivos, comandos e o que outra camada disse (o esquema, o sistema de arquivos, o serviço) vão
// como estão escritos.
import type { AlertChannel, LogCatalogue, LogParams, RejectedRow } from './log-params.ts';
import type { Formatter } from './format.ts';
import { holderOfPtBR } from './errors-store-pt-BR.ts';
import { ptBR } from './pt-BR.ts';

const firstRow = (r: RejectedRow, fmt: Formatter) =>
  `página ${fmt.count(r.page)}, linha ${fmt.count(r.row)}${r.idField === undefined || r.rowId === undefined ? '' : ` (${r.idField} ${r.rowId})`}: ${r.reason}`;

/** A count and its noun and adjective in agreement: 1 linha pulada, 2 linhas puladas. */
const agreed = (n: number, fmt: Formatter, one: string, many: string) => (n === 1 ? `1 ${one}` : `${fmt.count(n)} ${many}`);

const ALERT_KINDS: Record<LogParams['alertNotDelivered']['kind'], string> = { new: 'achados novos', overdue: 'prazos vencidos', failed: 'noite com falha' };
const channelOf = (c: AlertChannel) => `${c.kind === 'email' ? 'o e-mail' : 'o webhook'} ${c.address}`;

export const logsPtBR: LogCatalogue = {
  headerBelowTitle: (p, w) =>
    `${p.file}: o cabeçalho está na linha ${w.fmt.count(p.line)}; ` +
    `${p.above === 1 ? 'a linha acima dele (um título?) foi pulada' : `as ${w.fmt.count(p.above)} linhas acima dele (um título?) foram puladas`} — ` +
    `defina orders.csv.skipRows como ${p.above} para dizê-lo`,
  csvBomOverrides: (p) =>
    `${p.file}: lido como UTF-8: o arquivo começa com a marca de ordem de bytes (BOM) do UTF-8, embora orders.csv.encoding seja "${p.configured}"; ` +
    'defina orders.csv.encoding como "utf-8" se as exportações são UTF-8',
  csvUtf8Overrides: (p) =>
    `${p.file}: lido como UTF-8, embora orders.csv.encoding seja "${p.configured}": o arquivo é UTF-8 válido com letras acentuadas, ` +
    `que ${p.configured} deformaria ("JoÃ£o" em vez de "João"); defina orders.csv.encoding como "utf-8" se as exportações são UTF-8`,
  ordersNoRows: (p) => `${p.file}: nenhuma linha de pedido depois do cabeçalho; nada foi importado dele`,
  presetMerged: (p) =>
    `orders.preset "${p.preset}" é combinado com chaves explícitas que substituem valores dele: ${p.overrides
      .map((o) => `${o.key} "${o.explicit}" (o do preset: "${o.preset}")`)
      .join(', ')}; as chaves explícitas prevalecem — remova-as da configuração para usar os valores do preset`,
  ordersProblem: (p, w) => w.said(p.problem),
  sandboxExportsLoaded: (p, w) =>
    `${agreed(p.files, w.fmt, 'exportação diária anterior da loja do sandbox carregada', 'exportações diárias anteriores da loja do sandbox carregadas')} (só na primeira execução).`,
  statementImportedBefore: (p) => `${p.file}: este extrato (os mesmos bytes) já foi importado, como ${p.earlier}; nada mudou`,
  statementMissing: (p, w) =>
    `o extrato bancário ${p.file} de ${w.fmt.day(p.date)} não existe (ainda); a noite segue sem ele — importe-o depois com recon import, ` +
    'ou confira bank.statementPath / --statement',

  syncRowsKeptOut: (p, w) =>
    `${p.window}: ${agreed(p.rows, w.fmt, 'linha mantida', 'linhas mantidas')} fora do warehouse (sync_rejects)${p.first === undefined ? '' : `; a primeira: ${firstRow(p.first, w.fmt)}`}`,
  syncSeenMarksLate: (p) =>
    `a sincronização ${p.runId} está gravada, mas as marcas de última vista das linhas que ela listou sem mudança não foram todas escritas (${p.said}); ` +
    'essas linhas ficam com uma execução anterior em last_seen_at / last_seen_run até uma próxima sincronização listá-las de novo',
  syncDone: (p, w) => {
    const n = (value: number, one: string, many: string) => agreed(value, w.fmt, one, many);
    const extra = [
      p.rejected > 0 ? `${n(p.rejected, 'mantida', 'mantidas')} fora (sync_rejects)` : '',
      p.lookups.read > 0
        ? `${n(p.lookups.read, 'consultada', 'consultadas')} pelo id (${n(p.lookups.changed, 'alterada', 'alteradas')}, ${n(p.lookups.vanished, 'recusada', 'recusadas')})`
        : '',
    ].filter((t) => t !== '');
    return (
      `sincronização ${p.runId}: ${n(p.windows, 'janela', 'janelas')}, ${n(p.pages, 'página', 'páginas')}, linhas ${n(p.rows.new, 'nova', 'novas')} / ` +
      `${n(p.rows.changed, 'alterada', 'alteradas')} / ${n(p.rows.unchanged, 'inalterada', 'inalteradas')}${extra.map((t) => `, ${t}`).join('')}, ` +
      `${n(p.retries, 'nova tentativa', 'novas tentativas')}, ${w.fmt.duration(Math.round(p.seconds * 1000))}`
    );
  },
  forecastBeyondReach: (p, w) =>
    `a previsão de caixa precisa das vendas desde ${w.fmt.day(p.from)}, mas sync.backfillDays (${p.backfillDays}) só lê até ${w.fmt.day(p.reach)}: ` +
    'a previsão diz quais dos seus dias estão parciais; aumente sync.backfillDays para ler mais para trás',
  backfillPlanned: (p, w) =>
    `leitura retroativa das vendas antigas para a previsão de caixa: ${w.fmt.day(p.from)} a ${w.fmt.day(p.to)}, ` +
    `cerca de ${w.fmt.count(p.transactions)} transações em ${p.runs === 1 ? '1 execução' : `${w.fmt.count(p.runs)} execuções`}`,
  backfillRunDone: (p, w) =>
    `leitura retroativa: vendas desde ${w.fmt.day(p.from)} lidas (${w.fmt.count(p.position)} de ${w.fmt.count(p.runs)} execuções, ` +
    `${w.fmt.count(p.done)} de cerca de ${w.fmt.count(p.transactions)} transações)`,
  backfillNightStarted: (p) => `${ptBR.backfill.position(p.date, p.position, p.count)}: executando...`,
  warehouseLockWait: (p, w) =>
    `esperando o warehouse ${p.path}, ocupado por ${p.holder === undefined ? 'outro processo' : holderOfPtBR(p.holder, w)}; até ${p.seconds} s (warehouse.lockWaitSeconds)`,
  sandboxRunning: (p, w) =>
    `Executando no sandbox embutido (semente ${p.seed}, ${w.fmt.count(p.days)} dias de ${w.fmt.count(p.perDay)} vendas, ${w.fmt.day(p.first)} a ${w.fmt.day(p.last)}` +
    `${p.older === undefined ? '' : `, depois de ${w.fmt.count(p.older.days)} dias de ${w.fmt.count(p.older.perDay)} vendas parceladas desde ${w.fmt.day(p.older.from)}`}).`,
  apiKeyUnusualPrefix: () =>
    'RECON_API_KEY não começa com test_ nem live_, os prefixos das chaves de teste e de produção do serviço; ' +
    'se o serviço a recusar, confira se é a chave inteira e não o segredo de assinatura dela',

  feesUnpriced: (p, w) =>
    `taxas: ${w.fmt.count(p.unpriced)} de ${w.fmt.count(p.sales)} vendas no cartão de ${w.fmt.day(p.date)} não têm preço para conferir ` +
    `(uma bandeira desconhecida, um valor líquido abaixo de ${w.fmt.money(100)}, uma requisição recusada, ou fees.maxCallsPerNight = ${p.maxCalls} atingido)`,
  feesBudgetReached: (p) => `taxas: fees.maxCallsPerNight (${p.budget}) atingido; as vendas restantes não são conferidas esta noite`,
  feesNoPrice: (p, w) => `taxas: sem preço para ${p.brand} em ${w.fmt.money(p.netValueCents)}: ${w.said(p.said)}`,
  notificationNotKept: (p, w) => `notificação não guardada: ${w.said(p.said)}`,
  serveRequestFailed: (p, w) => `recon serve: ${p.method} falhou: ${w.said(p.said)}`,
  reportBaseNotDropped: (p) => `relatório ${p.report}: não foi possível apagar a tabela base ${p.table}: ${p.said}`,
  alertNotDelivered: (p, w) =>
    `o alerta (${ALERT_KINDS[p.kind]}) para ${channelOf(p.channel)} não foi entregue depois de ${w.fmt.count(p.attempts)} tentativa(s): ${w.said(p.said)}; a noite segue`,
  alertsNotNoted: (p, w) => `não foi possível anotar os achados alertados em ${p.path}: ${w.said(p.said)}; eles podem alertar de novo`,
  journalLinesSkipped: (p, w) =>
    `diário de triagem ${p.path}: ${agreed(p.skipped, w.fmt, 'linha pulada', 'linhas puladas')} (${p.problems
      .slice(0, 3)
      .map((q) => `linha ${w.fmt.count(q.line)}: ${w.said(q.problem)}`)
      .join('; ')}${p.problems.length > 3 ? '; ...' : ''})`,

  syncProgress: () => 'sincronização',
  importProgress: (p) => `importação de ${p.file}`,
};
