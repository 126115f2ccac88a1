// What a workbook cell shows a person for a machine value, per the column's `display` (types.ts) and the
// report's locale: the category's label, the state, the status word, the reason (from the finding's
// facts), ..., and a column's header. The workbooks and the `.br.csv` copies both show values through here.
import type { Messages } from '../shared/locale/index.ts';
import { keptOutCellText } from '../shared/locale/kept-out-text.ts';
import { localizeCategory, localizeCloseLine, localizeState, localizeStatus, readFacts, renderReason } from '../shared/locale/localize.ts';
import type { ColumnDisplay, ColumnSpec } from './types.ts';

/** A column's header as people read it in the locale (workbooks, `.br.csv`); machine CSVs use its key. */
export function headerOf(column: ColumnSpec, messages: Messages): string {
  return typeof column.header === 'function' ? column.header(messages) : messages.headers[column.header];
}

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
    case 'keptOutReason':
      return keptOutCellText(value, messages, zone);
    case 'ageBucket':
      return (messages.ageBuckets as Record<string, string>)[value] ?? value;
    case 'listing':
      return messages.listings[value] ?? value;
    case 'issueKind':
      return messages.issueKinds[value] ?? value;
    case 'bankStatus':
      return messages.bankStatuses[value] ?? value;
    case 'closeLine':
      return localizeCloseLine(messages, value);
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
