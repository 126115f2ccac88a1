// The data rows written as XML (src/report/xlsx-row-xml.ts) against the same rows through exceljs's Row
// and Cell: every part of the workbook byte for byte (but the creation time exceljs stamps), for rows
// of every column type, escapes, empty and missing values, wrapped (taller) rows, a sheet long enough
// to stream before its end, totals and notes after the rows, and the sheets after it.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { open as openZip, type Entry, type ZipFile } from 'yauzl';
import { afterAll, describe, expect, it } from 'vitest';
import { XlsxFileWriter } from '../../src/report/xlsx-writer.ts';
import type { CellValue, ColumnSpec } from '../../src/report/types.ts';
import { messagesFor } from '../../src/shared/locale/index.ts';

const dir = mkdtempSync(join(tmpdir(), 'recon-row-xml-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const COLUMNS: ColumnSpec[] = [
  { key: 'id', header: 'item', type: 'text' },
  { key: 'amount', header: 'orderAmount', type: 'cents' },
  { key: 'count', header: 'sales', type: 'integer' },
  { key: 'rate', header: 'effectiveRateBp', type: 'rate' },
  { key: 'at', header: 'since', type: 'instant' },
  { key: 'day', header: 'due', type: 'date' },
  { key: 'flag', header: 'overdue', type: 'boolean' },
  { key: 'reason', header: 'reason', type: 'text', width: 40 },
];

const TEXTS = ['plain', 'a & b < c > d "q" \'s\'', '', ' leading and trailing ', 'línea\ncom quebra', 'ctrl\u0001\u0008char', '€ ção 日本', 'x'.repeat(300)];

function rowOf(i: number): CellValue[] {
  // A row of only empty cells: exceljs writes no row for it (the first rows of both sheets are such).
  if (i % 11 === 0) return COLUMNS.map(() => null);
  const none = i % 7 === 3;
  return [
    `I${i}`,
    none ? null : BigInt((i % 2 ? -1 : 1) * (i * 12_345 + 7)),
    none ? null : BigInt(i),
    none ? null : BigInt(i % 10_000),
    none ? null : 1_774_000_000_000 + i * 61_001,
    none ? null : `2026-03-${String((i % 28) + 1).padStart(2, '0')}`,
    none ? null : i % 2 === 0,
    TEXTS[i % TEXTS.length] ?? null,
  ];
}

async function writeWorkbook(path: string, rowsAsXml: boolean): Promise<void> {
  const messages = messagesFor('pt-BR');
  const page = { timezone: 'America/Sao_Paulo', maskDocuments: true, messages, day: '2026-03-31' };
  const xlsx = await XlsxFileWriter.open(path, 0o600, { rowsAsXml });
  try {
    // Longer than the rows held back before a sheet starts streaming (5,000).
    const long = xlsx.addSheet('Long', COLUMNS, { ...page, totals: ['amount', 'count'], printColumns: ['id', 'amount'] });
    for (let from = 0; from < 5_200; from += 1_000) {
      long.writeRows(Array.from({ length: 1_000 }, (_, k) => rowOf(from + k)));
      await long.drain();
    }
    long.finish([{ label: 'note', text: 'after the rows' }]);
    const short = xlsx.addSheet('Short', COLUMNS, { ...page, totals: ['amount'] });
    short.writeRows(Array.from({ length: 40 }, (_, k) => rowOf(k)));
    short.finish();
    xlsx.addSheet('Empty', COLUMNS, page).finish([], 'nothing today');
    await xlsx.commit();
  } finally {
    xlsx.abort();
  }
}

function entriesOf(path: string): Promise<Map<string, Buffer>> {
  return new Promise((resolve, reject) => {
    openZip(path, { lazyEntries: true }, (error, zip?: ZipFile) => {
      if (error || !zip) return reject(error);
      const parts = new Map<string, Buffer>();
      zip.on('entry', (entry: Entry) => {
        zip.openReadStream(entry, (failed, stream) => {
          if (failed || !stream) return reject(failed);
          const chunks: Buffer[] = [];
          stream.on('data', (c: Buffer) => chunks.push(c));
          stream.on('end', () => {
            parts.set(entry.fileName, Buffer.concat(chunks));
            zip.readEntry();
          });
        });
      });
      zip.on('end', () => resolve(parts));
      zip.on('error', reject);
      zip.readEntry();
    });
  });
}

describe('data rows written as XML', () => {
  it('write the workbook exceljs writes from the same rows, byte for byte', async () => {
    const [asXml, throughExceljs] = [join(dir, 'xml.xlsx'), join(dir, 'exceljs.xlsx')];
    await writeWorkbook(asXml, true);
    await writeWorkbook(throughExceljs, false);
    const [mine, theirs] = await Promise.all([entriesOf(asXml), entriesOf(throughExceljs)]);
    expect([...mine.keys()].sort()).toEqual([...theirs.keys()].sort());
    const long = mine.get('xl/worksheets/sheet1.xml')?.toString('utf8') ?? '';
    // The sheet holds every row, a wrapped one taller, and the escapes (the comparison is not of two empty parts).
    expect(long).toContain('<row r="5201"');
    expect(long).toMatch(/<row r="\d+" ht="\d+" customHeight="1"/);
    expect(long).toContain('a &amp; b &lt; c &gt; d &quot;q&quot; &apos;s&apos;');
    for (const [name, bytes] of mine) {
      // The one part that differs: when each file was made.
      if (name === 'docProps/core.xml') continue;
      expect(bytes.equals(theirs.get(name) ?? Buffer.alloc(0)), name).toBe(true);
    }
  });
});
