// As frases em português dos erros da configuração e do ambiente (código config), e dos arquivos que o
// recon guarda ao lado do warehouse. Chaves da configuração, variáveis de ambiente e nomes de arquivo
// ficam como se escrevem; o texto de um problema que o zod encontrou é citado tal como veio.
import type { ErrorCatalogue } from './error-types.ts';
import type { ConfigErrorParams, KeyShapeProblem, ServiceUrlProblem, StatementAccountFacts } from './error-params-cli.ts';

const KEY_SHAPE: Record<KeyShapeProblem, string> = {
  blank: 'RECON_API_KEY está definida, mas vazia: exporte a própria chave da API',
  spaceAround:
    'RECON_API_KEY começa ou termina com um espaço ou uma quebra de linha (um arquivo da chave salvo com fim de linha do Windows?); exporte a chave sem isso',
  control: 'RECON_API_KEY contém um caractere de controle ou uma quebra de linha, que nenhum cabeçalho HTTP transporta; exporte só a chave',
  nonAscii:
    'RECON_API_KEY contém um caractere fora do ASCII (aspas ou travessão tipográficos colados de um documento?); exporte a chave como o serviço a emitiu',
  quoted: 'RECON_API_KEY está entre aspas, que viraram parte dela; exporte a chave sem as aspas',
  headerName: 'RECON_API_KEY traz um nome de cabeçalho ou de variável antes da chave ("api_key: ...", "Bearer ..."); exporte só a chave',
};

function serviceUrlProblem(problem: ServiceUrlProblem): string {
  if (problem.kind === 'notUrl') return `esperava um endereço https://, recebeu "${problem.got}"`;
  if (problem.kind === 'plainHttp')
    return `http:// simples é recusado para ${problem.host}: a chave da API trafegaria sem criptografia; use https:// (http só é aceito no próprio computador, por exemplo o sandbox em 127.0.0.1)`;
  return `esperava um endereço https://, recebeu ${problem.protocol}//`;
}

const FIX = 'defina warehouse.path como um arquivo num disco gravável, por exemplo "data/recon.duckdb"';
const EXPECTED = 'esperava o arquivo DuckDB em que o recon guarda o warehouse';
const WHY: Record<string, string> = { EROFS: 'sistema de arquivos somente leitura', EACCES: 'permissão negada', EPERM: 'permissão negada' };
// The inbox is "a caixa" and the journal "o diário": the participle agrees with each.
const VERB = {
  written: ['gravado', 'gravada'],
  read: ['lido', 'lida'],
  sealed: ['fechado para a consolidação', 'fechada para a consolidação'],
  deleted: ['apagado depois da consolidação', 'apagada depois da consolidação'],
} as const;

/** What each required column of an order export holds. */
const ORDER_FIELD: Record<string, string> = { item_id: 'o item_id', amount: 'o valor', status: 'a situação', created_at: 'a data de criação' };

function describeAccount(a: StatementAccountFacts): string {
  const parts = [`banco ${a.bankCode || '?'}`, `agência ${a.agency || '?'}`, `conta ${a.account || '?'}`];
  if (a.document !== '') parts.push(`documento do titular ${a.document}`);
  return parts.join(', ');
}

