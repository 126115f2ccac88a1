// As frases em português dos erros de uma exportação de pedidos (código input): um arquivo que o recon
// não lê, um formato que não confere, um limite ultrapassado, linhas que a importação deixa de fora,
// configurações que não servem ao arquivo. O que o arquivo traz (nomes de coluna, textos) vai entre aspas.
import type { ErrorCatalogue, ErrorWords } from './error-types.ts';
import { sayKeptOut } from './kept-out-text.ts';
import { ptBR } from './pt-BR.ts';
import type { DecompressedFacts, OrdersErrorParams, XlsxProblem } from './error-params-input.ts';

const tab = (d: string) => (d === '\t' ? '\\t' : d);
const RAISE = 'nada deste arquivo foi importado — se a exportação está correta, aumente';

const COUNTED: Record<DecompressedFacts['counted'], (columns: string[]) => string> = {
  file: () => 'o arquivo descompactado chega a',
  workbookEntries: () => 'as entradas da planilha descompactadas chegam a',
  zipDirectory: () => 'o diretório do zip da planilha diz que as entradas descompactadas chegam a',
  parquetFooter: () => 'o rodapé do Parquet diz que as colunas descompactadas chegam a',
  parquetTexts: (columns) => `as colunas de texto do Parquet ${columns.map((c) => `"${c}"`).join(', ')} somam`,
};

function xlsxWhy(p: XlsxProblem, w: ErrorWords): string {
  switch (p.kind) {
    case 'noZipDirectory':
      return 'sem o diretório do zip no final: não é um zip, ou está cortado';
    case 'brokenZip':
      return `um zip corrompido: ${p.said}`;
    case 'encrypted':
      return `a entrada "${p.entry}" está criptografada`;
    case 'twice':
      return `a entrada "${p.entry}" aparece duas vezes`;
    case 'compression':
      return `a entrada "${p.entry}" usa o método de compressão ${p.method}; esperava deflate`;
    case 'inflatesPast':
      return `a entrada "${p.entry}" descompactada passa dos ${w.fmt.count(p.declared)} bytes que o diretório do zip declara`;
    case 'entryUnreadable':
      return `a entrada "${p.entry}" não pode ser lida: ${p.said}`;
    case 'cannotInflate':
      return `a entrada "${p.entry}" não pode ser descompactada: ${p.said}`;
    case 'noWorkbookPart':
      return `falta a parte da pasta de trabalho ${p.part}`;
    case 'noSheetPart':
      return `a aba "${p.sheet}" não tem parte no zip`;
    case 'part':
      return `${p.part}: ${p.said}`;
  }
}

