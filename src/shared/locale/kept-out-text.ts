// Why a row or a statement line is kept out, as a person reads it: rendered from its facts in the
// reader's locale at the edge (`recon import`, `recon check`, the kept-out sheets, the `.br.csv`), and in
// English for what the warehouse stores as `reason`. Pure. Rows stored before the facts existed (NULL
// facts) show their stored reason as it is.
import type { Messages } from './index.ts';
import { en } from './en.ts';
import { KEPT_OUT_FACTS, type KeptOutFact, type KeptOutFormat } from './kept-out-types.ts';
import { localizeStatus } from './localize.ts';

/** A reason kept with its facts: what a rejection carries from the rule that found it to the warehouse. */
export interface KeptOut {
  /** The English sentence (the `reason` column's). */
  reason: string;
  facts: readonly KeptOutFact[];
}

function formatOf(messages: Messages, zone: string): KeptOutFormat {
  return {
    count: (n) => messages.format.count(n),
    money: (cents) => messages.format.money(BigInt(cents)),
    day: (isoDate) => messages.format.day(isoDate),
    instant: (epochMs) => messages.fmt.instantSeconds(epochMs, zone),
    status: (status) => localizeStatus(messages, status),
  };
}

/** The facts' reasons in the locale, in the order found, as one text. */
export function sayKeptOut(messages: Messages, facts: readonly KeptOutFact[], zone: string): string {
  return sayWith(messages, facts, formatOf(messages, zone));
}

function sayWith(messages: Messages, facts: readonly KeptOutFact[], f: KeptOutFormat): string {
  let text = '';
  for (const fact of facts) {
    const render = messages.keptOut[fact.kind] as (facts: KeptOutFact, f: KeptOutFormat) => string;
    text += `${text === '' ? '' : '; '}${render(fact, f)}`;
  }
  return text;
}

// Made once: a file of a million bad rows writes a million English reasons.
let englishFormat: KeptOutFormat | undefined;

/** The reason with its facts: the English sentence is written from the facts, never the other way round. */
export function keptOutOf(...facts: KeptOutFact[]): KeptOut {
  englishFormat ??= formatOf(en, 'UTC');
  return { reason: sayWith(en, facts, englishFormat), facts };
}

/** The reason a person reads: from the facts in the locale, or the stored sentence of a row without facts. */
export function keptOutReasonIn(messages: Messages, zone: string): (kept: { reason: string; facts?: readonly KeptOutFact[] | undefined }) => string {
  return (kept) => (kept.facts === undefined || kept.facts.length === 0 ? kept.reason : sayKeptOut(messages, kept.facts, zone));
}

/** The facts column's JSON text, as the import issues tables store it. */
export function keptOutJson(facts: readonly KeptOutFact[]): string {
  return JSON.stringify(facts);
}

/** The facts of a stored row; null for a row of an earlier release, or facts this release cannot read. */
export function readKeptOutFacts(json: string | null): KeptOutFact[] | null {
  if (json === null) return null;
  try {
    return KEPT_OUT_FACTS.parse(JSON.parse(json));
  } catch {
    return null;
  }
}

/**
 * A kept-out sheet's `reason` cell (reports/kept-out.ts): JSON of the stored reason and its facts. People
 * read it rendered in their locale; a machine file reads the stored English reason as it is.
 */
export function keptOutCellText(json: string, messages: Messages | undefined, zone: string): string {
  let cell: { reason?: unknown; facts?: unknown };
  try {
    cell = JSON.parse(json) as typeof cell;
  } catch {
    return json;
  }
  const reason = typeof cell.reason === 'string' ? cell.reason : json;
  if (messages === undefined) return reason;
  const facts = readKeptOutFacts(typeof cell.facts === 'string' ? cell.facts : null);
  return facts === null ? reason : sayKeptOut(messages, facts, zone);
}
