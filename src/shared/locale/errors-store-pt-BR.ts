// As frases em português dos erros do warehouse (warehouse, locked) e dos relatórios (report): um
// warehouse que não abre, não migra ou não grava, um que outro processo ocupa, e uma consulta ou um
// arquivo de relatório que falha. O que o DuckDB disse vai citado tal como veio.
import type { ErrorCatalogue, ErrorWords } from './error-types.ts';
import type { LockHolder, ReportPart, StoreErrorParams } from './error-params-run.ts';

const partOf = (p: ReportPart) => `relatório ${p.report}${p.sheet === undefined ? '' : `, aba ${p.sheet}`}${p.base ? ', consulta base' : ''}`;

/** O processo que ocupa o warehouse, como o erro e o aviso de espera o nomeiam. */
export function holderOfPtBR(h: LockHolder, w: Pick<ErrorWords, 'fmt'>): string {
  // The hour in UTC, as the English sentence and the process table give it.
  const since = h.sinceMs === undefined ? undefined : `desde ${w.fmt.instant(h.sinceMs, 'UTC').slice(-5)} UTC`;
  const details = [h.command, since].filter(Boolean);
  return details.length === 0 ? `PID ${h.pid}` : `PID ${h.pid} (${details.join(', ')})`;
}

const STEP = {
  query: 'a consulta falhou',
  rows: 'a leitura das linhas falhou',
  notes: 'a consulta das notas falhou',
  figures: 'a consulta dos números da aba vazia falhou',
  csv: 'a gravação do CSV falhou',
};
const SANDBOX_FILE = { ordersExport: 'a exportação de pedidos', statements: 'os extratos bancários do sandbox em', truth: 'o gabarito' };

