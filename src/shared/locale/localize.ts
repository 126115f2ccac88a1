// Turns the values the warehouse holds (category keys, states, status words, a finding's facts) into
// what a person reads in a locale. Pure: the reports and the page call it at the edge, where a value
// becomes text on a screen or in a cell, and nothing localized is ever stored.
import type { Messages } from './index.ts';
import { REASON_FACTS, type ReasonFacts, type ReasonFormat } from './reason-types.ts';
import { en } from './en.ts';
import { type FigureFormat, wholeOf } from './sentence-types.ts';

/** A status word, or a comma-separated list of them (a finding's payment statuses), in the locale. */
export function localizeStatus(messages: Messages, text: string): string {
  if (!text.includes(',')) return messages.statuses[text] ?? text;
  return text
    .split(',')
    .map((s) => messages.statuses[s] ?? s)
    .join(messages.listSeparator);
}

function formatOf(messages: Messages, zone: string): ReasonFormat {
  return {
    money: messages.format.money,
    signedMoney: messages.format.signedMoney,
    day: messages.format.day,
    instant: (ms) => messages.format.instant(ms, zone),
    status: (s) => localizeStatus(messages, s),
    category: (c) => localizeCategory(messages, c),
  };
}

/** A finding's reason in the locale, from its facts (the locale's one renderer of that shape). */
export function renderReason(messages: Messages, facts: ReasonFacts, zone: string): string {
  const renderer = messages.reasons[facts.kind] as (facts: ReasonFacts, f: ReasonFormat) => string;
  return renderer(facts, formatOf(messages, zone));
}

/** The English sentence of the facts: what findings.reason stores (the English catalogue writes UTC). */
export function englishReasonOf(facts: ReasonFacts): string {
  return renderReason(en, facts, 'UTC');
}

/** The facts of findings.facts (JSON text); null for a finding of a release that stored none. Throws on anything else. */
export function factsOfJson(json: string | null): ReasonFacts | null {
  if (json === null) return null;
  return REASON_FACTS.parse(JSON.parse(json));
}

/** The same, for a reader that must go on: facts this release cannot read count as none (the stored sentence is shown). */
export function readFacts(json: string | null): ReasonFacts | null {
  if (json === null) return null;
  try {
    return factsOfJson(json);
  } catch {
    return null;
  }
}

/**
 * The reason a person reads: rendered from the finding's facts, or, for a finding stored before findings
 * had facts, the sentence exactly as the warehouse holds it.
 */
export function localizeReason(messages: Messages, facts: ReasonFacts | null, stored: string, zone: string): string {
  return facts === null ? stored : renderReason(messages, facts, zone);
}

export function localizeCategory(messages: Messages, category: string): string {
  return (messages.categories as Record<string, string>)[category] ?? category;
}

/** A tie-out or a line of the day's close (shared/close.ts): its own words, else the finding category that explains it. */
/** Runs of days as a person reads them: "01/11/2026 a 26/11/2026, 28/11/2026". */
export function localizeDaySpans(messages: Messages, spans: ReadonlyArray<{ from: string; to: string }>): string {
  const day = messages.fmt.day;
  return spans.map((s) => (s.from === s.to ? day(s.from) : messages.page.close.span(day(s.from), day(s.to)))).join(', ');
}

export function localizeCloseLine(messages: Messages, key: string): string {
  return messages.closeLines[key] ?? localizeCategory(messages, key);
}

export function localizeState(messages: Messages, state: string): string {
  return (messages.states as Record<string, string>)[state] ?? state;
}

/** Why a finding marked acknowledged or accepted is open again (a triage view's changedSince), in the locale. */
export function localizeChanged(messages: Messages, since: { kind: string; day: string }): string {
  return messages.changedSince(localizeState(messages, since.kind), messages.fmt.day(since.day));
}

/** How the locale writes the figures a report sentence quotes: its own count, money and day formatters. */
export function figureFormatOf(messages: Messages): FigureFormat {
  return {
    count: (v) => messages.format.count(wholeOf(v)),
    money: (v) => messages.format.money(v === null || v === undefined ? null : wholeOf(v)),
    day: (v) => (typeof v === 'string' ? messages.format.day(v) : ''),
  };
}
