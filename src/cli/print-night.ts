// What a finished night prints on the terminal, in the configured locale (reports.locale): where the
// reports are and the findings by category. Category keys stay beside their labels so a reader can
// grep the JSON log and the CSV for them.
import type { NightlyOutcome } from '../../jobs/nightly.ts';
import { CLOSE_TIMING_LINES, TIE_OUTS, type TieOut, isTieOutShown } from '../shared/close.ts';
import { FINDING_CATEGORIES } from '../shared/domain.ts';
import { type Locale, messagesFor } from '../shared/locale/index.ts';
import { localizeCloseLine } from '../shared/locale/localize.ts';
import { serveHintFor } from '../serve/open-hint.ts';
import { ownCommandFor } from './own-command.ts';

/** The night's bank statement, when one is configured. */
function statementLines(statement: NightlyOutcome['statement'], m: ReturnType<typeof messagesFor>['night']): string[] {
  if (statement.status === 'not_configured') return [];
  const text =
    statement.status === 'missing'
      ? m.statementMissing(statement.file)
      : statement.status === 'imported_before'
        ? m.statementBefore(statement.file)
        : m.statement(statement.result.linesLoaded, statement.result.linesRejected, statement.file);
  return [`  ${m.statementLabel}: ${text}`];
}

/** A tie-out in one line: it closes (and by what), or how much is left unexplained. */
export function closeLine(name: string, t: TieOut, locale: Locale): string {
  const messages = messagesFor(locale);
  const { night: m, fmt } = messages;
  const timing = t.explained.filter((l) => (CLOSE_TIMING_LINES as readonly string[]).includes(l.line));
  const byTiming = timing.reduce((n, l) => n + l.items, 0);
  const byFindings = t.explained.reduce((n, l) => n + l.items, 0) - byTiming;
  const [difference, unexplained] = [fmt.money(t.difference_cents), fmt.money(t.unexplained.amount_cents)];
  return m.closeTieOut(localizeCloseLine(messages, name), t.closes, difference, byFindings, byTiming, unexplained, t.unexplained.items);
}

/** `configFile`: the --config the run used, so the printed `recon serve` command serves the same folders. */
export function textForNight(outcome: NightlyOutcome, source: 'service' | 'sandbox', configFile?: string, locale: Locale = 'pt-BR'): string {
  const m = messagesFor(locale).night;
  const categories = messagesFor(locale).categories;
  const { summary, reconcile } = outcome;
  const { rows } = outcome.sync;
  const seconds = summary.timings['total'];
  const lines = [
    m.done(
      summary.date,
      summary.outcome === 'done_with_warnings',
      seconds === undefined ? '?' : messagesFor(locale).fmt.duration(seconds * 1000),
      source === 'sandbox',
    ),
    `  ${m.synced(outcome.sync.windows, outcome.sync.pages, rows.new, rows.changed, rows.unchanged)}`,
    ...(outcome.sync.rejected > 0 ? [`  ${m.keptOut(outcome.sync.rejected)}`] : []),
    `  ${m.ordersLabel}: ${outcome.imports.files.map((f) => m.orders(f.rowsLoaded, f.rowsRejected, f.file)).join('; ')}`,
    ...statementLines(outcome.statement, m),
    `  ${m.findings(reconcile.totals.new, reconcile.totals.open, reconcile.totals.resolved)}`,
  ];
  const shown = FINDING_CATEGORIES.filter((c) => reconcile.counts[c].new + reconcile.counts[c].open + reconcile.counts[c].resolved > 0);
  const label = (c: (typeof FINDING_CATEGORIES)[number]) => (categories[c] === c ? c : `${categories[c]} (${c})`);
  const width = Math.max(24, ...shown.map((c) => label(c).length));
  for (const category of shown) {
    const c = reconcile.counts[category];
    lines.push(`    ${label(category).padEnd(width)} ${m.countsLine(c.new, c.open, c.resolved)}`);
  }
  for (const name of TIE_OUTS) if (isTieOutShown(reconcile.close[name])) lines.push(`  ${closeLine(name, reconcile.close[name], locale)}`);
  lines.push(`  ${m.reports}: ${outcome.reportDir}`);
  for (const file of summary.reports ?? []) lines.push(`    ${file}`);
  lines.push(`    summary.json`);
  lines.push(serveHintFor({ date: summary.date, source, configFile, command: ownCommandFor() }, locale));
  return lines.join('\n');
}
