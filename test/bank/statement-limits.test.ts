// bank.limits as rules: what a line may carry (FITID, document number, memo), the FITIDs kept out because
// they have the shape of an id recon derives, collisions with a line the warehouse holds, the count
// bounds of both readers, and finding keys that always fit the triage journal.
import { describe, expect, it } from 'vitest';
import { collidingLines, lineIdsFor } from '../../src/bank/line-ids.ts';
import { readStatementBytes } from '../../src/bank/read-statement.ts';
import { DEFAULT_STATEMENT_LIMITS, isDerivedIdShape, lineRejectionReason } from '../../src/bank/statement-limits.ts';
import { eachLine } from '../../src/bank/statement-text.ts';
import type { StatementLine } from '../../src/bank/statement.ts';
import { formatCnab240 } from '../../src/bank/write-cnab240.ts';
import { parseConfig } from '../../src/config/load.ts';
import { triageEventSchema } from '../../src/triage/events.ts';
import { ofx1, statementOf, trn } from './statement-helpers.ts';

const line = (fields: Partial<StatementLine>): StatementLine => ({
  postedOn: '2026-11-20',
  amountCents: 1_000_000,
  type: 'credit',
  fitid: 'F1',
  memo: 'PIX RECEBIDO',
  documentNumber: undefined,
  ...fields,
});

