// What a workbook cell shows a person for a machine value, per the column's `display` (types.ts) and the
// report's locale: the category's label, the state, the status word, the reason (from the finding's facts), ...
import type { Messages } from '../shared/locale/index.ts';
import { localizeCategory, localizeState, localizeStatus, readFacts, renderReason } from '../shared/locale/localize.ts';
import type { ColumnDisplay } from './types.ts';

export function displayTextOf(value: string, display: ColumnDisplay | undefined, messages: Messages, zone: string): string {
  switch (display) {
    case undefined:
      return value;
    case 'category':
      return localizeCategory(messages, value);
    case 'state':
      return localizeState(messages, value);
    case 'status':
      return localizeStatus(messages, value);
    case 'reason':
      return reasonTextOf(value, messages, zone);
    case 'ageBucket':
      return (messages.ageBuckets as Record<string, string>)[value] ?? value;
    case 'listing':
      return messages.listings[value] ?? value;
    case 'issueKind':
      return messages.issueKinds[value] ?? value;
    case 'bankStatus':
      return messages.bankStatuses[value] ?? value;
  }
}

/**
 * A `reason` cell's value is JSON: the finding's facts (an object), rendered in the locale, or the
 * sentence of a finding stored before findings had facts (a string), shown as written.
 */
function reasonTextOf(json: string, messages: Messages, zone: string): string {
  if (json.startsWith('"')) return JSON.parse(json) as string;
  const facts = readFacts(json);
  return facts === null ? json : renderReason(messages, facts, zone);
}
