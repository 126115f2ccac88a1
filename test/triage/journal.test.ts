// The triage journal: appends survive, concurrent writers never interleave, bad lines are reported and
// skipped without failing the read.
import { execFile } from 'node:child_process';
import { appendFileSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, describe, expect, it } from 'vitest';
import { appendEvents, journalPathFor, readJournal } from '../../src/triage/journal.ts';
import { isReconError } from '../../src/shared/errors.ts';
import { checkpointPathFor } from '../../src/triage/journal-read.ts';
import { sayError } from '../../src/shared/locale/error-text.ts';
import type { Said } from '../../src/shared/locale/log-params.ts';

/** A problem as the English log says it. */
const english = (said: Said) => (typeof said === 'string' ? said : sayError('en', said));

const dir = mkdtempSync(join(tmpdir(), 'recon-journal-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));
const run = promisify(execFile);

describe('the triage journal', () => {
  it('lives beside the warehouse and reads back what was appended, in order', async () => {
    const journal = journalPathFor(join(dir, 'a', 'recon.duckdb'));
    expect(journal).toBe(join(dir, 'a', 'recon.duckdb.triage', 'journal.ndjson'));
    appendEvents(journal, [{ by: 'ana', via: 'cli', action: 'ack', key: 'k:1', note: 'known', fp: 'abc' }], { nowMs: Date.UTC(2024, 2, 15) });
    appendEvents(journal, [{ by: 'bia', via: 'page', action: 'assign', key: 'k:1', to: 'caio' }], { nowMs: Date.UTC(2024, 2, 16) });
    const { events, problems } = await readJournal(journal);
    expect(problems).toEqual([]);
    expect(events.map((e) => [e.action, e.by, e.at])).toEqual([
      ['ack', 'ana', '2024-03-15T00:00:00.000Z'],
      ['assign', 'bia', '2024-03-16T00:00:00.000Z'],
    ]);
  });

  it('a missing journal is empty', async () => {
    expect(await readJournal(join(dir, 'none', 'journal.ndjson'))).toEqual({ events: [], problems: [], skipped: 0 });
  });

  it('refuses a note too long for one atomic line, as bad input', () => {
    const journal = journalPathFor(join(dir, 'b', 'recon.duckdb'));
    let error: unknown;
    try {
      appendEvents(journal, [{ by: 'ana', via: 'cli', action: 'note', key: 'k', note: 'é'.repeat(1001) }], { nowMs: 0 });
    } catch (e) {
      error = e;
    }
    expect(isReconError(error, 'input')).toBe(true);
    expect((error as Error).message).toMatch(/note: Too big|at most/i);
  });

  it('reports malformed, foreign, oversized and cut lines by number and keeps the good ones', async () => {
    const journal = journalPathFor(join(dir, 'c', 'recon.duckdb'));
    appendEvents(journal, [{ by: 'ana', via: 'cli', action: 'note', key: 'k', note: 'one' }], { nowMs: 0 });
    appendFileSync(journal, 'not json\n{"v":2}\n');
    appendFileSync(journal, `${'y'.repeat(10_000)}\n`);
    appendEvents(journal, [{ by: 'ana', via: 'cli', action: 'note', key: 'k', note: 'two' }], { nowMs: 0 });
    const good = readFileSync(journal, 'utf8')
      .split('\n')
      .find((line) => line !== '')!;
    appendFileSync(journal, good); // a duplicate of line 1 (same id) cut before its newline
    const { events, problems } = await readJournal(journal);
    expect(events.map((e) => e.note)).toEqual(['one', 'two']);
    // Each event's line is written after a newline of its own (lines 1 and 6 are empty).
    expect(problems.map((p) => p.line)).toEqual([3, 4, 5, 8]);
    expect(english(problems[0]!.problem)).toBe('not JSON');
    expect(english(problems[1]!.problem)).toMatch(/not a triage event/);
    expect(english(problems[2]!.problem)).toMatch(/longer than 4096 bytes/);
    expect(english(problems[3]!.problem)).toMatch(/no newline/);
  });

  it('loses only the fragment a failed write left, never the next event appended after it', async () => {
    const journal = journalPathFor(join(dir, 'e', 'recon.duckdb'));
    appendEvents(journal, [{ by: 'ana', via: 'cli', action: 'note', key: 'k', note: 'one' }], { nowMs: 0 });
    appendFileSync(journal, '{"v":1,"id":"cut-by-a-full-disk'); // a write that stopped part way
    appendEvents(journal, [{ by: 'bia', via: 'page', action: 'note', key: 'k', note: 'two' }], { nowMs: 0 });
    const { events, problems } = await readJournal(journal);
    expect(events.map((e) => e.note)).toEqual(['one', 'two']);
    expect(problems).toHaveLength(1);
    expect(english(problems[0]!.problem)).toBe('not JSON');
  });

  it('four processes appending at once: every line whole, none lost', async () => {
    const journal = journalPathFor(join(dir, 'd', 'recon.duckdb'));
    const perProcess = 150;
    await Promise.all(
      ['p1', 'p2', 'p3', 'p4'].map((who) => run(process.execPath, ['bin/run-ts.js', 'test/triage/append-many.ts', journal, who, String(perProcess)])),
    );
    const { events, problems } = await readJournal(journal);
    expect(problems).toEqual([]);
    expect(events).toHaveLength(4 * perProcess);
    for (const who of ['p1', 'p2', 'p3', 'p4']) {
      const notes = events.filter((e) => e.by === who).map((e) => Number(e.note?.split(' ')[2]));
      expect(notes).toEqual(Array.from({ length: perProcess }, (_, i) => i));
    }
  });

  it('reads from its checkpoint: only what was appended since, the same events and count as a read from the start', async () => {
    const journal = journalPathFor(join(dir, 'f', 'recon.duckdb'));
    appendEvents(journal, [{ by: 'ana', via: 'cli', action: 'note', key: 'k', note: 'one' }], { nowMs: 0 });
    appendFileSync(journal, 'junk\njunk\n');
    const first = await readJournal(journal);
    expect(readFileSync(checkpointPathFor(journal), 'utf8')).toContain('"offset"');
    appendEvents(journal, [{ by: 'bia', via: 'cli', action: 'note', key: 'k', note: 'two' }], { nowMs: 0 });
    appendFileSync(journal, 'junk\n');
    const second = await readJournal(journal);
    expect(first.events.map((e) => e.note)).toEqual(['one']);
    expect(second.events.map((e) => e.note)).toEqual(['one', 'two']);
    expect(second.skipped).toBe(3);
    expect(second.problems.map((p) => p.line)).toEqual([3, 4, 7]);
    // The journal replaced by another of another history: the checkpoint no longer fits and is ignored.
    writeFileSync(journal, '');
    appendEvents(journal, [{ by: 'caio', via: 'cli', action: 'note', key: 'k', note: 'three' }], { nowMs: 0 });
    const third = await readJournal(journal);
    expect(third.events.map((e) => e.note)).toEqual(['three']);
    expect(third.skipped).toBe(0);
  });

  it.each([
    { bound: 'journalMaxLines', bounds: { maxBytes: 1 << 20, maxLines: 1000 }, reason: /journalMaxLines \(1000 lines\)/ },
    { bound: 'journalMaxBytes', bounds: { maxBytes: 4000, maxLines: 1_000_000 }, reason: /journalMaxBytes \(4000 bytes\)/ },
  ])('a read stops at $bound and says so once', async ({ bound, bounds, reason }) => {
    const journal = journalPathFor(join(dir, `g-${bound}`, 'recon.duckdb'));
    appendEvents(journal, [{ by: 'ana', via: 'cli', action: 'note', key: 'k', note: 'kept' }], { nowMs: 0 });
    appendFileSync(journal, 'x\n'.repeat(5000));
    const read = await readJournal(journal, bounds);
    expect(read.events.map((e) => e.note)).toEqual(['kept']);
    expect(read.problems.filter((p) => reason.test(english(p.problem)))).toHaveLength(1);
    expect(read.problems.length).toBeLessThanOrEqual(21);
  });

  it('refuses an append past triage.journalMaxBytes, writing nothing', () => {
    const journal = journalPathFor(join(dir, 'h', 'recon.duckdb'));
    appendEvents(journal, [{ by: 'ana', via: 'cli', action: 'note', key: 'k', note: 'one' }], { nowMs: 0, maxBytes: 1000 });
    const before = readFileSync(journal, 'utf8');
    let error: unknown;
    try {
      appendEvents(journal, [{ by: 'ana', via: 'cli', action: 'note', key: 'k', note: 'x'.repeat(900) }], { nowMs: 0, maxBytes: 1000 });
    } catch (e) {
      error = e;
    }
    expect(isReconError(error, 'input')).toBe(true);
    expect((error as Error).message).toMatch(/is full \(triage\.journalMaxBytes, 1000 bytes\)/);
    expect(readFileSync(journal, 'utf8')).toBe(before);
  });
});
