// As frases em português dos erros dos outros arquivos que o recon lê (código input): extratos
// bancários, as páginas brutas de um replay, e os registros da triagem (as chaves informadas, uma nota,
// o tamanho do diário).
import type { ErrorCatalogue } from './error-types.ts';
import type { FileErrorParams } from './error-params-input.ts';

const ONE_FILE = 'esperava um arquivo de extrato tal como o banco o exporta (divida um período longo em vários arquivos); nada dele foi importado';

export const fileErrorsPtBR: ErrorCatalogue<FileErrorParams> = {
  statementUnreadable: (p) => `${p.file}: não pode ser lido (${p.code}); esperava um arquivo de extrato legível`,
  notAStatement: (p) =>
    `${p.file}: não é um extrato bancário que o recon lê; esperava OFX (começando com OFXHEADER:100, <?xml ...?><?OFX ...?> ou <OFX>) ` +
    'ou um extrato CNAB 240 (linhas de 240 caracteres, a primeira um header de arquivo: código do banco, 0000, tipo de registro 0)',
  statementTooBig: (p, w) =>
    `${p.file}: ${w.fmt.count(p.bytes)} bytes, mais que os ${w.fmt.count(p.maxBytes)} que um extrato bancário pode ter (bank.limits.maxStatementBytes); ${ONE_FILE}`,
  statementLineTooLong: (p, w) =>
    `${p.file}: a linha ${p.line} tem mais de ${w.fmt.count(p.maxChars)} caracteres (bank.limits.maxLineChars); ` +
    'esperava um extrato OFX ou CNAB 240 (é o arquivo certo?); nada dele foi importado',
  statementTooMany: (p, w) =>
    `${p.file}: mais de ${w.fmt.count(p.limit)} ${p.counted === 'records' ? 'registros' : 'lançamentos'} (linha ${p.line}), mais do que um extrato pode conter (bank.limits.${p.key}); ${ONE_FILE}`,
  ofxNoStatement: (p) => `${p.file}: nenhum <STMTRS> (extrato bancário) neste arquivo OFX; esperava o extrato de uma conta tal como o banco o exporta`,
  ofxManyStatements: (p, w) =>
    `${p.file}: ${w.fmt.count(p.count)} extratos de conta num só arquivo OFX; esperava uma conta por arquivo de extrato (exporte cada conta separadamente)`,
  ofxTooDeep: (p) => `${p.file}: linha ${p.line}: elementos OFX aninhados em mais de ${p.max} níveis (bank.limits.maxNestingDepth); esperava um extrato OFX`,
  cnabNoHeader: (p) => `${p.file}: sem header de arquivo CNAB 240 (tipo de registro 0 na posição 8); esperava um extrato CNAB 240 tal como o banco o exporta`,
  cnabOtherAccount: (p) =>
    `${p.file}: linha ${p.line}: um lote da conta ${p.found.agency}/${p.found.account} num extrato de ${p.statement.agency}/${p.statement.account}; esperava uma conta por arquivo de extrato (peça ao banco um arquivo por conta)`,
  cnabNotStatement: (p) =>
    `${p.file}: linha ${p.line}: um lote CNAB 240 do serviço ${p.service}, não um extrato; esperava um "extrato para conciliação bancária" ` +
    '(serviço de lote 04, segmento E): peça ao banco o arquivo de extrato da conta, não um retorno de cobrança ou de pagamentos',
  checkUnclean: (p, w) =>
    `${w.fmt.count(p.unclean)} de ${w.fmt.count(p.total)} arquivo(s) não seriam importados sem problemas; cada problema acima indica a configuração que o corrige`,
  replayNoFolder: (p) => `--replay ${p.dir}: esperava uma pasta de páginas brutas (*.ndjson.gz), não encontrou nenhuma`,
  replayNoFiles: (p) => `--replay ${p.dir}: nenhum arquivo de páginas brutas *.ndjson.gz na pasta`,
  replayNotJson: (p) => `${p.where}: não é JSON (${p.said})`,
  replayUnreadable: (p) => `--replay ${p.path}: ilegível (${p.said})`,
  replayShape: (p) => `${p.where}: esperava {window, rows}, recebeu outra coisa`,
  unknownFindingKeys: (p, w) =>
    `esperava chaves de achados atuais, recebeu ${w.fmt.count(p.keys.length)} desconhecida(s): ${p.keys.slice(0, 5).join(', ')}${p.keys.length > 5 ? ', ...' : ''}; \`recon findings list\` mostra as chaves`,
  resolvedAlready: (p) => `${p.keys.slice(0, 5).join(', ')}: já resolvido(s) pelos dados, nada a fazer com ${p.action}; deixe-o(s) de fora`,
  triageEventInvalid: (p) => `triagem ${p.action} de ${p.key}: ${p.path}: ${p.said}`,
  noteTooLong: (p) => `triagem ${p.action} de ${p.key}: esperava uma nota de no máximo cerca de 1000 caracteres, recebeu uma longa demais para registrar`,
  journalFull: (p, w) =>
    `o diário de triagem ${p.path} está cheio (triage.journalMaxBytes, ${w.fmt.count(p.maxBytes)} bytes): nada foi gravado; mova-o para outro lugar (ele é o histórico: guarde-o) para que um novo comece, ou aumente triage.journalMaxBytes`,
  journalAppendFailed: (p) => `não foi possível acrescentar ao diário de triagem ${p.path}: ${p.said}`,
  snapshotTooBig: (p, w) =>
    `a cópia dos achados ${p.path} tem ${w.fmt.count(p.bytes)} bytes, mais que ${w.fmt.count(p.maxBytes)}; execute uma noite para regravá-la`,
  snapshotUnreadable: (p) => `a cópia dos achados ${p.path} não pode ser lida (${p.said}); a próxima noite a regrava`,
};
