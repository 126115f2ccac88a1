// The one quoting helper and the named-parameter runner, against a real in-memory warehouse: every
// text DuckDB can hold comes back exactly as given, whatever quotes or SQL it carries, and text no
// quoting can carry (NUL, an unpaired surrogate) is refused instead of altered.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ReconError } from '../../src/shared/errors.ts';
import { openWarehouse, type Warehouse } from '../../src/warehouse/open.ts';
import { dateParam, instantParam, runWithParams, sqlIdentifier, sqlLiteral } from '../../src/warehouse/sql.ts';

let warehouse: Warehouse;
beforeAll(async () => {
  warehouse = await openWarehouse(':memory:');
});
afterAll(() => warehouse.close());

const TEXTS: [string, string][] = [
  ['plain text', 'orders'],
  ['empty text', ''],
  ['a single quote', "O'Brien"],
  ['quotes only', "''''"],
  ['a double quote', 'say "hi"'],
  ['a backslash before a quote', "a\\'b"],
  ['a trailing backslash', 'C:\\data\\'],
  ['a closing quote and a statement', "x'; DROP TABLE runs; --"],
  ['a comment opener', "a' /* b"],
  ['a dollar-quoted string', '$$; DROP TABLE runs; $$'],
  ['a parameter marker', '$run_id ? $1'],
  ['a semicolon and a newline', "a;\nDELETE FROM runs WHERE '1'='1"],
  ['control characters', 'tab\there\r\nbell\u0007'],
  ['accents and a cedilla', 'São Paulo, Conceição'],
  ['emoji outside the BMP', 'pago 💳🇧🇷'],
  ['right-to-left text', 'שלום عربي'],
  ['a leading byte-order mark', '\uFEFFitem'],
  ['a 100 KB text of quotes', "'".repeat(100_000)],
];

describe('sqlLiteral', () => {
  it.each(TEXTS)('reads back %s exactly', async (_label, text) => {
    const reader = await warehouse.connection.runAndReadAll(`SELECT encode(${sqlLiteral(text)}) AS bytes, ${sqlLiteral(text)} = $text AS same`, { text });
    const row = reader.getRowObjectsJS()[0] ?? {};
    expect(Buffer.from(row['bytes'] as Uint8Array).toString('utf8')).toBe(text);
    expect(row['same']).toBe(true);
  });

  it.each([
    ['NUL', 'a\0b', /without NUL characters/],
    ['a lone high surrogate', 'a\uD800b', /unpaired surrogate/],
    ['a lone low surrogate', '\uDC00', /unpaired surrogate/],
  ])('refuses text holding %s', (_label, text, message) => {
    expect(() => sqlLiteral(text)).toThrow(ReconError);
    expect(() => sqlLiteral(text)).toThrow(message);
  });
});

describe('sqlIdentifier', () => {
  it.each(TEXTS.filter(([, name]) => name !== ''))('names a column called %s', async (_label, name) => {
    const reader = await warehouse.connection.runAndReadAll(`SELECT 42 AS ${sqlIdentifier(name)}`);
    expect(reader.columnNames()).toEqual([name]);
    expect(reader.getRowsJS()).toEqual([[42]]);
  });

  it('names a table whose name is an injection attempt, and the real table is untouched', async () => {
    const name = 'runs"; DROP TABLE runs; --';
    await warehouse.connection.run(`CREATE TEMP TABLE ${sqlIdentifier(name)} AS SELECT 1 AS n`);
    const reader = await warehouse.connection.runAndReadAll(
      `SELECT (SELECT count(*) FROM ${sqlIdentifier(name)}) AS mine, (SELECT count(*) FROM runs) AS runs`,
    );
    expect(reader.getRowObjectsJS()).toEqual([{ mine: 1n, runs: 0n }]);
  });

  it.each([
    ['an empty name', '', /empty name/],
    ['NUL', 'a\0b', /without NUL characters/],
    ['an unpaired surrogate', 'x\uDBFF', /unpaired surrogate/],
  ])('refuses %s', (_label, name, message) => {
    expect(() => sqlIdentifier(name)).toThrow(message);
  });
});

describe('runWithParams', () => {
  it.each(TEXTS)('binds %s as a value, never as SQL', async (_label, text) => {
    // Compared as bytes: the DuckDB client drops a leading U+FEFF when it decodes a VARCHAR.
    const result = await runWithParams(warehouse.connection, 'SELECT encode($text) AS bytes', { text });
    expect(Buffer.from((await result.getRowObjectsJS())[0]?.['bytes'] as Uint8Array).toString('utf8')).toBe(text);
  });

  it('binds only the names the statement uses, so one set of values serves many statements', async () => {
    const params = { d: dateParam('2024-03-01'), n: 7, unused: 'x' };
    const result = await runWithParams(warehouse.connection, 'SELECT $d AS d, $n + $n AS twice', params);
    expect(await result.getRowObjectsJS()).toEqual([{ d: new Date('2024-03-01T00:00:00Z'), twice: 14 }]);
  });

  it('fails before running anything when a name has no value, naming it', async () => {
    await expect(runWithParams(warehouse.connection, 'SELECT $present, $missing', { present: 1 })).rejects.toThrow(
      'the statement uses $missing, which has no value (the values given: $present); use one of those, or give missing a value',
    );
  });
});

describe('dateParam and instantParam', () => {
  it.each([
    ['2024-03-01', '2024-03-01'],
    ['2024-02-29', '2024-02-29'],
    ['1970-01-01', '1970-01-01'],
    ['1969-12-31', '1969-12-31'],
  ])('binds the date %s as a DATE', async (date, text) => {
    const reader = await warehouse.connection.runAndReadAll('SELECT CAST($d AS VARCHAR) AS v, typeof($d) AS t', { d: dateParam(date) });
    expect(reader.getRowObjectsJS()).toEqual([{ v: text, t: 'DATE' }]);
  });

  it.each(['2024-3-1', '01/03/2024', "2024-03-01'; --", ''])('refuses %j as a date', (date) => {
    expect(() => dateParam(date)).toThrow(`expected a date as YYYY-MM-DD, got "${date}"`);
  });

  it.each([
    [Date.parse('2024-03-01T03:00:00.000Z'), '2024-03-01 03:00:00+00'],
    [Date.parse('2024-03-01T03:00:00.123Z'), '2024-03-01 03:00:00.123+00'],
    [0, '1970-01-01 00:00:00+00'],
    [-1, '1969-12-31 23:59:59.999+00'],
  ])('binds the instant %d as a TIMESTAMPTZ', async (ms, text) => {
    const reader = await warehouse.connection.runAndReadAll('SELECT CAST($t AS VARCHAR) AS v, typeof($t) AS t', { t: instantParam(ms) });
    expect(reader.getRowObjectsJS()).toEqual([{ v: text, t: 'TIMESTAMP WITH TIME ZONE' }]);
  });
});
