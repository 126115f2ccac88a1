// Staged NDJSON lines cut from the response body: exact when provable, re-serialised otherwise; the
// lines always parse back to the listed rows, one per line; a window file's last line is ended too.
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { openStageFile, pickLines, rowLinesBytes, rowLinesText } from '../../src/sync/stage-file.ts';

const rowA = { transaction_id: 'a', note: 'x' };
const rowB = { transaction_id: 'b', note: 'y' };

function linesOf(text: string): unknown[] {
  return text.split('\n').map((line) => JSON.parse(line));
}

describe('rowLinesText / rowLinesBytes', () => {
  it.each<[string, string, 'cut' | 'serialised' | 'none']>([
    ['compact', JSON.stringify({ total: 2, page: 1, offset: 1, transactions: [rowA, rowB] }), 'cut'],
    ['a brace pair inside a string', JSON.stringify({ total: 2, page: 1, offset: 1, transactions: [{ ...rowA, note: 'p},{q' }, rowB] }), 'serialised'],
    ['a nested object', JSON.stringify({ total: 2, page: 1, offset: 1, transactions: [{ ...rowA, extra: { k: 1 } }, rowB] }), 'serialised'],
    ['pretty-printed', JSON.stringify({ total: 2, page: 1, offset: 1, transactions: [rowA, rowB] }, null, 2), 'none'],
    ['spaces between rows', `{"total":2,"page":1,"offset":1,"transactions":[${JSON.stringify(rowA)}, ${JSON.stringify(rowB)}]}`, 'none'],
    ['rows not last in the envelope', `{"transactions":[${JSON.stringify(rowA)},${JSON.stringify(rowB)}],"total":2}`, 'none'],
  ])('%s', (_name, body, how) => {
    const rows = (JSON.parse(body) as { transactions: unknown[] }).transactions;
    const text = rowLinesText(body, 'transactions', rows);
    expect(linesOf(text)).toEqual(rows);
    const bytes = rowLinesBytes(Buffer.from(body), 'transactions', rows.length);
    if (how === 'cut') {
      expect(bytes?.toString()).toBe(text);
      expect(text).toBe(rows.map((r) => JSON.stringify(r)).join('\n'));
    } else {
      expect(bytes).toBeUndefined();
    }
  });

  it('keeps multi-byte text and an empty page', () => {
    const body = JSON.stringify({ total: 1, page: 1, offset: 1, transactions: [{ transaction_id: 'ç', name: 'JOÃO {' }] });
    expect(rowLinesBytes(Buffer.from(body), 'transactions', 1)).toBeUndefined();
    const plain = JSON.stringify({ total: 1, page: 1, offset: 1, transactions: [{ transaction_id: 'ç', name: 'JOÃO' }] });
    expect(JSON.parse(rowLinesBytes(Buffer.from(plain), 'transactions', 1)!.toString())).toEqual({ transaction_id: 'ç', name: 'JOÃO' });
    expect(rowLinesBytes(Buffer.from('{"transactions":[]}'), 'transactions', 0)?.length).toBe(0);
    expect(rowLinesText('{"transactions":[]}', 'transactions', [])).toBe('');
  });
});

describe('openStageFile', () => {
  it('ends every line with a newline, the last one included (DuckDB 1.5 misreads a multi-buffer file without one)', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'recon-stage-file-'));
    try {
      const file = await openStageFile(join(dir, 'w.ndjson'));
      await file.appendLines('{"a":1}\n{"a":2}');
      await file.appendLines(Buffer.from('{"a":3}'));
      await file.appendLines('');
      await file.finish();
      await file.close();
      expect(readFileSync(join(dir, 'w.ndjson'), 'utf8')).toBe('{"a":1}\n{"a":2}\n{"a":3}\n');
      const empty = await openStageFile(join(dir, 'empty.ndjson'));
      await empty.finish();
      await empty.close();
      expect(readFileSync(join(dir, 'empty.ndjson'), 'utf8')).toBe('');
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});

describe('pickLines', () => {
  // Lines of 1 byte to 2.5 MB: several straddle the reader's 1 MB chunks, one spans three of them.
  const lengths = [1, 10, 1_048_575, 3, 2_500_000, 7, 1_048_576, 0, 12, 5];
  const lines = lengths.map((n, i) => `{"i":${i},"t":"${'x'.repeat(n)}"}`);
  it.each<[string, number[]]>([
    ['the first and the last', [0, 9]],
    ['those straddling chunks', [2, 4, 6]],
    ['every line', lengths.map((_, i) => i)],
    ['one in the middle', [5]],
  ])('copies %s, in order, each whole', async (_name, places) => {
    const dir = mkdtempSync(join(tmpdir(), 'recon-pick-'));
    try {
      writeFileSync(join(dir, 'w.ndjson'), `${lines.join('\n')}\n`);
      expect(await pickLines(join(dir, 'w.ndjson'), places, join(dir, 'k.ndjson'))).toBe(places.length);
      expect(readFileSync(join(dir, 'k.ndjson'), 'utf8')).toBe(`${places.map((p) => lines[p]).join('\n')}\n`);
      await expect(pickLines(join(dir, 'w.ndjson'), [3, 10], join(dir, 'x.ndjson'))).rejects.toThrow(/holds 10 lines, fewer than the place 10/);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
