// The English sentences of the errors of the other files recon reads (code input): bank statements, the
// raw pages of a replay, and triage's records (the keys named, a note, the journal's size).
import type { ErrorCatalogue } from './error-types.ts';
import type { FileErrorParams } from './error-params-input.ts';

const ONE_FILE = 'expected one statement file as the bank exports it (split a long period into several files); nothing of it was imported';

export const fileErrorsEn: ErrorCatalogue<FileErrorParams> = {
  statementUnreadable: (p) => `${p.file}: cannot be read (${p.code}); expected a readable statement file`,
  notAStatement: (p) =>
    `${p.file}: not a bank statement recon reads; expected OFX (starting with OFXHEADER:100, <?xml ...?><?OFX ...?> or <OFX>) ` +
    'or a CNAB 240 "extrato" (240-character lines, the first a file header: bank code, 0000, record type 0)',
  statementTooBig: (p, w) =>
    `${p.file}: ${w.fmt.count(p.bytes)} bytes, more than the ${w.fmt.count(p.maxBytes)} a bank statement may have (bank.limits.maxStatementBytes); ${ONE_FILE}`,
  statementLineTooLong: (p, w) =>
    `${p.file}: line ${p.line} has more than ${w.fmt.count(p.maxChars)} characters (bank.limits.maxLineChars); ` +
    'expected an OFX or CNAB 240 statement (is this the right file?); nothing of it was imported',
  statementTooMany: (p, w) =>
    `${p.file}: more than ${w.fmt.count(p.limit)} ${p.counted === 'records' ? 'records' : 'statement lines'} (line ${p.line}), more than a statement may hold (bank.limits.${p.key}); ${ONE_FILE}`,
  ofxNoStatement: (p) => `${p.file}: no <STMTRS> (bank statement) in this OFX file; expected a bank account statement as the bank exports it`,
  ofxManyStatements: (p) =>
    `${p.file}: ${p.count} account statements in one OFX file; expected one account per statement file (export each account on its own)`,
  ofxTooDeep: (p) => `${p.file}: line ${p.line}: OFX elements nested more than ${p.max} deep (bank.limits.maxNestingDepth); expected an OFX statement`,
  cnabNoHeader: (p) => `${p.file}: no CNAB 240 file header (record type 0 at position 8); expected a CNAB 240 statement ("extrato") as the bank exports it`,
  cnabOtherAccount: (p) =>
    `${p.file}: line ${p.line}: a batch of account ${p.found.agency}/${p.found.account} in a statement of ${p.statement.agency}/${p.statement.account}; expected one account per statement file (ask the bank for one file per account)`,
  cnabNotStatement: (p) =>
    `${p.file}: line ${p.line}: a CNAB 240 batch of service ${p.service}, not a statement; expected an "extrato para conciliação bancária" ` +
    '(batch service 04, segment E): ask the bank for the account statement file, not a collection or payment return',
  checkUnclean: (p) => `${p.unclean} of ${p.total} file(s) would not import cleanly; each problem above names the setting that fixes it`,
  replayNoFolder: (p) => `--replay ${p.dir}: expected a folder of raw pages (*.ndjson.gz), found none`,
  replayNoFiles: (p) => `--replay ${p.dir}: no *.ndjson.gz raw-page files in the folder`,
  replayNotJson: (p) => `${p.where}: not JSON (${p.said})`,
  replayUnreadable: (p) => `--replay ${p.path}: unreadable (${p.said})`,
  replayShape: (p) => `${p.where}: expected {window, rows}, got something else`,
  unknownFindingKeys: (p, w) =>
    `expected keys of current findings, got ${w.fmt.count(p.keys.length)} unknown: ${p.keys.slice(0, 5).join(', ')}${p.keys.length > 5 ? ', ...' : ''}; \`recon findings list\` shows the keys`,
  resolvedAlready: (p) => `${p.keys.slice(0, 5).join(', ')}: resolved by the data already, nothing to ${p.action}; leave it out`,
  triageEventInvalid: (p) => `triage ${p.action} of ${p.key}: ${p.path}: ${p.said}`,
  noteTooLong: (p) => `triage ${p.action} of ${p.key}: expected a note of at most about 1000 characters, got one too long to record`,
  journalFull: (p) =>
    `the triage journal ${p.path} is full (triage.journalMaxBytes, ${p.maxBytes} bytes): nothing was written; move it aside (it is the history: keep it) so that a new one starts, or raise triage.journalMaxBytes`,
  journalAppendFailed: (p) => `the triage journal ${p.path} could not be appended to: ${p.said}`,
  snapshotTooBig: (p) => `the findings snapshot ${p.path} is ${p.bytes} bytes, more than ${p.maxBytes}; run a night to rewrite it`,
  snapshotUnreadable: (p) => `the findings snapshot ${p.path} cannot be read (${p.said}); the next night rewrites it`,
};