describe('bank.limits', () => {
  it('the defaults are the config schema defaults', () => {
    expect(parseConfig({}, 'test').bank.limits).toEqual(DEFAULT_STATEMENT_LIMITS);
    expect(DEFAULT_STATEMENT_LIMITS).toEqual({
      maxLinesPerStatement: 100_000,
      maxRecordsPerStatement: 4_000_000,
      maxIdLength: 128,
      maxTextLength: 1024,
      maxStatementBytes: 32 * 1024 * 1024,
      maxLineChars: 4 * 1024 * 1024,
      maxNestingDepth: 64,
    });
  });

  it('refuses a maxIdLength whose derived ids could outgrow a finding key', () => {
    expect(() => parseConfig({ bank: { limits: { maxIdLength: 171 } } }, 'test')).toThrow(/maxIdLength/);
  });

  it.each([
    { name: 'a FITID at the bound', fields: { fitid: 'A'.repeat(128) }, reason: undefined },
    { name: 'a FITID past the bound', fields: { fitid: 'A'.repeat(400) }, reason: /FITID is 400 characters long, more than 128 \(bank\.limits\.maxIdLength\)/ },
    { name: 'a 3 MiB FITID', fields: { fitid: 'F'.repeat(3 << 20) }, reason: /FITID is 3,145,728 characters long/ },
    { name: 'a document number past the bound', fields: { documentNumber: '9'.repeat(129) }, reason: /document number is 129 characters/ },
    {
      name: 'a memo past the bound',
      fields: { memo: 'M'.repeat(1025) },
      reason: /memo is 1,025 characters long, more than 1024 \(bank\.limits\.maxTextLength\)/,
    },
    { name: 'a FITID shaped like a derived id', fields: { fitid: '0001/2026-11-20/1000000' }, reason: /has the shape of an id recon derives/ },
    { name: 'a FITID shaped like a derived repeat', fields: { fitid: 'X/2026-11-20/-500#2' }, reason: /has the shape/ },
    { name: 'a FITID shaped like a content id', fields: { fitid: 'syn:abc:1' }, reason: /has the shape/ },
    { name: 'a FITID with slashes that is no derived id', fields: { fitid: '2026/11/20-0001' }, reason: undefined },
  ])('$name', ({ fields, reason }) => {
    const why = lineRejectionReason(line(fields), DEFAULT_STATEMENT_LIMITS);
    if (reason === undefined) expect(why).toBeUndefined();
    else {
      expect(why?.reason).toMatch(reason);
      expect(why?.value.length).toBeLessThanOrEqual(100);
    }
  });

  it('every id derived from a FITID within the bound is no FITID a file can carry, and fits a finding key of any account', () => {
    const fitid = 'A'.repeat(DEFAULT_STATEMENT_LIMITS.maxIdLength);
    const lines = Array.from({ length: 3 }, () => line({ fitid, amountCents: -Number.MAX_SAFE_INTEGER }));
    const ids = lineIdsFor(lines, new Map([[fitid, { postedOn: '2026-11-19', amountCents: 1 }]]));
    expect(ids.slice(1).every(isDerivedIdShape)).toBe(true);
    for (const id of ids) {
      const key = `bank_credit_unexplained:${'a'.repeat(64)}:${id}#999999`;
      expect(triageEventSchema.shape.key.safeParse(key).success, `${key.length} characters`).toBe(true);
    }
  });

  it('a line whose id names another line of the warehouse is a collision; the same line again is not', () => {
    const lines = [line({ fitid: undefined }), line({ fitid: 'F2', amountCents: 5 })];
    const ids = ['0001/2026-11-20/1000000', 'F2'];
    const known = new Map([
      ['0001/2026-11-20/1000000', { postedOn: '2026-11-20', amountCents: 1 }],
      ['F2', { postedOn: '2026-11-20', amountCents: 5 }],
    ]);
    const colliding = collidingLines(lines, ids, known);
    expect([...colliding.keys()]).toEqual([0]);
    expect(colliding.get(0)?.reason).toMatch(/already names another line of this account \(2026-11-20, 1 cents\), not this one \(2026-11-20, 1000000 cents\)/);
    expect(colliding.get(0)?.facts).toEqual([
      { kind: 'lineIdTaken', id: '0001/2026-11-20/1000000', heldOn: '2026-11-20', heldCents: 1, postedOn: '2026-11-20', cents: 1_000_000 },
    ]);
  });

  it('reads lines one at a time without their line ends', () => {
    expect([...eachLine('a\r\nb\n\nc')]).toEqual(['a', 'b', '', 'c']);
    expect([...eachLine('')]).toEqual(['']);
  });

  it.each([
    {
      name: 'OFX: one STMTTRN more than maxLinesPerStatement',
      limits: { maxLinesPerStatement: 3 },
      format: 'ofx',
      error: /more than 3 statement lines.*bank\.limits\.maxLinesPerStatement/,
    },
    {
      name: 'OFX: tags past maxRecordsPerStatement',
      limits: { maxRecordsPerStatement: 20 },
      format: 'ofx',
      error: /more than 20 records.*bank\.limits\.maxRecordsPerStatement/,
    },
    { name: 'CNAB 240: detail records past maxLinesPerStatement', limits: { maxLinesPerStatement: 3 }, format: 'cnab', error: /more than 3 statement lines/ },
    { name: 'CNAB 240: records past maxRecordsPerStatement', limits: { maxRecordsPerStatement: 5 }, format: 'cnab', error: /more than 5 records/ },
  ])('$name refuses the file', ({ limits, format, error }) => {
    const four = [1, 2, 3, 4].map((n) => trn({ amount: `${n}.00`, fitid: `F${n}` }));
    const bytes =
      format === 'ofx'
        ? Buffer.from(ofx1(four), 'latin1')
        : formatCnab240(statementOf([1, 2, 3, 4].map((n) => line({ postedOn: '2024-05-01', amountCents: n * 100, fitid: undefined }))));
    expect(() => readStatementBytes(`x.${format}`, bytes, { ...DEFAULT_STATEMENT_LIMITS, ...limits })).toThrow(error);
    expect(readStatementBytes(`x.${format}`, bytes).statement.lines).toHaveLength(4);
  });

  it('OFX: unknown leaves and repeated leaves are skipped, the first of a name is read', () => {
    const noisy = ['<STMTTRN>', '<X1>a', '<X2>b', '<TRNAMT>1.00', '<TRNAMT>9.00', '<DTPOSTED>20240501', '<FITID>F1', '<FITID>F9', '</STMTTRN>'].join('\n');
    const read = readStatementBytes('n.ofx', Buffer.from(ofx1([noisy]), 'latin1'));
    expect(read.statement.lines).toEqual([{ postedOn: '2024-05-01', amountCents: 100, type: 'credit', fitid: 'F1', memo: '', documentNumber: undefined }]);
  });
});

describe('the file bounds are settings', () => {
  const limits = { ...DEFAULT_STATEMENT_LIMITS, maxStatementBytes: 2048, maxLineChars: 300, maxNestingDepth: 3 };
  it.each([
    ['bytes', 'x'.repeat(2049), /bank\.limits\.maxStatementBytes/],
    ['line characters', `OFXHEADER:100\n${'x'.repeat(301)}\n`, /bank\.limits\.maxLineChars/],
    ['nesting', 'OFXHEADER:100\n<OFX><BANKMSGSRSV1><STMTTRNRS><STMTRS><BANKTRANLIST>', /bank\.limits\.maxNestingDepth/],
  ])('a file past bank.limits %s is refused naming the setting', (_what, text, message) => {
    expect(() => readStatementBytes('x.ofx', Buffer.from(text), limits)).toThrow(message);
  });
});
