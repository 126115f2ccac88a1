// scripts/sandbox-list-size.ts, run as a person runs it, on a short stretch of a longer history: a line
// per night with its new, open, resolved and accepted findings and the list finance works (neither
// resolved nor accepted), the finance team's acceptances written through the triage journal, and the last
// night's findings by category. The 30 nights it is meant for take minutes; here the first nights of a
// longer history (so that nothing piles up on a last day) with more findings a day show the list level
// off once the merchant's service-side acts and its finance team's acceptances keep pace.
import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { beforeAll, describe, expect, it } from 'vitest';
import { SANDBOX_FINANCE_ACCEPTANCES } from '../../src/sandbox/index.ts';

const run = promisify(execFile);
const NIGHTS = 7;
const script = (...args: string[]) =>
  run(process.execPath, [
    'bin/run-ts.js',
    'scripts/sandbox-list-size.ts',
    ...['--nights', String(NIGHTS), '--days', '16', '--per-day', '20', '--rate', '0.4', '--end', '2026-03-20'],
    ...args,
  ]);

interface Night {
  date: string;
  fresh: number;
  open: number;
  resolved: number;
  accepted: number;
  list: number;
}

/** The night lines: date, new, open, resolved, accepted, list. */
function nightsOf(stdout: string): Night[] {
  return stdout
    .split('\n')
    .filter((line) => /^\d{4}-\d{2}-\d{2} /.test(line))
    .map((line) => {
      const [date = '', ...figures] = line.trim().split(/\s+/);
      expect(figures).toHaveLength(5);
      const [fresh = 0, open = 0, resolved = 0, accepted = 0, list = 0] = figures.map(Number);
      return { date, fresh, open, resolved, accepted, list };
    });
}

/** The last night's lines by category: category, in the list, accepted, the list's oldest in days. */
function categoriesOf(stdout: string): Map<string, { listed: number; accepted: number; oldest: number }> {
  const lines = stdout.split("the last night's findings by category")[1]?.split('\n').slice(1) ?? [];
  return new Map(
    lines
      .map((line) => line.trim().split(/\s+/))
      .filter((cells) => cells.length === 4)
      .map(([category = '', listed, accepted, oldest]) => [category, { listed: Number(listed), accepted: Number(accepted), oldest: Number(oldest) }]),
  );
}

describe('the sandbox list-size script', () => {
  // Without the finance team (--without-finance) or the merchant (--still) the list only grows; those runs
  // would only double this file's time.
  let stdout = '';
  let nights: Night[] = [];
  beforeAll(async () => {
    stdout = (await script()).stdout;
    nights = nightsOf(stdout);
  }, 240_000);

  it('prints a line per night, in order, whose list is its new and open findings less those accepted', () => {
    expect(nights.map((n) => n.date)).toEqual(['2026-03-05', '2026-03-06', '2026-03-07', '2026-03-08', '2026-03-09', '2026-03-10', '2026-03-11']);
    for (const n of nights) expect(n.list).toBe(n.fresh + n.open - n.accepted);
    expect(nights.reduce((sum, n) => sum + n.resolved, 0)).toBeGreaterThan(0);
    expect(nights.at(-1)?.accepted).toBeGreaterThan(0);
  });

  it('levels off: the last nights keep within a band and end no higher than they began', () => {
    const last = nights.slice(-4).map((n) => n.list);
    const first = last[0] ?? 0;
    expect(Math.max(...last) - Math.min(...last)).toBeLessThanOrEqual(Math.ceil(first / 4));
    expect(last.at(-1)).toBeLessThanOrEqual(first + Math.ceil(first / 10));
  });

  it("accepts each of its policy's categories once old enough, and leaves none that old in the list", () => {
    const categories = categoriesOf(stdout);
    let accepted = 0;
    for (const { category, olderThanDays } of SANDBOX_FINANCE_ACCEPTANCES) {
      const seen = categories.get(category) ?? { listed: 0, accepted: 0, oldest: 0 };
      accepted += seen.accepted;
      if (seen.listed > 0) expect(seen.oldest, category).toBeLessThan(olderThanDays);
    }
    expect(accepted).toBe(nights.at(-1)?.accepted);
  });

  it('accepts nothing outside its policy', () => {
    const policy = new Set<string>(SANDBOX_FINANCE_ACCEPTANCES.map((a) => a.category));
    const categories = categoriesOf(stdout);
    expect(categories.size).toBeGreaterThan(0);
    for (const [category, seen] of categories) if (!policy.has(category)) expect(seen.accepted).toBe(0);
  });
});
