// What `--help` says, in Portuguese: every command and flag of help-en.ts, by the same keys. Flag and
// command names, value placeholders (<FILE>, <D>), config keys, paths and environment variables stay as
// typed; only the words a person reads change.
import type { HelpFacts, HelpWords } from './help-en.ts';

const config = { config: 'Arquivo de configuração (padrão: $RECON_CONFIG ou ./recon.config.json)' };
const sandboxRun = { sandbox: 'Usa a execução do sandbox embutido de `npm start` (data/sandbox) em vez do warehouse configurado' };
const filter = {
  state: (f: HelpFacts) => `Só os achados nesta situação: ${f.filterStates.join(', ')}`,
  category: 'Só esta categoria, p. ex. refund_owed',
  'older-than': 'Só os achados vistos pela primeira vez há pelo menos este tempo, p. ex. 7d ou 2w',
  assignee: 'Só os achados atribuídos a NAME',
};
const action = {
  by: 'Quem faz, para o histórico (padrão: seu nome de login)',
  ...filter,
  yes: 'Com um filtro: faz sem perguntar',
  ...config,
  ...sandboxRun,
};
const job = {
  ...config,
  'fail-on': 'Sai com 3 quando uma noite tem achados nesta situação (alertas)',
  out: 'Pasta dos relatórios (padrão: reports.outDir da configuração)',
  'csv-dialect': 'Relatórios CSV: rfc4180 (",", centavos, UTF-8) ou br (";", vírgula decimal, BOM)',
  strict: 'Falha a execução quando alguma linha de pedido fica de fora',
  sandbox: 'Executa no sandbox embutido do serviço de pagamentos (sem chave; o que `npm start` faz), em data/sandbox',
};
const files = { files: 'Arquivos de exportação de pedidos e de extrato bancário' };