export const configErrorsPtBR: ErrorCatalogue<ConfigErrorParams> = {
  configUnreadable: (p) => `arquivo de configuração ${p.file}: não pode ser lido (${p.code}); passe um arquivo existente com --config`,
  configNotJson: (p) => `arquivo de configuração ${p.file}: não é um JSON válido (${p.said})`,
  configInvalid: (p) =>
    `arquivo de configuração ${p.source} inválido:\n${p.problems
      .map(
        (q) =>
          `  ${q.path === '(top level)' ? '(raiz)' : q.path}: ${q.unknownKeys ? `chave(s) desconhecida(s) ${q.unknownKeys.map((k) => `"${k}"`).join(', ')}; remova-as ou confira a grafia` : q.serviceUrl ? serviceUrlProblem(q.serviceUrl) : q.said}`,
      )
      .join('\n')}`,
  serviceUrl: (p) => `${p.name}: ${serviceUrlProblem(p.problem)}`,
  keyShape: (p) => KEY_SHAPE[p.problem],
  keyRefused: (p) =>
    `o serviço de pagamentos recusou a chave da API: GET ${p.path} respondeu ${p.status} ${p.statusText}${p.said}; confira RECON_API_KEY: ` +
    'exporte a chave deste serviço e ambiente (test_... para o sandbox, live_... para produção), nunca só o segredo de assinatura',
  keyNotForSigning: () => 'RECON_API_KEY não parece uma chave (esperava test_... ou live_...); as notificações são assinadas com o final dela',
  receiveNoKey: () => 'RECON_API_KEY não está definida: as notificações são assinadas com o final dela; exporte a chave com que o serviço foi chamado',
  syncNeeds: (p) =>
    `o recon sync precisa ${[
      p.key && 'da chave da API (variável de ambiente RECON_API_KEY)',
      p.address && 'do endereço do serviço (api.baseUrl na configuração, ou RECON_BASE_URL)',
    ]
      .filter(Boolean)
      .join(
        ' e ',
      )}: exporte a chave no ambiente (uma chave test_ para o sandbox), defina api.baseUrl ou RECON_BASE_URL, ou execute \`recon sandbox\` para ter um serviço local`,
  noService: (p) =>
    `nenhum serviço de pagamentos para conciliar: RECON_API_KEY não está definida e api.baseUrl não está configurado (${
      p.configFile === undefined
        ? 'nenhum arquivo de configuração foi lido (./recon.config.json ou --config ARQUIVO)'
        : `lido o arquivo de configuração ${p.configFile}`
    }); defina api.baseUrl na configuração e exporte RECON_API_KEY, ou acrescente --sandbox (o que o \`npm start\` faz) para rodar no sandbox embutido`,
  noApiKey: () => 'RECON_API_KEY não está definida: exporte a chave da API no ambiente (ela nunca é lida da linha de comando nem do arquivo de configuração)',
  noBaseUrl: () => 'api.baseUrl não está definido: acrescente-o ao arquivo de configuração, ou defina RECON_BASE_URL',
  noOrdersExport: () => 'nenhuma exportação de pedidos com que conciliar: defina orders.path na configuração (pode conter {date}) ou passe --orders ARQUIVO',
  outDirUncreatable: (p) =>
    `reports.outDir: não foi possível criar a pasta de relatórios ${p.dir} (${p.code}); esperava uma pasta gravável (defina reports.outDir ou passe --out PASTA)`,
  serveNeedsToken: (p) =>
    `o recon serve --host ${p.host} fica acessível de outras máquinas e precisa de um token: defina RECON_SERVE_TOKEN (ao menos ${p.min} caracteres aleatórios, por exemplo \`openssl rand -hex 24\`), ou escute em 127.0.0.1`,
  serveTokenShort: (p) => `RECON_SERVE_TOKEN deve ter ao menos ${p.min} caracteres, recebeu ${p.got}`,
  ordersPreset: (p) => `orders.preset: esperava um de ${p.presets.join(', ')}, recebeu "${p.got}"`,
  ordersColumnUnset: (p) =>
    `orders.columns.${p.key} não está definido: informe a coluna da exportação que traz ${ORDER_FIELD[p.key] ?? p.key} do pedido, ou escolha orders.preset (${p.presets.join(', ')})`,
  ordersSeparators: (p) => `orders.csv: o separador decimal e o de milhares são ambos "${p.separator}"; defina orders.csv.thousands como "" ou outro caractere`,
  tooManyLookups: (p, w) =>
    `${w.fmt.count(p.total)} transações em análise, estornadas ou com chargeback não apareceram nas janelas desta execução e precisam de uma consulta por id, mais que sync.maxIdLookups (${p.max}); aumente sync.maxIdLookups na configuração e execute de novo`,
  warehouseMissing: (p) =>
    `o warehouse ${p.path} ainda não existe; execute \`recon run nightly\` antes (depois de \`npm start\`, acrescente --sandbox para ler o warehouse da execução do sandbox)`,
  warehouseFolder: (p) => `warehouse.path ${p.path} é uma pasta; ${EXPECTED} — defina warehouse.path como um arquivo, por exemplo "${p.suggested}"`,
  warehouseNotFile: (p) => `warehouse.path ${p.path} não é um arquivo comum (é um dispositivo, pipe ou socket); ${EXPECTED} — ${FIX}`,
  warehouseUnwritable: (p) =>
    `warehouse.path ${p.path}: ${p.where} não pode ser gravado (${p.code}: ${WHY[p.code] ?? 'não pode ser criado'}); ${EXPECTED}, numa pasta em que o recon possa gravar — ${FIX}`,
  warehouseOpenForWriting: (p) => `warehouse.path ${p.path} não pode ser aberto para gravação (${p.said}); ${FIX}`,
  besideWarehouse: (p) =>
    `${p.what === 'inbox' ? 'a caixa de entrada das notificações' : 'o diário de triagem'} ${p.path} não pode ser ${VERB[p.verb][p.what === 'inbox' ? 1 : 0]} (${p.code})${
      p.expected === null
        ? ''
        : p.expected === 'writableFolder'
          ? '; esperava uma pasta gravável ao lado do warehouse'
          : '; esperava um arquivo legível ao lado do warehouse'
    }`,
  accountAmbiguous: (p, w) =>
    `${p.file}: a conta do extrato (${describeAccount(p.account)}) corresponde a ${w.fmt.count(p.matches)} contas de bank.accounts pelo documento; ` +
    `defina bank.accounts[].bankAccount como "${p.account.account}" na conta certa para que o recon as distinga`,
  accountUnmatched: (p, w) =>
    `${p.file}: a conta do extrato (${describeAccount(p.account)}) não corresponde a nenhuma de bank.accounts (${w.fmt.count(p.configured)} configuradas); ${
      p.account.document === ''
        ? `acrescente-a a bank.accounts com "bankAccount": "${p.account.account}" (o OFX não traz o documento do titular)`
        : `acrescente-a a bank.accounts com "document": "${p.account.document}" (ou defina "bankAccount": "${p.account.account}" numa conta)`
    }`,
};
