// Table-driven rules for cells in every format: neutralisation, masking, CSV quoting, exact amounts.
import { describe, expect, it } from 'vitest';
import {
  capExcelText,
  EXCEL_CELL_MAX,
  excelDateFromInstant,
  fractionFromBasisPoints,
  maskDocument,
  neutraliseFormula,
  reaisNumberFromCents,
} from '../../src/report/cells.ts';
import { csvFieldOf, csvHeaderOf, csvLineOf, quoteCsvField } from '../../src/report/csv-writer.ts';
import type { ColumnSpec } from '../../src/report/types.ts';
import { messagesFor } from '../../src/shared/locale/index.ts';

describe('neutraliseFormula', () => {
  it.each([
    ['=1+1', "'=1+1"],
    ['=HYPERLINK("http://x","y")', `'=HYPERLINK("http://x","y")`],
    ['+1', "'+1"],
    ['-2', "'-2"],
    ['@SUM(A1)', "'@SUM(A1)"],
    ['\tx', "'\tx"],
    ['\rx', "'\rx"],
    ['plain', 'plain'],
    ['a=b', 'a=b'],
    ['', ''],
    ["'already", "'already"],
    // Spreadsheets skip leading blanks, line breaks and NULs before reading a formula.
    [' =1+1', "' =1+1"],
    ['   +1', "'   +1"],
    ['\t=cmd', "'\t=cmd"],
    ['\n=cmd', "'\n=cmd"],
    ['\r\n@SUM(A1)', "'\r\n@SUM(A1)"],
    ['\0=cmd', "'\0=cmd"],
    ['\0 \t-1', "'\0 \t-1"],
    ['\nplain', "'\nplain"],
    // Full-width signs, as an East Asian input method types them.
    ['\uFF1DHYPERLINK("http://x")', '\'\uFF1DHYPERLINK("http://x")'],
    ['\uFF0B1', "'\uFF0B1"],
    ['\uFF0D1', "'\uFF0D1"],
    ['\uFF20SUM(A1)', "'\uFF20SUM(A1)"],
    [' \uFF1D1', "' \uFF1D1"],
    // Blanks before harmless text, and signs after the start, stay as they are.
    [' plain', ' plain'],
    ['\0plain', '\0plain'],
    ['R$ -1,00', 'R$ -1,00'],
    ['a\uFF1Db', 'a\uFF1Db'],
    ['\u3000=1', '\u3000=1'],
  ])('%j -> %j', (input, expected) => {
    expect(neutraliseFormula(input)).toBe(expected);
  });
});

describe('capExcelText', () => {
  const cut = (fill: string, mark: string) => fill.repeat(EXCEL_CELL_MAX - mark.length) + mark;
  it.each([
    ['short text stays whole', 'abc', 'abc'],
    ['exactly the limit stays whole', 'x'.repeat(EXCEL_CELL_MAX), 'x'.repeat(EXCEL_CELL_MAX)],
    ['one over the limit is cut', 'x'.repeat(EXCEL_CELL_MAX + 1), cut('x', '… [cut: 32,768 characters]')],
    ['8 MiB of text is cut', 'y'.repeat(8_388_608), cut('y', '… [cut: 8,388,608 characters]')],
  ])('%s', (_name, input, expected) => {
    const capped = capExcelText(input);
    expect(capped).toBe(expected);
    expect(capped.length).toBeLessThanOrEqual(EXCEL_CELL_MAX);
  });

  it('never keeps half of an emoji before the mark', () => {
    const capped = capExcelText('\u{1F600}'.repeat(EXCEL_CELL_MAX));
    expect(capped.endsWith('\u{1F600}… [cut: 65,534 characters]')).toBe(true);
    expect(capped.length).toBe(EXCEL_CELL_MAX - 1);
  });
});

describe('maskDocument', () => {
  it.each([
    ['123.456.789-01', '***.456.789-**'],
    ['12345678901', '***.456.789-**'],
    ['12.345.678/0001-90', '**.345.678/0001-**'],
    ['12345678000190', '**.345.678/0001-**'],
    ['abc', '***'],
    ['', ''],
  ])('%j -> %j', (input, expected) => {
    expect(maskDocument(input)).toBe(expected);
  });
});

describe('exact amounts', () => {
  it.each([
    [15090n, 150.9],
    [-10n, -0.1],
    [1n, 0.01],
    [0n, 0],
    [123456789012n, 1234567890.12],
  ])('%s cents -> %s reais', (cents, number) => {
    expect(reaisNumberFromCents(cents)).toBe(number);
  });

  it.each([
    [349n, 0.0349],
    [0n, 0],
    [-5n, -0.0005],
    [10000n, 1],
  ])('%s basis points are the fraction %s of a percentage cell', (bp, fraction) => {
    expect(fractionFromBasisPoints(bp)).toBe(fraction);
  });
});

