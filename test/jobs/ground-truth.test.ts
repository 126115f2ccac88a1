// Precision and recall against the sandbox's ground truth: night after night, the findings that are new
// on each business day are exactly the discrepancies the generator injected for that day.
import { afterAll, describe, expect, it } from 'vitest';
import { generateHistory } from '../../src/sandbox/index.ts';
import { removeTruthDirs, runTruthNights } from './truth-nights.ts';

afterAll(removeTruthDirs);

function scoreSeed(seed: number, faults: 'none' | 'flaky' = 'none') {
  const history = generateHistory({ seed, days: 12, perDay: 60, endDate: '2026-03-20', discrepancyRate: 0.06 });
  return runTruthNights({ history, prefix: `recon-truth-${seed}-`, sandbox: { faults, faultSeed: seed } });
}

describe('ground truth', () => {
  // Twelve whole nights take 9-15 s alone, but several times that beside the other whole-night suites
  // (fees, notifications) on two shared cores: the limit is for a hang, not for a slow machine.
  // Three seeds here; the fee, notification and bank suites score every category again on seven more.
  it.each([1, 2, 3])(
    'finds exactly the injected discrepancies, night after night (seed %i)',
    async (seed) => {
      const { expected, found } = await scoreSeed(seed);
      expect(expected.length).toBeGreaterThan(10);
      expect(found).toEqual(expected);
    },
    180_000,
  );

  it('keeps precision and recall at 100% through a flaky service', async () => {
    const { expected, found } = await scoreSeed(6, 'flaky');
    expect(found).toEqual(expected);
  }, 180_000);

  it('covers every category across the seeds', () => {
    const categories = new Set<string>();
    for (const seed of [1, 2, 3, 4, 5]) {
      for (const d of generateHistory({ seed, days: 12, perDay: 60, endDate: '2026-03-20', discrepancyRate: 0.06 }).discrepancies) categories.add(d.category);
    }
    expect(categories.size).toBe(13);
  });
});