export const ordersErrorsPtBR: ErrorCatalogue<OrdersErrorParams> = {
  fileUnreadable: (p) => `${p.file}: não pode ser lido (${p.code})`,
  notAFile: (p) => `${p.file}: não é um arquivo`,
  unreadableExports: (p, w) => `esperava arquivos de exportação de pedidos legíveis:\n  ${p.problems.map((s) => w.say(s)).join('\n  ')}`,
  formatFromExtension: (p) =>
    `${p.file}: não é possível saber o formato pela extensão "${p.ext}" (esperava .csv, .xlsx, .json, .ndjson, .jsonl ou .parquet); defina orders.format na configuração`,
  csvQuoteOpen: (p) => `${p.file}: linha ${p.line}: um campo entre aspas nunca é fechado (esperava ${p.quote} antes do fim do arquivo)`,
  csvAfterQuote: (p) => `${p.file}: linha ${p.line}: texto inesperado depois de fechar aspas (esperava "${p.delimiter}" ou o fim da linha)`,
  csvRecordTooLong: (p, w) =>
    `${p.file}: linha ${p.line}: um registro com mais de ${w.fmt.count(p.max)} caracteres sem chegar ao fim (sem quebra de linha, ou aspas nunca fechadas); esperava um pedido por linha — é uma exportação CSV com orders.csv.delimiter "${p.delimiter}" e aspas '${p.quote}'?`,
  csvHeaderUtf8: (p) =>
    `${p.file}: linha ${p.line}: o cabeçalho tem UTF-8 inválido no byte ${p.offset}; esperava texto UTF-8 — ` +
    `se a exportação é windows-1252 (o "CSV" do Excel no Windows), defina orders.csv.encoding como "windows-1252"`,
  csvEmpty: (p, w) => `${p.file}: o arquivo está vazio (${w.fmt.count(p.bytes)} bytes); esperava uma linha de cabeçalho e um pedido por linha`,
  delimiterGuess: (p, w) =>
    `${p.file}: o cabeçalho tem 1 coluna com o separador '${tab(p.delimiter)}', mas ${w.fmt.count(p.columns)} com '${tab(p.seems)}'; ${
      p.preset
        ? `o arquivo parece uma exportação ${p.preset.label}: defina orders.preset como "${p.preset.name}"`
        : p.columnsFit
          ? `defina orders.csv.delimiter como "${tab(p.seems)}"`
          : `defina orders.csv.delimiter como "${tab(p.seems)}" e confira orders.columns com o cabeçalho`
    }`,
  looksLikePreset: (p, w) => `${w.say(p.refusal)}; o arquivo parece uma exportação ${p.label}: defina orders.preset como "${p.name}"`,
  columnMissing: (p, w) =>
    `${p.file}: esperava uma coluna "${p.wanted}" (orders.columns.${p.key}) no cabeçalho; encontrou ${
      p.found.length === 0
        ? 'nenhuma coluna'
        : `${p.found
            .slice(0, 20)
            .map((n) => `"${n.length > 40 ? `${n.slice(0, 40)}…` : n}"`)
            .join(', ')}${p.found.length > 20 ? ` e mais ${w.fmt.count(p.found.length - 20)}` : ''}`
    }`,
  jsonEmpty: (p) => `${p.file}: o arquivo está vazio; esperava ${p.perLine ? 'um objeto JSON de pedido por linha' : 'um array JSON de objetos de pedido'}`,
  jsonNotArray: (p) => `${p.file}: esperava um array JSON de objetos de pedido, encontrou "${p.found}…"`,
  jsonArrayOpen: (p) => `${p.file}: linha ${p.line}: o array JSON nunca é fechado (esperava "]"); o arquivo parece cortado`,
  jsonElementTooLong: (p, w) =>
    p.perLine
      ? `${p.file}: linha ${p.line}: uma linha com mais de ${w.fmt.count(p.max)} bytes sem chegar ao fim; esperava um objeto JSON de pedido por linha`
      : `${p.file}: linha ${p.line}: um elemento do array com mais de ${w.fmt.count(p.max)} bytes sem chegar ao fim; esperava um objeto de pedido por elemento`,
  jsonTooDeep: (p, w) =>
    `${p.file}: linha ${p.line}: JSON aninhado em mais de ${w.fmt.count(p.max)} níveis (orders.limits.maxJsonDepth); ` +
    `esperava um array de objetos de pedido simples, ou um por linha; ${RAISE} orders.limits.maxJsonDepth`,
  decompressedLimit: (p, w) =>
    `${p.file}: ${COUNTED[p.counted](p.columns ?? [])} ${p.found === undefined ? 'mais' : `${w.fmt.count(p.found)} bytes, mais`} que o limite de ${w.fmt.count(p.limitBytes)} bytes descompactados (${
      p.byRatio
        ? `${w.fmt.count(p.byRatio.ratio)} vezes os ${w.fmt.count(p.byRatio.fileBytes)} bytes do arquivo em disco, definido por orders.limits.decompressedRatio`
        : 'definido por orders.limits.maxDecompressedBytes'
    }); ${RAISE} ${p.byRatio ? 'orders.limits.decompressedRatio' : 'orders.limits.maxDecompressedBytes'}`,
  rowLimit: (p, w) =>
    `${p.file}: ${
      p.found === undefined ? `mais de ${w.fmt.count(p.max)} linhas, o limite` : `${w.fmt.count(p.found)} linhas, mais que o limite de ${w.fmt.count(p.max)}`
    } (orders.limits.maxRows); ${RAISE} orders.limits.maxRows`,
  zipEntriesLimit: (p, w) =>
    `${p.file}: o zip da planilha tem ${w.fmt.count(p.found)} entradas, mais que o limite de ${w.fmt.count(p.max)} (orders.limits.maxZipEntries); ` +
    `uma exportação XLSX tem algumas dezenas; ${RAISE} orders.limits.maxZipEntries`,
  xlsxUnreadable: (p, w) => `${p.file}: não é uma planilha XLSX legível (${xlsxWhy(p.problem, w)}); esperava um .xlsx salvo por um programa de planilhas`,
  xlsxSharedStrings: (p, w) =>
    `${p.file}: a tabela de textos compartilhados da planilha precisa de mais de ${w.fmt.count(p.mib)} MiB de memória ` +
    `(${w.fmt.count(p.strings)} textos até aqui); esperava uma exportação de pedidos de no máximo cerca de um milhão de linhas — exporte-a em CSV`,
  xlsxNoSheet: (p) =>
    `${p.file}: esperava ${p.sheet === undefined ? 'alguma aba' : `uma aba chamada "${p.sheet}" (orders.sheet)`}; encontrou ${p.sheets.map((s) => `"${s}"`).join(', ') || 'nenhuma'}`,
  xlsxEmpty: (p) => `${p.file}: a aba está vazia; esperava uma linha de cabeçalho e um pedido por linha`,
  parquetColumnType: (p) =>
    `${p.file}: a coluna "${p.column}" (orders.columns.${p.field}) é do tipo ${p.type}; esperava ${
      p.field === 'amount' ? 'um número, um DECIMAL ou texto' : p.field === 'created_at' ? 'um TIMESTAMP, uma DATE ou texto' : 'texto ou um número'
    } — exporte ${p.field} num desses tipos, ou aponte orders.columns.${p.field} para outra coluna`,
  parquetUnreadable: (p) => `${p.file}: não é um arquivo Parquet legível (${p.said})`,
  parquetMemory: (p) =>
    `${p.file}: lê-lo exige mais memória que warehouse.memoryLimit (${p.memoryLimit}); esperava uma exportação de pedidos cujas linhas caibam — ` +
    'confira o arquivo, ou aumente warehouse.memoryLimit se ele está correto; nada deste arquivo foi importado',
  importMemory: (p) =>
    `${p.files}: importá-lo exige mais memória que warehouse.memoryLimit (${p.memoryLimit}); aumente warehouse.memoryLimit ` +
    '(o DuckDB grava o excedente numa pasta temporária ao lado do warehouse até esse limite); nada dele foi importado',
  strictRejected: (p, w) =>
    `${p.file}: --strict: ${w.fmt.count(p.rejected)} linha(s) recusada(s) e ${w.fmt.count(p.conflicts)} item_id(s) em conflito; nada foi importado\n${p.lines
      .map(
        (l) => `  ${l.lines.length === 1 ? 'linha' : 'linhas'} ${l.lines.join(', ')}: ${l.facts === undefined ? l.reason : sayKeptOut(ptBR, l.facts, p.zone)}`,
      )
      .join('\n')}`,
  tooManyKeptOut: (p, w) =>
    `a importação de pedidos deixou de fora ${w.fmt.count(p.keptOut)} de ${w.fmt.count(p.orders)} linhas (${w.fmt.decimal((p.keptOut / p.orders) * 100, p.keptOut / p.orders < 0.1 ? 1 : 0)} %), mais que orders.maxRejectedShare (${w.fmt.decimal(p.maxShare * 100, p.maxShare < 0.1 ? 1 : 0)} %); ${
      p.night
        ? `a noite parou antes de conciliar e não registrou achados. As linhas deixadas de fora e o motivo estão em ${p.files.join(' e ')} em ${p.night.reportDir}; corrija a exportação (ou orders.* na configuração) e execute a noite de novo`
        : `as linhas deixadas de fora e o motivo estão em ${p.files.join(' e ')}; corrija a exportação (ou orders.* na configuração) e importe-a de novo — ela substitui o que esta importação carregou`
    }`,
  ordersExportMissing: (p, w) => `a exportação de pedidos ${p.file} de ${w.fmt.day(p.date)} não existe; passe --orders ARQUIVO ou confira orders.path`,
  ordersDoNotFit: (p, w) =>
    p.problems.length === 1
      ? w.say(p.problems[0]!)
      : `as exportações de pedidos não conferem com a configuração:\n  ${p.problems.map((s) => w.say(s)).join('\n  ')}`,
  csvLooksWindows1252: (p, w) =>
    `${p.file}: o arquivo parece windows-1252, não UTF-8 (o byte ${p.offset} é 0x${p.byte.toString(16).toUpperCase()}, "${p.text}" em windows-1252; ${
      p.inHeader ? 'o cabeçalho não é UTF-8' : `${w.fmt.count(p.invalid)} das primeiras ${w.fmt.count(p.rows)} linhas ficariam de fora por UTF-8 inválido`
    }): defina orders.csv.encoding como "windows-1252"`,
  presetFitsAlone: (p, w) =>
    `${w.say(p.refusal)}; o arquivo confere com orders.preset "${p.preset}" tal como é, mas chaves explícitas substituem os valores dele: ${p.overrides
      .map((o) => `${o.key} "${o.explicit}" (o do preset: "${o.preset}")`)
      .join(', ')} — remova-as da configuração`,
  decimalMisfit: (p, w) =>
    `${p.file}: ${w.fmt.count(p.bad)} das primeiras ${w.fmt.count(p.rows)} linhas têm um valor que orders.csv.decimal "${p.decimal}" (milhares "${p.thousands}") não lê ` +
    `(linha ${p.line}: "${p.text}" na coluna "${p.column}"); todos os valores se leem com decimal "${p.fit.decimal}": ` +
    `defina orders.csv.decimal como "${p.fit.decimal}" e orders.csv.thousands como "${p.fit.thousands}"`,
  dateFormatMisfit: (p, w) =>
    `${p.file}: ${w.fmt.count(p.bad)} das primeiras ${w.fmt.count(p.rows)} linhas têm uma data que orders.dateFormat "${p.format}" não lê ` +
    `(linha ${p.line}: "${p.text}" na coluna "${p.column}"); todas as datas se leem como "${p.fit}": defina orders.dateFormat como "${p.fit}"`,
  unknownStatuses: (p) =>
    `${p.file}: situações na coluna "${p.column}" que orders.statusMap não conhece: ${p.statuses.map((s) => `"${s}"`).join(', ')}; acrescente cada uma a orders.statusMap com a situação que ela significa (paid, pending, canceled, refunded), senão suas linhas ficam de fora`,
};
