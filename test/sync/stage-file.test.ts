// Staged NDJSON lines cut from the response body: exact when provable, re-serialised otherwise; the
// lines always parse back to the listed rows, one per line; a window file's last line is ended too.
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { openStageFile, rowLinesBytes, rowLinesText } from '../../src/sync/stage-file.ts';

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
