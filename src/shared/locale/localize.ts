// Turns the values the warehouse holds (category keys, states, status words, the rules' English reason
// sentences) into what a person reads in a locale. Pure: the reports and the page call it at the edge,
// where a value becomes text on a screen or in a cell, and nothing localized is ever stored.
import type { Messages } from './index.ts';
import { factsOfReason } from './reason-parse.ts';
import type { ReasonFacts, ReasonFormat } from './reason-types.ts';
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

function render(messages: Messages, facts: ReasonFacts, zone: string): string {
  const renderer = messages.reasons[facts.kind] as (facts: ReasonFacts, f: ReasonFormat) => string;
  return renderer(facts, formatOf(messages, zone));
}

/**
 * The reason in the locale. Only a sentence whose facts rebuild the very same English text is
 * rendered again; any other text (a sentence of an older release, an id that fools the pattern) is
 * shown exactly as the warehouse holds it.
 */
export function localizeReason(messages: Messages, reason: string, zone: string): string {
  if (messages === en) return reason;
  const facts = factsOfReason(reason);
  if (facts === undefined || render(en, facts, zone) !== reason) return reason;
  return render(messages, facts, zone);
}

/** The English sentence rebuilt from its facts (tests: every rule's sentence round-trips). */
export function rebuildEnglishReason(reason: string): string | undefined {
  const facts = factsOfReason(reason);
  return facts === undefined ? undefined : render(en, facts, 'UTC');
}

export function localizeCategory(messages: Messages, category: string): string {
  return (messages.categories as Record<string, string>)[category] ?? category;
}

export function localizeState(messages: Messages, state: string): string {
  return (messages.states as Record<string, string>)[state] ?? state;
}

/** How the locale writes the figures a report sentence quotes: its own count, money and day formatters. */
export function figureFormatOf(messages: Messages): FigureFormat {
  return {
    count: (v) => messages.format.count(wholeOf(v)),
    money: (v) => messages.format.money(v === null || v === undefined ? null : wholeOf(v)),
    day: (v) => (typeof v === 'string' ? messages.format.day(v) : ''),
  };
}
