// As frases em português dos erros do serviço de pagamentos e da sincronização: uma resposta fora do
// que o serviço documenta, um serviço inalcançável ou que segue falhando, uma listagem que nunca se
// estabiliza, e um backfill interrompido com Ctrl-C. A requisição (GET /v1/...) e a janela vão como o
// log as escreve; o que o serviço ou uma biblioteca disse vai citado tal como veio.
import type { ErrorCatalogue } from './error-types.ts';
import type { BudgetReason, InstallmentProblem, SyncErrorParams } from './error-params-run.ts';
import { ptBR } from './pt-BR.ts';
import { sayInterrupted } from './interrupted-text.ts';

const attempts = (n: number) => (n === 1 ? '1 tentativa' : `${n} tentativas`);

function budgetWhy(r: BudgetReason): string {
  if (r.kind === 'planning') return `sondagens de planejamento para no máximo sync.maxWindows (${r.maxWindows}) janelas`;
  if (r.kind === 'backfillPlanning') return `sondagens de planejamento do backfill para no máximo sync.maxWindows (${r.maxWindows}) execuções`;
  return `${r.factor} vezes as ${r.pages} páginas e ${r.windows} janelas que o plano implica, mais ${r.probes} sondagens de planejamento e 2 vezes sync.maxIdLookups`;
}

function installmentWhat(p: InstallmentProblem): string {
  if (p.kind === 'notList') return `esperava uma lista de 1 a 12 opções de parcelamento: ${p.issue}`;
  if (p.kind === 'option') return `opção ${p.index}: ${p.issue}`;
  if (p.kind === 'twice') return `opção ${p.index}: a parcela ${p.installments} aparece duas vezes`;
  return `opção ${p.index}: interest_rate ${p.rate} tem mais de quatro casas decimais`;
}

export const syncErrorsPtBR: ErrorCatalogue<SyncErrorParams> = {
  apiNotJson: (p) => `${p.request}: 200 com um corpo que não é JSON (${p.body}) depois de ${attempts(p.attempts)}`,
  apiRetryAfter: (p) => `${p.request}: 429 (excesso de requisições) com Retry-After de ${p.seconds} s, mais que api.retry.maxRetryAfterMs (${p.maxMs} ms)`,
  apiGaveUp: (p) => `${p.request}: ${p.status} ${p.statusText} depois de ${attempts(p.attempts)}`,
  apiStatus: (p) =>
    `${p.request}: ${p.status} ${p.statusText}${p.said}${
      p.address ? `; o endereço em ${p.address.key} (${p.address.origin}) não tem essa listagem: confira-o e o prefixo do caminho` : ''
    }`,
  apiNetwork: (p) => `${p.request}: ${p.code} ${p.said}${p.attempts === undefined ? '' : ` depois de ${attempts(p.attempts)}`}`,
  apiBodyTooLarge: (p, w) =>
    `${p.request}: a resposta ${p.announced === undefined ? `enviou mais de ${w.fmt.count(p.maxBytes)} bytes` : `anuncia ${w.fmt.count(p.announced)} bytes`}, mais que api.maxBodyBytes (${p.maxBytes}); uma página de listagem de 1000 linhas tem algumas centenas de KB, então o serviço está se comportando mal (ou aumente api.maxBodyBytes)`,
  apiEnvelope: (p) => `${p.where}: envelope da resposta ${p.issue}`,
  apiRow: (p) => `${p.where}: linha ${p.row}${p.rowId === undefined ? '' : ` (${p.idField} ${p.rowId})`}: ${p.issue}`,
  apiCashInOut: (p) => `${p.where}: linha ${p.row}: campo cash_in_id/cash_out_id: esperava exatamente um dos dois, recebeu ${p.both ? 'os dois' : 'nenhum'}`,
  operationAmount: (p) =>
    `${p.where}: ${p.who}: campo ${p.field}: esperava ${p.unit === 'cents' ? 'um número inteiro de centavos' : 'reais com no máximo duas casas decimais'} (sync.operationsAmountUnit = "${p.unit}"), recebeu ${p.value}`,
  installmentsBroken: (p) => `${p.request}: ${installmentWhat(p.problem)}; a tabela de parcelamento descumpriu a interface do serviço (a resposta não é usada)`,
  syncBudget: (p, w) =>
    `a sincronização enviou ${w.fmt.count(p.sent)} requisições, mais que o limite de ${w.fmt.count(p.allowed)} (${budgetWhy(p.reason)}); o serviço segue mudando as respostas ou falhando, então a execução para em vez de enviar requisições sem fim (aumente sync.requestBudgetFactor se o histórico é mesmo tão movimentado)`,
  windowTooFull: (p, w) =>
    `${p.window} tem ${w.fmt.count(p.total)} linhas pela contagem do serviço, mais que ${p.factor} vezes ${p.rowsPerWindow} (sync.pageSize vezes sync.windowPageBudget) numa janela que o recon não divide mais (sync.minWindowSeconds = ${p.minWindowSeconds}); uma listagem real nunca tem tantas linhas em tão pouco tempo, então o serviço está se comportando mal (${p.request})`,
  filterIgnored: (p, w) =>
    `o serviço conta ${w.fmt.count(p.total)} linhas em ${p.window} e de novo ${w.fmt.count(p.first)} e ${w.fmt.count(p.second)} nas duas metades: o total não cai quando a janela se estreita, então o serviço parece ignorar o filtro ${p.field} (${p.request}); o recon para em vez de enviar requisições sem fim`,
  tooManyWindows: (p, w) =>
    `as contagens do serviço dividiriam esta execução em mais de ${p.maxWindows} janelas (sync.maxWindows); a última dividida foi ${p.window} com ${w.fmt.count(p.total)} linhas; confira o serviço, ou aumente sync.maxWindows para um histórico tão grande`,
  windowNeverSettled: (p) =>
    `${p.window} nunca se estabilizou depois de ${p.attempts} leituras: ${p.detail}; aumente sync.maxWindowAttempts ou execute de novo mais tarde`,
  totalStillMoving: (p, w) =>
    `${p.window}: o total ainda muda depois de ${p.rounds} passadas de verificação (${w.fmt.count(p.read)} lidas, agora ${w.fmt.count(p.now)}); execute de novo mais tarde`,
  lookupNeverAnswered: (p) =>
    `a consulta da transação ${p.transactionId} por id nunca deu uma resposta única em ${p.attempts} leituras: ${p.detail}; execute de novo mais tarde`,
  backfillInterrupted: (p) => sayInterrupted(ptBR.interrupted, p),
};