export const storeErrorsPtBR: ErrorCatalogue<StoreErrorParams> = {
  warehouseNewer: (p) =>
    `o warehouse está na versão de esquema ${p.current}, mais nova que a que este recon conhece (${p.latest}); use o recon que o migrou, ou um mais recente`,
  migrationFailed: (p) => `a migração ${p.version} (${p.name}) falhou: ${p.said}`,
  warehouseCannotOpen: (p) => `não foi possível abrir o warehouse ${p.path}: ${p.said}`,
  warehouseLocked: (p, w) =>
    `o warehouse ${p.path} está em uso por outro processo do recon${p.holder ? ` (${holderOfPtBR(p.holder, w)})` : ''}${
      p.waited ? `; esperou ${p.waited.seconds} s${p.waited.key ? ` (${p.waited.key})` : ''}` : ''
    }; espere-o terminar ou interrompa-o, e execute de novo`,
  sqlNightFirst: () =>
    'SQL interrompido: uma execução noturna está esperando o warehouse, e a noite tem prioridade; execute o comando de novo quando a noite terminar',
  lockedNoSnapshot: (p, w) => `${w.say(p.held)}; nenhuma noite deixou ainda uma cópia dos achados ao lado dele, então não há o que ler enquanto isso`,
  statementImportFailed: (p) => `${p.file}: a importação do extrato falhou e foi desfeita: ${p.said}`,
  orderImportFailed: (p) => `a importação de pedidos falhou e foi desfeita: ${p.said}`,
  reconcileFailed: (p, w) => `conciliação de ${w.fmt.day(p.date)}: ${p.said}`,
  publishFailed: (p) => `a publicação da sincronização ${p.runId} falhou, nada dela foi gravado: ${p.said}`,
  stagingFailed: (p) => `a preparação de ${p.window} falhou: ${p.said}`,
  rawFileTaken: (p) =>
    `esperava o arquivo bruto ${p.path} livre ou deixado por uma sincronização interrompida, mas linhas de ${p.table} o citam (a sequência raw_file_number repetiu o número): o arquivo do warehouse e a pasta das linhas brutas não são do mesmo par; recoloque a pasta copiada junto com este arquivo do warehouse, e execute de novo`,
  exportFailed: (p, w) => `a exportação de ${p.table}${p.night === undefined ? '' : ` (noite de ${w.fmt.day(p.night)})`} para ${p.path} falhou: ${p.said}`,
  tempFileFolder: (p) => `${p.path} é uma pasta, e o recon esperava um arquivo temporário que ele grava; remova-a e execute de novo`,
  tempFileTaken: (p) => `não foi possível criar ${p.path} (${p.code}): outro processo o criou nesse meio-tempo; o recon só grava arquivos que ele mesmo criou`,
  sandboxFileWrite: (p) => `não foi possível gravar ${SANDBOX_FILE[p.what]} ${p.path}: ${p.said}`,
  reportFolder: (p) => `não foi possível criar a pasta de relatórios ${p.dir}: ${p.said}`,
  reportNeedsReconcile: (p, w) =>
    `relatório ${p.report} de ${w.fmt.day(p.date)}: esperava uma conciliação dessa data, não encontrou nenhuma; execute \`recon reconcile --date ${p.date}\` antes`,
  reportWriteFailed: (p) => `relatório ${p.report}: a gravação de ${p.dir} falhou: ${p.said}`,
  csvSheetUnknown: (p) => `relatório ${p.report}: csvSheet "${p.csvSheet}" não é uma das abas dele (${p.sheets.join(', ')})`,
  csvColumnUnknown: (p) => `relatório ${p.report}: csvColumns cita "${p.key}", que não é uma coluna da aba ${p.sheet}`,
  baseReadsItself: (p) =>
    `relatório ${p.report}: esperava que a consulta base lesse o warehouse, mas ela lê $base (ela mesma); correção: cite as tabelas ou visões de que ela seleciona`,
  baseUndeclared: (p) =>
    `${partOf(p.part)}: esperava que o relatório declarasse uma base para o $base que o SQL lê, não há nenhuma; correção: acrescente \`base\` à definição de ${p.part.report}, ou selecione das tabelas do warehouse`,
  totalsKey: (p) => `aba ${p.sheet}: a chave de totais "${p.key}" deve citar uma coluna de centavos ou de inteiros`,
  journalLineTooLong: (p, w) => `mais longa que ${w.fmt.count(p.maxBytes)} bytes`,
  journalLineNotJson: () => 'não é JSON',
  journalLineNotEvent: (p) => `não é um evento de triagem (${p.path}: ${p.said})`,
  journalPastBound: (p, w) =>
    `o diário passou de ${p.key} (${w.fmt.count(p.limit)} ${p.key === 'triage.journalMaxLines' ? 'linhas' : 'bytes'}); o resto não é lido: arquive-o (mova-o para outro lugar) e comece um novo`,
  journalLastLineOpen: () => 'a última linha não termina em quebra de linha (uma gravação em curso ou interrompida); ainda não lida',
  alertNoAnswer: (p, w) => `sem resposta (${p.timeoutMs !== undefined ? `tempo esgotado após ${w.fmt.count(p.timeoutMs)} ms` : (p.code ?? 'sem código')})`,
  alertHttpStatus: (p) => `respondeu HTTP ${p.status}`,
  alertSmtp: (p) => `o servidor de e-mail respondeu ${p.code}: ${p.said}`,
  printColumns: (p) =>
    `aba ${p.sheet}: esperava que printColumns listasse de 1 a 10 chaves distintas das suas colunas, recebeu "${p.key}"; correção: cite as colunas que uma pessoa lê no papel`,
  notExactNumber: (p) => `coluna "${p.key}": ${p.value} não cabe exatamente num número de planilha`,
  amountTooLarge: (p) => `esperava um valor dentro de ±${Number.MAX_SAFE_INTEGER} centavos, recebeu ${p.cents}`,
  columnType: (p) => `coluna de relatório "${p.key}": esperava ${p.expected}, recebeu ${p.got} (${p.value})`,
  queryFailed: (p) => `${partOf(p.part)}: ${STEP[p.step]}: ${p.said}`,
  queryDuplicateColumn: (p) => `${partOf(p.part)}: esperava nomes de coluna únicos, recebeu "${p.column}" duas vezes`,
  queryMissingColumn: (p) => `${partOf(p.part)}: esperava que a consulta devolvesse a coluna "${p.column}", recebeu ${p.got.join(', ')}`,
  figuresMissing: (p) => `${partOf(p.part)}: esperava que a consulta dos números da aba vazia devolvesse a coluna "${p.column}", não veio nenhuma`,
};
