// `recon findings list` output: an aligned table for a person, CSV or JSON for a script. Amounts are
// integer cents in CSV and JSON. The table is in reports.locale: its headers, categories, states, days,
// money (the locale's fmt) and reasons rendered from the findings' facts; the CSV and JSON keep the
// contract's keys and values in every locale. Text goes out by the one rule of
// src/shared/display-text.ts, as `recon sql` writes it, whether stdout is a terminal or a pipe: the
// table shows controls escaped, the CSV drops them and bidi overrides (its cells also neutralised so a
// spreadsheet never runs them as formulas), the JSON escapes them so a parser reads the exact value.
import { csvLineOf } from '../report/csv-writer.ts';
import { safeCellText } from '../report/cells.ts';
import { safeText } from '../shared/display-text.ts';
import { amountAtStakeOf } from '../shared/amount-at-stake.ts';
import { figuresOf } from '../shared/figures.ts';
import type { Messages } from '../shared/locale/index.ts';
import { localizeCategory, localizeChanged, localizeReason, localizeState } from '../shared/locale/localize.ts';
import type { ReasonFacts } from '../shared/locale/reason-types.ts';
import type { TriagedFinding } from './filter.ts';

export const LIST_FORMATS = ['table', 'csv', 'json'] as const;
export type ListFormat = (typeof LIST_FORMATS)[number];

interface ListRecord {
  finding_key: string;
  category: string;
  state: string;
  computed_state: string;
  first_seen: string;
  due_date: string | null;
  overdue: boolean;
  amount_cents: bigint;
  assignee: string | null;
  note: string | null;
  noted_by: string | null;
  since: string | null;
  changed: string | null;
  reason: string;
  /** What the reason states, as data (shared/locale/reason-types.ts); null on a finding stored without. */
  facts: ReasonFacts | null;
}

function recordOf({ row, view }: TriagedFinding): ListRecord {
  return {
    finding_key: row.key,
    category: row.category,
    state: view.state,
    computed_state: row.state,
    first_seen: row.firstSeen,
    due_date: view.dueDate,
    overdue: view.overdue,
    amount_cents: amountAtStakeOf(row),
    assignee: view.assignee,
    note: view.note,
    noted_by: view.noteBy,
    since: view.since,
    changed: view.changed,
    reason: row.reason,
    facts: row.facts,
  };
}

const COLUMNS: readonly (keyof ListRecord)[] = [
  'finding_key',
  'category',
  'state',
  'computed_state',
  'first_seen',
  'due_date',
  'overdue',
  'amount_cents',
  'assignee',
  'note',
  'noted_by',
  'since',
  'changed',
  'reason',
  'facts',
];

/** What the table a person reads is written in: the catalogue of reports.locale and the zone of its instants. */
export interface ListingWords {
  messages: Messages;
  zone: string;
}

export function renderListing(items: readonly TriagedFinding[], format: ListFormat, words: ListingWords): string {
  const records = items.map(recordOf);
  if (format === 'json')
    // Cents are integers: written as JSON numbers from their exact text, never through a float.
    return `${jsonWithCents(records, 2, (text) => safeText(text, 'json'))}\n`;
  if (format === 'csv') {
    const lines = [
      csvLineOf(COLUMNS, ','),
      ...records.map((r) =>
        csvLineOf(
          COLUMNS.map((c) => csvText(r[c])),
          ',',
        ),
      ),
    ];
    return lines.join('');
  }
  return tableOf(items, words) + figuresLine(items, words.messages);
}

/** The figures of the findings listed (src/shared/figures.ts), as summary.json and the page count them. */
function figuresLine(items: readonly TriagedFinding[], messages: Messages): string {
  if (items.length === 0) return '';
  const f = figuresOf(items.map(({ row, view }) => ({ ...row, overdue: view.overdue })));
  const { fmt } = messages;
  return `${messages.terminal.listing.figures(fmt.count(f.new), fmt.count(f.open), fmt.count(f.overdue), fmt.money(f.overdueAmountCents), fmt.money(f.amountAtStakeCents))}\n`;
}

/** JSON with every bigint (cents) written as an integer from its exact digits, never through a float. */
function jsonWithCents(value: unknown, indent?: number, safe: (text: string) => string = (t) => t): string {
  return safe(JSON.stringify(value, (_k, v: unknown) => (typeof v === 'bigint' ? `__cents__${v}` : v), indent)).replace(/"__cents__(-?\d+)"/g, '$1');
}

function csvText(value: unknown): string {
  if (value === null) return '';
  if (typeof value === 'string') return safeCellText(value);
  // The facts as JSON text, cents as integers (exact: JSON.stringify writes a bigint's digits).
  if (typeof value === 'object') return safeCellText(jsonWithCents(value));
  return String(value);
}

type HeaderOf = keyof Messages['terminal']['listing']['headers'];

/** The table's columns, in order: a header of the catalogue and the cell of a record in the locale. */
/** A record as the table shows it: with why it is open again in the locale's words (the CSV and JSON keep the English `changed`). */
type TableRecord = ListRecord & { changedText: string | null };

function tableRecordOf(item: TriagedFinding, messages: Messages): TableRecord {
  const since = item.view.changedSince;
  return { ...recordOf(item), changedText: since === null ? null : localizeChanged(messages, since) };
}

function tableColumns({ messages, zone }: ListingWords): [HeaderOf, (r: TableRecord) => string][] {
  const { fmt } = messages;
  const words = messages.terminal.listing;
  return [
    ['key', (r) => r.finding_key],
    ['category', (r) => localizeCategory(messages, r.category)],
    ['state', (r) => localizeState(messages, r.state) + (r.changed ? '*' : '')],
    ['firstSeen', (r) => fmt.day(r.first_seen)],
    ['due', (r) => (r.due_date === null ? '' : fmt.day(r.due_date)) + (r.overdue ? ` ${words.overdue}` : '')],
    ['amount', (r) => fmt.money(r.amount_cents)],
    ['assignee', (r) => r.assignee ?? ''],
    ['note', (r) => (r.changedText === null ? '' : `${r.changedText}; `) + (r.note === null ? '' : `${r.note} (${r.noted_by})`)],
    ['reason', (r) => localizeReason(messages, r.facts, r.reason, zone)],
  ];
}

function tableOf(items: readonly TriagedFinding[], words: ListingWords): string {
  const listing = words.messages.terminal.listing;
  const records = items.map((item) => tableRecordOf(item, words.messages));
  if (records.length === 0) return `${listing.none}\n`;
  // One line per finding: control characters of a note (C0, DEL, C1 such as CSI) would break the layout
  // or drive the terminal, and bidi overrides would reorder what it shows. Cut after escaping, so the
  // cut never splits an escape into a raw control.
  const cell = (text: string) => safeText(text, 'line').slice(0, 80);
  const columns = tableColumns(words);
  const rows = [columns.map(([h]) => listing.headers[h]), ...records.map((r) => columns.map(([, f]) => cell(f(r))))];
  const widths = columns.map((_, i) => Math.max(...rows.map((row) => row[i]!.length)));
  const text = rows
    .map((row) =>
      row
        .map((c, i) => c.padEnd(widths[i]!))
        .join('  ')
        .trimEnd(),
    )
    .join('\n');
  const count = listing.count(records.length, words.messages.fmt.count(records.length));
  return `${text}\n${count}${records.some((r) => r.changed) ? listing.changedMark : ''}\n`;
}
