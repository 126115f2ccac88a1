// The progress line's text: a bar only against a total the count has not passed, a spinner with the
// count and the rate otherwise (never `n/0`), byte counts with units.
import { describe, expect, it } from 'vitest';
import {
  formatBytes,
  formatElapsed,
  formatRate,
  lineForFinished,
  lineForProgress,
  type ProgressState,
  type ProgressWords,
} from '../../src/shared/progress-text.ts';
import { messagesFor } from '../../src/shared/locale/index.ts';

const at = (state: Partial<ProgressState>): ProgressState => ({ label: 'sync', done: 0, unit: 'rows', elapsedMs: 0, ...state });

describe('formatBytes', () => {
  it.each([
    [0, '0 B'],
    [1023, '1023 B'],
    [1024, '1.0 KB'],
    [1536, '1.5 KB'],
    [512 * 1024, '512 KB'],
    [12.34 * 1024 ** 2, '12.3 MB'],
    [345 * 1024 ** 2, '345 MB'],
    [1.5 * 1024 ** 3, '1.50 GB'],
    [2 * 1024 ** 4, '2.00 TB'],
  ])('%d bytes read %s', (bytes, text) => {
    expect(formatBytes(bytes)).toBe(text);
  });
});

describe('formatRate and formatElapsed', () => {
  it.each([
    [36084, 12_000, 'rows', '3,007 rows/s'],
    [5, 2000, 'rows', '2.5 rows/s'],
    [3 * 1024 ** 2, 2000, 'bytes', '1.5 MB/s'],
    [100, 999, 'rows', undefined],
  ] as const)('%d %s in %d ms: %s', (done, ms, unit, text) => {
    expect(formatRate(done, ms, unit)).toBe(text);
  });

  it.each([
    [0, '0 s'],
    [59_999, '59 s'],
    [65_000, '1 min 05 s'],
    [3_780_000, '1 h 03 min'],
  ])('%d ms read %s', (ms, text) => {
    expect(formatElapsed(ms)).toBe(text);
  });
});

describe('lineForProgress', () => {
  it.each([
    ['unknown total', at({ done: 36084, elapsedMs: 12_000 }), '⠋ sync 36,084 rows · 3,007 rows/s · 12 s'],
    ['a total of 0 is unknown', at({ done: 36084, total: 0, elapsedMs: 12_050 }), '⠋ sync 36,084 rows · 2,995 rows/s · 12 s'],
    ['a count past its total', at({ done: 120, total: 100, elapsedMs: 150 }), '⠙ sync 120 rows · 0 s'],
    [
      'a known total in bytes',
      at({ label: 'import a.csv', done: 1024 ** 2, total: 4 * 1024 ** 2, unit: 'bytes', elapsedMs: 2000 }),
      'import a.csv [███████░░░░░░░░░░░░░░░░░░░░░░░] 25% 1.0 MB / 4.0 MB · 512 KB/s · 2 s',
    ],
    ['a known total of rows', at({ done: 50, total: 200, elapsedMs: 500 }), 'sync [███████░░░░░░░░░░░░░░░░░░░░░░░] 25% 50 / 200 rows · 0 s'],
  ])('%s', (_name, state, line) => {
    const text = lineForProgress(state, 100);
    expect(text).toBe(line);
    expect(text).not.toMatch(/\/\s*0\b/);
  });

  it('keeps to the width: a narrower bar, then no bar, then a cut line', () => {
    const state = at({ label: 'import orders.csv', done: 10, total: 20, unit: 'bytes', elapsedMs: 1000 });
    for (const width of [80, 50, 40, 20]) expect(lineForProgress(state, width).length).toBeLessThanOrEqual(width);
    expect(lineForProgress(state, 80)).toMatch(/^import orders\.csv \[█{14}░{15}\] 50%/);
    expect(lineForProgress(state, 65)).toMatch(/^import orders\.csv \[█{7}░{7}\] 50%/);
    expect(lineForProgress(state, 50)).toBe('import orders.csv 50% 10 B / 20 B · 10 B/s · 1 s');
    expect(lineForProgress(state, 40)).toBe('import orders.csv 50% 10 B / 20 B · 10 …');
    expect(lineForProgress(at({ done: 5, elapsedMs: 0 }), 8)).toBe('⠋ sync …');
  });
});

describe('lineForFinished', () => {
  it.each([
    ['unknown total', at({ done: 36084, elapsedMs: 12_000 }), 'sync: 36,084 rows in 12 s (3,007 rows/s)'],
    ['reached its total', at({ label: 'import a.csv', done: 2048, total: 2048, unit: 'bytes', elapsedMs: 1500 }), 'import a.csv: 2.0 KB in 1 s (1.3 KB/s)'],
    ['cut short', at({ label: 'import a.csv', done: 1024, total: 4096, unit: 'bytes', elapsedMs: 1000 }), 'import a.csv: 1.0 KB / 4.0 KB in 1 s (1.0 KB/s)'],
    ['one night', at({ label: 'backfill', done: 1, unit: 'nights', elapsedMs: 500 }), 'backfill: 1 night in 0 s'],
  ])('%s', (_name, state, line) => {
    expect(lineForFinished(state)).toBe(line);
  });
});

describe('in pt-BR', () => {
  const pt = messagesFor('pt-BR');
  const words: ProgressWords = { ...pt.progress, fmt: pt.fmt };
  it.each([
    ['unknown total', at({ done: 36084, elapsedMs: 12_000 }), 'sync: 36.084 linhas em 12 s (3.007 linhas/s)'],
    ['slow', at({ done: 5, elapsedMs: 2000 }), 'sync: 5 linhas em 2 s (2,5 linhas/s)'],
    ['bytes', at({ label: 'import a.csv', done: 1024, total: 4096, unit: 'bytes', elapsedMs: 1000 }), 'import a.csv: 1,0 KB / 4,0 KB em 1 s (1,0 KB/s)'],
    ['one night', at({ label: 'backfill', done: 1, unit: 'nights', elapsedMs: 65_000 }), 'backfill: 1 noite em 1 min 05 s (0,0 noites/s)'],
  ])('%s', (_name, state, line) => {
    expect(lineForFinished(state, words)).toBe(line);
  });
});
