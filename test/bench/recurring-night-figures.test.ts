// The recurring-night bench's arithmetic: which of recon's counts a stateless peer's must equal (the new
// ones of a rule of the day's activity; new and open of a rule of a state at the night's end), and where
// the night's seconds went, each report's share read off the night's JSON log.
import { describe, expect, it } from 'vitest';
import { compareCounts, nightSteps } from '../../bench/recurring-night-figures.ts';

describe('recon against the peer, category by category', () => {
  it.each([
    ['a finding of the day: the new ones', { refund_not_recorded: { new: 3, open: 2 } }, { refund_not_recorded: 3 }, true, 3],
    ['a finding of the day kept open by recon alone: not the peer', { cashout_failed: { new: 0, open: 1 } }, { cashout_failed: 0 }, true, 0],
    ['a stale review: new and open', { stale_review: { new: 1, open: 14 } }, { stale_review: 15 }, true, 15],
    ['a payout still pending: new and open', { cashout_stale_pending: { new: 0, open: 14 } }, { cashout_stale_pending: 14 }, true, 14],
    ['a category recon found none of', {}, { missing_payment: 0 }, true, 0],
    ['a category the peer does not compute is left out', { fee_mismatch: { new: 5, open: 0 } }, { missing_payment: 0 }, true, 0],
    ['one more by the peer', { missing_payment: { new: 1, open: 0 } }, { missing_payment: 2 }, false, 1],
    ['a stale review counted as new only', { stale_review: { new: 1, open: 14 } }, { stale_review: 1 }, false, 15],
  ])('%s', (_case, recon, peer, agree, findings) => {
    const comparison = compareCounts(recon, peer);
    expect({ agree: comparison.agree, findings: comparison.findings, compared: comparison.compared }).toEqual({ agree, findings, compared: Object.keys(peer) });
    expect(comparison.differ.map((d) => d.category)).toEqual(agree ? [] : Object.keys(peer));
  });
});

const line = (time: string, fields: Record<string, string>) => JSON.stringify({ time: `2026-04-01T05:30:${time}Z`, ...fields });

describe("the night's steps", () => {
  it.each([
    [
      'each report from the one before it, the first from the reports step',
      [
        line('00.000', { event: 'nightly.step', step: 'reports' }),
        line('01.500', { event: 'report.written', report: 'discrepancies' }),
        line('01.750', { event: 'report.written', report: 'refunds' }),
      ],
      { discrepancies: 1.5, refunds: 0.25 },
    ],
    [
      'a report written outside the reports step (the kept-out rows) is not counted',
      [
        line('00.000', { event: 'nightly.step', step: 'import' }),
        line('00.400', { event: 'report.written', report: 'orders_rejected' }),
        line('01.000', { event: 'nightly.step', step: 'reports' }),
        line('03.000', { event: 'report.written', report: 'forecast' }),
      ],
      { forecast: 2 },
    ],
    [
      'a line in words is skipped',
      ['aviso: algo', line('00.000', { event: 'nightly.step', step: 'reports' }), line('00.010', { event: 'report.written', report: 'fees' })],
      { fees: 0.01 },
    ],
  ])('%s', (_case, log, reports) => {
    const timings = { sync: 1.2, import: 0.5, total: 4 };
    expect(nightSteps(timings, log.join('\n'))).toEqual({ steps: { sync: 1.2, import: 0.5 }, reports });
  });
});
