// Which night is the latest: a folder in reports/ is not a night. A stray or future-dated folder (empty,
// or holding a summary.json copied from another night) is listed, but the newest night a run wrote is
// the one whose summary.json parses and is of its own date.
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { latestRunNight, listNights } from '../../src/serve/nights.ts';

const dir = mkdtempSync(join(tmpdir(), 'recon-latest-night-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

function summaryOf(date: string): string {
  return JSON.stringify({ run_id: `run-${date}`, date, outcome: 'done', started_at: `${date}T05:00:00Z`, finished_at: `${date}T05:01:00Z` });
}

function night(name: string, summary?: string): void {
  mkdirSync(join(dir, name), { recursive: true });
  if (summary !== undefined) writeFileSync(join(dir, name, 'summary.json'), summary);
}

describe('latestRunNight', () => {
  it.each([
    ['no folder at all', [], undefined],
    ['one real night', [['2026-03-10', '2026-03-10']], '2026-03-10'],
    ['a stray empty future folder after it', [['2026-03-10', '2026-03-10'], ['2099-01-01']], '2026-03-10'],
    [
      'a future folder with a copied summary.json',
      [
        ['2026-03-10', '2026-03-10'],
        ['2099-01-01', '2026-03-10'],
      ],
      '2026-03-10',
    ],
    [
      'a future folder with a summary.json that does not parse',
      [
        ['2026-03-10', '2026-03-10'],
        ['2099-01-01', '{'],
      ],
      '2026-03-10',
    ],
    ['two real nights', [['2026-03-10', '2026-03-10'], ['2026-03-11', '2026-03-11'], ['2099-12-31']], '2026-03-11'],
  ] as [string, string[][], string | undefined][])('%s', async (name, folders, expected) => {
    const root = join(dir, name.replaceAll(' ', '-'));
    mkdirSync(root);
    for (const [folder, date] of folders)
      night(join(name.replaceAll(' ', '-'), folder!), date === undefined ? undefined : date === '{' ? '{' : summaryOf(date));
    const nights = await listNights(root, ['summary']);
    expect(nights.map((n) => n.date)).toEqual(
      folders
        .map(([f]) => f)
        .sort()
        .reverse(),
    );
    expect(latestRunNight(nights)?.date).toBe(expected);
  });
});
