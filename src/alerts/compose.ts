// What a night's alerts say. Pure: which findings are news (new and never alerted; overdue and never
// alerted as overdue: the figures of src/shared/figures.ts, as summary.json and the page count them), and
// the message for each kind, as Slack-compatible JSON (text plus one mrkdwn block) and as the plain text of
// an e-mail, in the words and figures of reports.locale (categories by their labels). Only changes alert: a
// night with no news sends none.
import type { AlertKind } from '../triage/events.ts';
import { amountAtStakeOf } from '../shared/amount-at-stake.ts';
import { isNewFinding } from '../shared/figures.ts';
import type { FindingRow } from '../triage/finding-rows.ts';
import type { TriageView } from '../triage/fold.ts';
import type { Messages } from '../shared/locale/index.ts';
import { localizeCategory } from '../shared/locale/localize.ts';

type AlertEvent = AlertKind | 'failed';

export interface Alert {
  kind: AlertEvent;
  /** The findings this alert tells of (none for a failed night). */
  keys: string[];
  subject: string;
  /** Plain text (the e-mail body). */
  text: string;
  /** Slack-compatible incoming-webhook body. */
  slack: { text: string; blocks: { type: 'section'; text: { type: 'mrkdwn'; text: string } }[] };
}

export interface NightNews {
  night: string;
  rows: readonly FindingRow[];
  views: readonly TriageView[];
  /** The page's address (alerts.pageUrl); the alert links to the night there. */
  pageUrl?: string | undefined;
  /** The catalogue of reports.locale. */
  messages: Messages;
}

export function composeNightAlerts(news: NightNews): Alert[] {
  const fresh: FindingRow[] = [];
  const overdue: FindingRow[] = [];
  news.views.forEach((view, i) => {
    const row = news.rows[i]!;
    if (isNewFinding(row) && !view.alerted.new) fresh.push(row);
    if (view.overdue && !view.alerted.overdue) overdue.push(row);
  });
  const link = linkOf(news);
  const { alerts: words, fmt } = news.messages;
  const alerts: Alert[] = [];
  if (fresh.length > 0) alerts.push(alertOf('new', news, fresh, words.fresh(fresh.length, fmt.count(fresh.length)), link));
  if (overdue.length > 0) alerts.push(alertOf('overdue', news, overdue, words.overdue(overdue.length, fmt.count(overdue.length)), link));
  return alerts;
}

export function composeFailedAlert(night: string, error: string, messages: Messages, pageUrl?: string): Alert {
  const day = messages.fmt.day(night);
  const text = messages.alerts.failedText(day, error.slice(0, 500));
  return messageOf('failed', [], messages.alerts.failed(day), [text], linkOf({ night, pageUrl }), messages);
}

function alertOf(kind: AlertKind, news: NightNews, rows: readonly FindingRow[], what: string, link: string | undefined): Alert {
  const { messages } = news;
  const { alerts: words, fmt } = messages;
  const byCategory = new Map<string, { n: number; cents: bigint }>();
  let total = 0n;
  for (const row of rows) {
    const amount = amountAtStakeOf(row);
    total += amount;
    const entry = byCategory.get(row.category) ?? { n: 0, cents: 0n };
    entry.n += 1;
    entry.cents += amount;
    byCategory.set(row.category, entry);
  }
  const subject = words.subject(fmt.day(news.night), what, fmt.money(total));
  const lines = [...byCategory.entries()]
    .sort(([a], [b]) => a.localeCompare(b))
    .map(([category, e]) => words.category(localizeCategory(messages, category), fmt.count(e.n), fmt.money(e.cents)));
  return messageOf(
    kind,
    rows.map((r) => r.key),
    subject,
    [subject, ...lines],
    link,
    messages,
  );
}

function messageOf(kind: AlertEvent, keys: string[], subject: string, lines: string[], link: string | undefined, messages: Messages): Alert {
  const open = messages.alerts.openNight;
  const text = [...lines, ...(link ? [`${open}: ${link}`] : [])].join('\n');
  const mrkdwn = [...lines.map(escapeMrkdwn), ...(link ? [`<${link}|${escapeMrkdwn(open)}>`] : [])].join('\n');
  return { kind, keys, subject, text, slack: { text: escapeMrkdwn(subject), blocks: [{ type: 'section', text: { type: 'mrkdwn', text: mrkdwn } }] } };
}

function linkOf(news: { night: string; pageUrl?: string | undefined }): string | undefined {
  return news.pageUrl ? `${news.pageUrl.replace(/\/+$/, '')}/nights/${news.night}` : undefined;
}

/** Slack reads &, < and > as markup: a category or an error text must not become a link or a mention. */
function escapeMrkdwn(text: string): string {
  return text.replaceAll('&', '&amp;').replaceAll('<', '&lt;').replaceAll('>', '&gt;');
}
