// What a workbook cell shows a person for a machine value, per the column's `display` (types.ts) and the
// report's locale: the category's label, the state, the status word, the reason sentence, ...
import type { Messages } from '../shared/locale/index.ts';
import { localizeCategory, localizeReason, localizeState, localizeStatus } from '../shared/locale/localize.ts';
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
      return localizeReason(messages, value, zone);
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