export const helpPtBR: HelpWords = {
  layout: {
    usage: 'USO',
    arguments: 'ARGUMENTOS',
    options: 'OPÇÕES',
    commands: 'COMANDOS',
    optionsSlot: '[OPÇÕES]',
    commandSlot: '<comando>',
    required: '(obrigatório)',
    byDefault: (value) => `(padrão: ${value})`,
    more: (line) => `Veja ${line} para saber mais sobre um comando.`,
  },
  commands: {
    recon: { about: 'Concilia os pagamentos com cartão do serviço de pagamentos com as suas exportações de pedidos e informa o financeiro', args: {} },
    'recon sandbox': {
      about:
        'Serve um sandbox local do serviço de pagamentos com um histórico gerado por semente (GET /v1/transactions, GET /v1/operations, GET /v1/installments, rotas POST, administração em /_sandbox) e grava as exportações de pedidos correspondentes e o gabarito',
      args: {
        seed: 'Semente do histórico (mesma semente, mesmos bytes)',
        days: 'Número de dias úteis do histórico',
        'per-day': 'Transações com cartão por dia',
        'end-date': 'Último dia útil AAAA-MM-DD (America/Sao_Paulo); padrão: ontem',
        'discrepancy-rate': 'Parcela dos pedidos com uma divergência injetada',
        'mispriced-rate': 'Parcela das vendas pagas com cartão cobradas fora da tabela de parcelamento (fee_mismatch; para fees.check)',
        'orders-out': 'Grava aqui a exportação de pedidos; "{date}" no caminho grava um arquivo por dia',
        'orders-format': (f) => `Formato da exportação de pedidos: ${f.orderExportFormats.join(', ')}`,
        'orders-double-amounts':
          'xlsx e json: grava os valores como números binários de ponto flutuante, como os deixa uma fórmula de planilha (0.5700000000000001)',
        'truth-out': 'Grava aqui o gabarito (as divergências injetadas) em JSON',
        faults: 'Perfil de falhas: none, flaky, chaos, ou taxas como "error503=0.1,rateLimit=0.05,latency=0.2,latencyMs=50"',
        'fault-seed': 'Semente das decisões de falha (padrão: --seed)',
        port: 'Porta em que escutar (0 = qualquer porta livre)',
        host: 'Endereço em que escutar',
      },
    },
    'recon sync': {
      about: 'Sincroniza transações e operações do serviço de pagamentos no warehouse',
      args: {
        config: 'Arquivo de configuração (padrão: recon.config.json, ou RECON_CONFIG)',
        date: 'Dia útil AAAA-MM-DD (padrão: ontem no fuso configurado)',
        since: 'Início de um intervalo explícito de date_created (data e hora ISO, inclusive); exige --until',
        until: 'Fim do intervalo (data e hora ISO, exclusive)',
        'lookback-days': 'Dias de vendas relidas em busca de mudanças de status (padrão: sync.lookbackDays)',
        'sweep-days': 'Dias cobertos pelas varreduras de estornos, chargebacks e análises (padrão: sync.sweepDays)',
        replay: 'Reconstrói a partir das páginas brutas guardadas nesta pasta, sem a API',
      },
    },
    'recon import': {
      about: 'Carrega exportações de pedidos (CSV, XLSX, JSON, NDJSON, Parquet) e extratos bancários (OFX, CNAB 240 .ret/.cnab) no warehouse',
      args: {
        ...config,
        strict: 'Falha, sem importar nada, quando alguma linha fica de fora ou um item_id tem linhas conflitantes',
        date: 'A noite a que esta exportação pertence (AAAA-MM-DD): os pedidos que ela mudou entram na conciliação dessa noite',
        ...files,
      },
    },
    'recon reconcile': {
      about:
        'Concilia de novo um dia útil com as verificações da noite (pedidos, taxas, notificações, banco, triagem): grava seus achados, regrava seus relatórios e o summary.json e mostra as contagens por categoria',
      args: {
        ...config,
        ...sandboxRun,
        date: 'Dia útil AAAA-MM-DD no fuso configurado (padrão: ontem)',
        format: 'Saída: table ou json',
      },
    },
    'recon run': { about: 'Executa um job agendado: nightly ou backfill', args: {} },
    'recon run nightly': {
      about: 'Sincroniza, importa os pedidos do dia, concilia e grava os relatórios de um dia útil',
      args: {
        ...job,
        date: 'Dia útil AAAA-MM-DD (padrão: ontem no fuso configurado)',
        orders: 'Exportação de pedidos a importar (pode repetir; padrão: orders.path com {date})',
        statement: 'Extrato bancário a importar (OFX ou CNAB 240; padrão: bank.statementPath com {date}; se faltar, isso é informado e a noite segue)',
      },
    },
    'recon run backfill': {
      about: 'Executa o job noturno para cada dia de --from a --to, pulando as noites já feitas',
      args: {
        ...job,
        from: 'Primeiro dia útil AAAA-MM-DD',
        to: 'Último dia útil AAAA-MM-DD',
        force: 'Executa de novo as noites que já terminaram',
      },
    },
    'recon sql': {
      about: 'Executa SQL no warehouse (somente leitura); sem uma consulta, abre um prompt',
      args: { query: 'SQL a executar, p. ex. "SELECT * FROM refunds LIMIT 10"', format: 'Saída: table, csv ou json', ...config, ...sandboxRun },
    },
    'recon export': {
      about: 'Grava cada tabela em Parquet particionado por dia',
      args: {
        format: 'Formato de saída (parquet)',
        out: 'Pasta onde gravar; cada tabela vira <out>/<table>/day=YYYY-MM-DD/',
        ...config,
        ...sandboxRun,
      },
    },
    'recon close': {
      about:
        'Grava o fechamento do mês (pasta de trabalho "Fechamento do mês" e CSV): cada conciliação somada nas noites do mês até a última conciliada, na pasta de relatórios dessa noite; imprime uma linha por conciliação e os dias que faltam',
      args: {
        month: 'O mês, AAAA-MM (por exemplo 2026-11)',
        ...config,
        ...sandboxRun,
      },
    },
    'recon serve': {
      about: (f) => `Serve a página dos relatórios (noites, achados a tratar, gráficos, downloads) em http://${f.serveHost}:${f.servePort}`,
      args: {
        ...config,
        port: (f) => `Porta em que escutar (padrão: ${f.servePort}; 0 escolhe uma livre)`,
        host: (f) => `Endereço em que escutar (padrão: ${f.serveHost}); qualquer outro que não o de loopback exige RECON_SERVE_TOKEN`,
        sandbox: 'Serve a execução do sandbox embutido de `npm start` (data/sandbox)',
      },
    },
    'recon receive': {
      about: (f) => `Recebe as notificações de status do serviço (postbacks, webhooks, links de pagamento) em http://127.0.0.1:${f.receivePort}`,
      args: {
        ...config,
        port: (f) => `Porta em que escutar (padrão: ${f.receivePort}; 0 escolhe uma livre)`,
        host: 'Endereço em que escutar (padrão: 127.0.0.1)',
      },
    },
    'recon findings': { about: 'Trata a lista de achados: lista, marca como cientes, atribui, aceita como explicados, reabre', args: {} },
    'recon findings list': {
      about: 'Lista os achados da última noite com a sua triagem (situação, responsável, nota, prazo)',
      args: { ...filter, format: (f) => `Saída: ${f.listFormats.join(', ')}`, ...config, ...sandboxRun },
    },
    'recon findings ack': {
      about: 'Marca achados como cientes, com uma nota (KEY... ou um filtro)',
      args: { note: 'O que se sabe, p. ex. "nota de crédito emitida"', ...action },
    },
    'recon findings assign': { about: 'Atribui achados a alguém (KEY... ou um filtro)', args: { to: 'Quem fica com eles', ...action } },
    'recon findings accept': {
      about: 'Aceita achados como explicados: não serão corrigidos (KEY... ou um filtro)',
      args: { reason: 'Por quê, p. ex. "perda aceita abaixo de R$ 5"', ...action },
    },
    'recon findings reopen': { about: 'Desfaz a marca de ciente ou de aceito (KEY... ou um filtro)', args: { ...action } },
    'recon findings note': {
      about: 'Acrescenta uma nota aos achados sem mudar a situação deles (KEY... ou um filtro)',
      args: { note: 'A nota', ...action },
    },
    'recon check': {
      about:
        'Lê exportações de pedidos e extratos bancários como a noite os leria, sem gravar nada, e diz o que seria guardado e o que corrigir (sai com 0 só quando todos seriam importados sem problemas)',
      args: { ...config, ...files },
    },
  },
};
