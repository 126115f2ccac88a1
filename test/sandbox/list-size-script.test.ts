// scripts/sandbox-list-size.ts, run as a person runs it, on a short history: a line per night whose list is
// its new and open findings, the findings of its merchant's acts resolved on later nights, and the last
// night's list by category. The 30 nights it is meant for take minutes; six small ones show the same.
import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';

const run = promisify(execFile);
const script = (...args: string[]) =>
  run(process.execPath, ['bin/run-ts.js', 'scripts/sandbox-list-size.ts', '--nights', '6', '--per-day', '40', '--end', '2026-03-20', ...args]);

/** The night lines: date, new, open, resolved, list, stuck. */
function nightsOf(stdout: string): { date: string; figures: number[] }[] {
  return stdout
    .split('\n')
    .filter((line) => /^\d{4}-\d{2}-\d{2} /.test(line))
    .map((line) => {
      const [date = '', ...figures] = line.trim().split(/\s+/);
      return { date, figures: figures.map(Number) };
    });
}

describe('the sandbox list-size script', () => {
  // Without the merchant's acts (--still) nothing resolves; that run would only double this file's time.
  it('prints the list per night, the findings its merchant acts on resolving', async () => {
    const { stdout } = await script();
    const nights = nightsOf(stdout);
    expect(nights.map((n) => n.date)).toEqual(['2026-03-15', '2026-03-16', '2026-03-17', '2026-03-18', '2026-03-19', '2026-03-20']);
    for (const { figures } of nights) {
      const [fresh = 0, open = 0, , list = 0, stuck = 0] = figures;
      expect(figures).toHaveLength(5);
      expect(list).toBe(fresh + open);
      expect(stuck).toBeLessThanOrEqual(list);
    }
    expect(nights.reduce((sum, n) => sum + (n.figures[2] ?? 0), 0)).toBeGreaterThan(0);
    expect(stdout).toContain("the last night's list by category:");
  }, 240_000);
});
