// The CSVs DuckDB writes (COPY, csv-copy.ts) are the bytes the streaming writer (csv-writer.ts) writes:
// every report of the fixture night, whose text holds formula starts, a tab and a CR, a document and a
// quote, in both dialects (RFC 4180 and `br`, with its BOM, reais, local instants and sim/não), and
// hostile values straight through the cell rules (bidi overrides, controls, full-width signs, masks),
// and the copy for people (.br.csv) where COPY writes it: the workbook's headers and yes/no words.
import { readdirSync, readFileSync, rmSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { REPORTS } from '../../reports/index.ts';
import { settlementSchema } from '../../src/config/bank-schema.ts';
import { writeReports } from '../../src/report/index.ts';
import { copiesForPeople, copyCsv } from '../../src/report/csv-copy.ts';
import { messagesFor } from '../../src/shared/locale/index.ts';
import { CsvFileWriter } from '../../src/report/csv-writer.ts';
import type { ColumnSpec, CsvDialect } from '../../src/report/types.ts';
import { businessDayOf } from '../../src/shared/business-day.ts';
import { silentLogger } from '../../src/shared/log.ts';
import { createFixtureWarehouse, DAY, ZONE, type Fixture } from './fixture.ts';

let fixture: Fixture;

async function writeAll(outDir: string, csvDialect: CsvDialect, csvWriter: 'copy' | 'stream'): Promise<void> {
  await writeReports(
    { db: fixture.warehouse.connection, logger: silentLogger },
    {
      day: businessDayOf(DAY, ZONE),
      outDir,
      maskDocuments: true,
      csvDialect,
      locale: 'pt-BR',
      fileMode: '0600',
      definitions: REPORTS,
      checksOff: [],
      // Every line of the forecast's horizon: more rows through both writers.
      settlement: settlementSchema.parse({ linesDays: 90 }),
      csvWriter,
    },
  );
}

beforeAll(async () => {
  fixture = await createFixtureWarehouse();
  for (const dialect of ['rfc4180', 'br'] as const) {
    for (const writer of ['copy', 'stream'] as const) await writeAll(join(fixture.dir, `${dialect}-${writer}`), dialect, writer);
  }
});
afterAll(() => {
  fixture.warehouse.close();
  rmSync(fixture.dir, { recursive: true, force: true });
});

const csvFilesOf = (dir: string) =>
  readdirSync(dir)
    .filter((f) => f.endsWith('.csv'))
    .sort();

describe('every report CSV of a night, by COPY and by the streaming writer', () => {
  it.each(['rfc4180', 'br'] as const)('%s: the same files, byte for byte, 0600', (dialect) => {
    const copied = join(fixture.dir, `${dialect}-copy`, DAY);
    const streamed = join(fixture.dir, `${dialect}-stream`, DAY);
    const files = csvFilesOf(copied);
    expect(files).toEqual(csvFilesOf(streamed));
    expect(files.length).toBeGreaterThanOrEqual(REPORTS.length);
    for (const file of files) {
      expect({ file, text: readFileSync(join(copied, file), 'utf8') }).toEqual({ file, text: readFileSync(join(streamed, file), 'utf8') });
      expect(statSync(join(copied, file)).mode & 0o777).toBe(0o600);
    }
    // Not a night of empty files: the comparison saw rows with the fixture's formula starts.
    expect(readFileSync(join(copied, 'discrepancies.csv'), 'utf8')).toContain(`'=HYPERLINK`);
  });
});

const TEXT: ColumnSpec = { key: 'text', header: 'item', type: 'text' };
const DOCUMENT: ColumnSpec = { key: 'document', header: 'item', type: 'text', mask: 'document' };

describe('hostile cells, through both writers', () => {
  it.each([
    ['a formula', '=1+1'],
    ['a full-width plus behind spaces', '  \uFF0B1'],
    ['a formula behind a bidi override and a NUL-free control', '\u202E\u0007=cmd'],
    ['a leading tab', '\tx'],
    ['a leading LF', '\nx'],
    ['a quote and a delimiter', 'a "b", c; d'],
    ['C1 controls and ESC', 'x\u009b31m\u001b[0m'],
    ['an isolate and a kept mark', 'a\u2066b\u200Fc'],
    ['text that is only removed characters', '\u202E\u0001'],
    ['the empty string', ''],
    ['emoji and accents', 'não 🙂'],
  ])('%s', async (_, value) => {
    for (const dialect of ['rfc4180', 'br'] as const) {
      const sql = `SELECT CAST($v AS VARCHAR) AS text, '123.456.789-01' AS document UNION ALL SELECT NULL, $v UNION ALL SELECT $v, '12345678000190'`;
      const params = { v: value };
      const columns = [TEXT, DOCUMENT];
      const options = { dialect, maskDocuments: true, timezone: ZONE };
      const copied = join(fixture.dir, `cell-${dialect}.copy.csv`);
      const streamed = join(fixture.dir, `cell-${dialect}.stream.csv`);
      rmSync(copied, { force: true });
      rmSync(streamed, { force: true });
      await copyCsv(fixture.warehouse.connection, { sql, params, columns, options, path: copied, mode: 0o600, label: { report: 'cells' } });
      const writer = await CsvFileWriter.open(streamed, columns, { ...options, mode: 0o600 });
      await writer.writeRows([
        ['' === value ? '' : value, '123.456.789-01'],
        [null, value],
        [value, '12345678000190'],
      ]);
      await writer.close();
      expect(readFileSync(copied, 'utf8')).toBe(readFileSync(streamed, 'utf8'));
    }
  });
});

describe('the copy for people (.br.csv), through both writers', () => {
  const columns: ColumnSpec[] = [
    { key: 'transaction_id', header: 'transaction', type: 'text' },
    { key: 'installments', header: 'installments', type: 'integer' },
    { key: 'amount_cents', header: 'expectedAmount', type: 'cents' },
    { key: 'due_date', header: 'dueDate', type: 'date' },
    { key: 'sold_at', header: 'soldAt', type: 'instant' },
    { key: 'partial', header: 'partialDay', type: 'boolean' },
  ];

  it('writes the workbook headers and its yes/no words, byte for byte', async () => {
    const sql = `SELECT * FROM (VALUES ('=T1', 3, -12345, DATE '2026-03-31', TIMESTAMPTZ '2026-03-31T02:59:59Z', true),
      (NULL, NULL, 5, NULL, NULL, false), ('T;"3"', 1, 0, DATE '2026-04-01', TIMESTAMPTZ '2026-04-01T12:00:00Z', NULL))
      AS v(transaction_id, installments, amount_cents, due_date, sold_at, partial)`;
    const people = messagesFor('pt-BR');
    const options = { dialect: 'br' as const, maskDocuments: true, timezone: ZONE, people };
    const copied = join(fixture.dir, 'people.copy.csv');
    const streamed = join(fixture.dir, 'people.stream.csv');
    await copyCsv(fixture.warehouse.connection, { sql, params: {}, columns, options, path: copied, mode: 0o600, label: { report: 'people' } });
    const writer = await CsvFileWriter.open(streamed, columns, { ...options, mode: 0o600 });
    const at = (iso: string) => Date.parse(iso);
    await writer.writeRows([
      ['=T1', 3, -12345n, '2026-03-31', at('2026-03-31T02:59:59Z'), true],
      [null, null, 5n, null, null, false],
      ['T;"3"', 1, 0n, '2026-04-01', at('2026-04-01T12:00:00Z'), null],
    ]);
    await writer.close();
    const text = readFileSync(copied, 'utf8');
    expect(text).toBe(readFileSync(streamed, 'utf8'));
    expect(text).toContain(people.fmt.boolean(true));
  });

  it.each<[string, boolean, ColumnSpec]>([
    ['plain text', true, { key: 'k', header: 'item', type: 'text' }],
    ['a yes/no', true, { key: 'k', header: 'item', type: 'boolean' }],
    ['a rate, shown as 3,49 %', false, { key: 'k', header: 'item', type: 'rate' }],
    ['a category label', false, { key: 'k', header: 'item', type: 'text', display: 'category' }],
    ['a reason from its facts', false, { key: 'k', header: 'item', type: 'text', display: 'reason' }],
  ])('%s: by COPY %s', (_name, copied, column) => {
    expect(copiesForPeople([TEXT, column])).toBe(copied);
  });
});