describe('CSV fields', () => {
  it.each([
    ['plain', 'plain'],
    ['a,b', '"a,b"'],
    ['say "hi"', '"say ""hi"""'],
    ['line1\nline2', '"line1\nline2"'],
    ['cr\rx', '"cr\rx"'],
    ['a;b', 'a;b'],
  ])('rfc4180 quotes %j as %j', (input, expected) => {
    expect(quoteCsvField(input, ',')).toBe(expected);
  });

  it('br quotes on semicolons, not commas', () => {
    expect(csvLineOf(['a;b', 'c,d'], ';')).toBe('"a;b";c,d\r\n');
  });

  const cents: ColumnSpec = { key: 'order_amount_cents', header: 'orderAmount', type: 'cents' };
  const doc: ColumnSpec = { key: 'doc', header: 'customerDocument', type: 'text', mask: 'document' };
  const text: ColumnSpec = { key: 'reason', header: 'reason', type: 'text' };
  const instant: ColumnSpec = { key: 'at', header: 'soldAt', type: 'instant' };
  const flag: ColumnSpec = { key: 'is_new', header: 'newToday', type: 'boolean' };
  const day: ColumnSpec = { key: 'first_seen', header: 'firstSeen', type: 'date' };
  it.each([
    [cents, -10n, 'rfc4180', '-10'],
    [cents, -10n, 'br', '-0,10'],
    [cents, null, 'rfc4180', ''],
    [text, '-2', 'rfc4180', "'-2"],
    [doc, '123.456.789-01', 'rfc4180', '***.456.789-**'],
    // br shows the local wall-clock (02:30 UTC on the 16th is 23:30 on the 15th in Sao Paulo); RFC 4180 keeps ISO UTC.
    [instant, Date.UTC(2024, 2, 16, 2, 30), 'br', '15/03/2024 23:30:00'],
    [instant, Date.UTC(2024, 2, 16, 2, 30), 'rfc4180', '2024-03-16T02:30:00.000Z'],
    [flag, true, 'br', 'sim'],
    [flag, false, 'br', 'não'],
    [flag, true, 'rfc4180', 'true'],
    [flag, false, 'rfc4180', 'false'],
    [day, '2024-03-14', 'br', '14/03/2024'],
    [day, '2024-03-14', 'rfc4180', '2024-03-14'],
  ] as const)('%o %s in %s -> %j', (column, value, dialect, expected) => {
    expect(csvFieldOf(value, column, { dialect, maskDocuments: true, timezone: 'America/Sao_Paulo' })).toBe(expected);
  });

  it('names cents columns for their unit', () => {
    expect(csvHeaderOf(cents, 'rfc4180')).toBe('order_amount_cents');
    expect(csvHeaderOf(cents, 'br')).toBe('order_amount_reais');
  });

  // The `.br.csv` copy for people: the workbook's header and words; the machine dialects keep keys and values.
  const rate: ColumnSpec = { key: 'effective_rate_bp', header: 'effectiveRateBp', type: 'rate' };
  const status: ColumnSpec = { key: 'payment_status', header: 'paymentStatus', type: 'text', display: 'status' };
  const category: ColumnSpec = { key: 'category', header: 'category', type: 'text', display: 'category' };
  it.each([
    [rate, 349n, 'pt-BR', '3,49 %'],
    [rate, 349n, 'en', '3.49%'],
    [flag, true, 'pt-BR', 'Sim'],
    [flag, false, 'pt-BR', 'Não'],
    [status, 'refunded', 'pt-BR', 'estornado'],
    [status, 'paid,refunded', 'pt-BR', 'pago, estornado'],
    [category, 'missing_payment', 'pt-BR', 'Pagamento ausente'],
    [cents, -123456n, 'pt-BR', '-1234,56'],
  ] as const)('for people %o %s in %s -> %j', (column, value, locale, expected) => {
    expect(csvFieldOf(value, column, { dialect: 'br', maskDocuments: true, timezone: 'America/Sao_Paulo', people: messagesFor(locale) })).toBe(expected);
  });

  it.each([
    [rate, 349n, '349'],
    [status, 'refunded', 'refunded'],
    [flag, true, 'true'],
  ] as const)('for machines %o %s stays %j', (column, value, expected) => {
    expect(csvFieldOf(value, column, { dialect: 'rfc4180', maskDocuments: true, timezone: 'America/Sao_Paulo' })).toBe(expected);
  });

  it('heads the people copy with the workbook header', () => {
    expect(csvHeaderOf(cents, 'br', messagesFor('pt-BR'))).toBe(messagesFor('pt-BR').headers.orderAmount);
    expect(csvHeaderOf(rate, 'br', messagesFor('pt-BR'))).toBe('Taxa efetiva');
    expect(csvHeaderOf(rate, 'rfc4180')).toBe('effective_rate_bp');
  });
});

describe('excelDateFromInstant', () => {
  it.each([
    // 01:30 UTC is 22:30 of the previous day in Sao Paulo (UTC-3)
    [Date.UTC(2024, 0, 2, 1, 30), 'America/Sao_Paulo', '2024-01-01T22:30:00.000Z'],
    [Date.UTC(2024, 0, 2, 1, 30), 'UTC', '2024-01-02T01:30:00.000Z'],
    [Date.UTC(2024, 6, 1, 12, 0), 'Europe/Lisbon', '2024-07-01T13:00:00.000Z'],
  ])('%s in %s shows %s', (ms, zone, wallClock) => {
    expect(excelDateFromInstant(ms, zone).toISOString()).toBe(wallClock);
  });
});
