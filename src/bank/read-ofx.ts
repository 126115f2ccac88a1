// Reads an OFX statement (1.x SGML as Brazilian banks export it, or 2.x XML) into a Statement: the
// account (BANKACCTFROM), the period (BANKTRANLIST's DTSTART/DTEND), the ledger balance and each
// STMTTRN as a line. TRNAMT is parsed from its text to cents; a line with a bad amount or date is kept
// out with its reason. Some banks write debits unsigned with TRNTYPE DEBIT: those are made negative.
import { ReconError } from '../shared/errors.ts';
import { keptOutOf } from '../shared/locale/kept-out-text.ts';
import { dateFromOfx, parseDecimalCents } from './money-text.ts';
import { childText, findNode, parseOfxTree, type OfxNode } from './ofx-tree.ts';
import type { ReadStatement, StatementRejection } from './read-result.ts';
import { DEFAULT_STATEMENT_LIMITS, StatementCounter, type StatementLimits } from './statement-limits.ts';
import type { StatementAccount, StatementLine } from './statement.ts';

/** The leaves this reader reads; the tree keeps no other. */
const LEAVES = new Set(['BANKID', 'BRANCHID', 'ACCTID', 'DTSTART', 'DTEND', 'BALAMT', 'TRNTYPE', 'DTPOSTED', 'TRNAMT', 'FITID', 'CHECKNUM', 'MEMO', 'NAME']);

export function readOfx(file: string, text: string, limits: StatementLimits = DEFAULT_STATEMENT_LIMITS): ReadStatement {
  const format = /<\?OFX\b|^\s*<\?xml\b/i.test(text.slice(0, 4096)) ? 'ofx2' : 'ofx1';
  const lines: StatementLine[] = [];
  const lineNumbers: number[] = [];
  const rejected: StatementRejection[] = [];
  // Each STMTTRN of a statement's BANKTRANLIST becomes a line as it closes; the tree never holds them.
  const onClose = (node: OfxNode, path: readonly string[]) => {
    if (!path.includes('BANKTRANLIST') || !(path.includes('STMTRS') || path.includes('CCSTMTRS'))) return;
    const read = lineOf(node);
    if ('reason' in read) rejected.push(read);
    else {
      lines.push(read);
      lineNumbers.push(node.line);
    }
  };
  const { root: tree, counts } = parseOfxTree(file, text, {
    leaves: LEAVES,
    stream: { name: 'STMTTRN', onClose },
    counter: new StatementCounter(file, limits),
    maxDepth: limits.maxNestingDepth,
  });
  const statementCount = (counts.get('STMTRS') ?? 0) + (counts.get('CCSTMTRS') ?? 0);
  const statement = findNode(tree, 'STMTRS') ?? findNode(tree, 'CCSTMTRS');
  if (statement === undefined) {
    throw new ReconError('input', { id: 'ofxNoStatement', file });
  }
  if (statementCount > 1) {
    throw new ReconError('input', { id: 'ofxManyStatements', file, count: statementCount });
  }
  const list = findNode(statement, 'BANKTRANLIST');
  const days = lines.map((l) => l.postedOn).sort();
  const start = list ? dateFromOfx(childText(list, 'DTSTART') ?? '') : undefined;
  const end = list ? dateFromOfx(childText(list, 'DTEND') ?? '') : undefined;
  const ledger = findNode(statement, 'LEDGERBAL');
  const balance = ledger ? childText(ledger, 'BALAMT') : undefined;
  const periodEnd = end ?? days.at(-1) ?? '';
  return {
    format,
    statement: {
      account: accountOf(statement),
      periodStart: start ?? days[0] ?? periodEnd,
      periodEnd,
      openingBalanceCents: undefined,
      closingBalanceCents: balance === undefined ? undefined : parseDecimalCents(balance),
      lines,
    },
    lineNumbers,
    rejected,
  };
}

function accountOf(statement: OfxNode): StatementAccount {
  const from = findNode(statement, 'BANKACCTFROM') ?? findNode(statement, 'CCACCTFROM');
  const bankId = (from && childText(from, 'BANKID')) ?? '';
  return {
    bankCode: bankId === '' ? '' : bankId.replace(/\D/g, '').padStart(3, '0').slice(-3),
    agency: (from && childText(from, 'BRANCHID')) ?? '',
    account: (from && childText(from, 'ACCTID')) ?? '',
    // OFX names no holder document: the account is matched by ACCTID (bank.accounts[].bankAccount).
    document: '',
    holderName: '',
  };
}

function lineOf(node: OfxNode): StatementLine | StatementRejection {
  const dateText = childText(node, 'DTPOSTED') ?? '';
  const postedOn = dateFromOfx(dateText);
  if (postedOn === undefined) return { line: node.line, ...keptOutOf({ kind: 'ofxBadDate', text: dateText }), value: dateText };
  const amountText = childText(node, 'TRNAMT') ?? '';
  const parsed = parseDecimalCents(amountText);
  if (parsed === undefined) return { line: node.line, ...keptOutOf({ kind: 'ofxBadAmount', text: amountText }), value: amountText };
  const trnType = (childText(node, 'TRNTYPE') ?? '').toUpperCase();
  const amountCents = parsed > 0 && trnType === 'DEBIT' ? -parsed : parsed;
  return {
    postedOn,
    amountCents,
    type: amountCents < 0 ? 'debit' : 'credit',
    fitid: childText(node, 'FITID'),
    memo: childText(node, 'MEMO') ?? childText(node, 'NAME') ?? '',
    documentNumber: childText(node, 'CHECKNUM'),
  };
}
