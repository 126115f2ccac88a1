// The lines a backfill prints as its nights end, in each locale: the skipped night and the closing line
// (a finished night's line is checked end to end in backfill-interrupt.test.ts).
import { describe, expect, it } from 'vitest';
import { lineForBackfillEnd, lineForBackfillNight } from '../../src/cli/print-backfill.ts';

const nights = [
  { date: '2026-11-20', skipped: true },
  { date: '2026-11-21', skipped: true },
  { date: '2026-11-22', skipped: true },
];

describe('backfill lines', () => {
  it.each([
    [
      'pt-BR',
      '20/11/2026 (1 de 3): pulada (já concluída; --force a executa de novo)',
      'Reprocessamento de 20/11/2026 a 22/11/2026: 0 noite(s) executada(s), 3 pulada(s).',
    ],
    ['en', '2026-11-20 (1 of 3): skipped (already done; --force re-runs it)', 'Backfill 2026-11-20 to 2026-11-22: 0 nights run, 3 skipped.'],
  ] as const)('%s', (locale, skipped, end) => {
    expect(lineForBackfillNight(nights[0]!, 1, 3, locale)).toBe(skipped);
    expect(lineForBackfillEnd(nights, locale)).toBe(end);
  });

  it('says nothing of a range when there were no nights', () => {
    expect(lineForBackfillEnd([], 'en')).toBe('Backfill: 0 nights run, 0 skipped.');
  });
});
