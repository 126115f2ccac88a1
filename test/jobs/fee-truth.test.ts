// The fee check against the sandbox's ground truth: histories with mispriced sales planted among the
// natural ones, night after night, through a fault-free and a flaky service. The findings new on each
// night are exactly the planted discrepancies of every category, fee_mismatch included, and each night's
// price snapshot took two installment calls per brand it priced.
import { readFileSync } from 'node:fs';
import { afterAll, describe, expect, it, vi } from 'vitest';
import { generateHistory } from '../../src/sandbox/index.ts';
import { removeTruthDirs, runTruthNights } from './truth-nights.ts';

// Every report of every night is written, its workbooks empty: the scoring reads none (without-workbooks.ts).
vi.mock('../../src/report/xlsx-writer.ts', async (original) => (await import('./without-workbooks.ts')).withoutWorkbooks(await original()));
afterAll(removeTruthDirs);

async function scoreSeed(seed: number, faults: 'none' | 'flaky') {
  const history = generateHistory({ seed, days: 8, perDay: 60, endDate: '2026-03-20', discrepancyRate: 0.04, mispricedRate: 0.03 });
  const nights: { calls: number; brands: number; unpriced: number; summaryCalls: unknown }[] = [];
  const { expected, found } = await runTruthNights({
    history,
    prefix: `recon-fees-${seed}-`,
    sandbox: { faults, faultSeed: seed },
    config: () => ({ fees: { check: 'passed-to-customer' } }),
    afterNight: async ({ outcome }) => {
      const summary = JSON.parse(readFileSync(outcome.summaryFile, 'utf8')) as { fees: { calls: number } };
      nights.push({ calls: outcome.fees.calls, brands: outcome.fees.proportional.length, unpriced: outcome.fees.unpriced, summaryCalls: summary.fees.calls });
    },
  });
  return { expected, found, nights };
}

function score(expected: string[], found: string[]) {
  const truth = new Set(expected);
  const hits = found.filter((f) => truth.has(f)).length;
  return { precision: found.length === 0 ? 1 : hits / found.length, recall: expected.length === 0 ? 1 : hits / expected.length };
}

// One seed through a fault-free service and one through a flaky one: each plants fifteen or more
// mispriced sales and every other category at least once, so a third seed adds placements, not cases.
describe('fee check against the ground truth', () => {
  it.each([
    [11, 'none'],
    [13, 'flaky'],
  ] as const)(
    'finds exactly the planted discrepancies, mispriced sales included (seed %i, faults %s)',
    async (seed, faults) => {
      const { expected, found, nights } = await scoreSeed(seed, faults);
      expect(expected.filter((e) => e.includes(' fee_mismatch:')).length).toBeGreaterThanOrEqual(5);
      expect(found).toEqual(expected);
      expect(score(expected, found)).toEqual({ precision: 1, recall: 1 });
      for (const night of nights) {
        // Two calls per brand (its rates at the reference value and the check at a second one), no more.
        expect(night.calls).toBe(2 * night.brands);
        expect(night.brands).toBeGreaterThan(0);
        expect(night.unpriced).toBe(0);
        expect(night.summaryCalls).toBe(night.calls);
      }
    },
    180_000,
  );
});
