// What a finished night prints on the terminal: where the reports are and the findings by category.
import type { NightlyOutcome } from '../../jobs/nightly.ts';
import { FINDING_CATEGORIES } from '../shared/domain.ts';
import { serveHintFor } from '../serve/open-hint.ts';
import { ownCommandFor } from './own-command.ts';

/** `configFile`: the --config the run used, so the printed `recon serve` command serves the same folders. */
export function textForNight(outcome: NightlyOutcome, source: 'service' | 'sandbox', configFile?: string): string {
  const { summary, reconcile } = outcome;
  const lines = [
    `Night ${summary.date} ${summary.outcome === 'done_with_warnings' ? 'done with warnings' : 'done'} in ${summary.timings['total']?.toFixed(1) ?? '?'} s${source === 'sandbox' ? ' on the built-in SANDBOX (no real money; set RECON_API_KEY and a config to use the service)' : ''}.`,
    `  synced: ${outcome.sync.windows} windows, ${outcome.sync.pages} pages, rows new ${outcome.sync.rows.new} / changed ${outcome.sync.rows.changed} / unchanged ${outcome.sync.rows.unchanged}`,
    ...(outcome.sync.rejected > 0
      ? [
          `  kept out: ${outcome.sync.rejected} listed row(s) broke the service's interface; they are in sync_rejects and the workbook's sheet "Listed rows kept out"`,
        ]
      : []),
    `  orders: ${outcome.imports.files.map((f) => `${f.rowsLoaded} loaded, ${f.rowsRejected} kept out from ${f.file}`).join('; ')}`,
    `  findings: ${reconcile.totals.new} new, ${reconcile.totals.open} still open, ${reconcile.totals.resolved} resolved`,
  ];
  for (const category of FINDING_CATEGORIES) {
    const c = reconcile.counts[category];
    if (c.new + c.open + c.resolved > 0)
      lines.push(`    ${category.padEnd(24)} ${String(c.new).padStart(5)} new ${String(c.open).padStart(5)} open ${String(c.resolved).padStart(5)} resolved`);
  }
  lines.push(`  reports: ${outcome.reportDir}`);
  for (const file of summary.reports ?? []) lines.push(`    ${file}`);
  lines.push(`    summary.json`);
  lines.push(serveHintFor({ date: summary.date, source, configFile, command: ownCommandFor() }));
  return lines.join('\n');
}
