// `recon findings list` output: an aligned table for a person, CSV or JSON for a script. Amounts are
// integer cents in CSV and JSON and R$ text in the table. Text goes out by the one rule of
// src/shared/display-text.ts, as `recon sql` writes it, whether stdout is a terminal or a pipe: the
// table shows controls escaped, the CSV drops them and bidi overrides (its cells also neutralised so a
// spreadsheet never runs them as formulas), the JSON escapes them so a parser reads the exact value.
import { csvLineOf } from '../report/csv-writer.ts';
import { safeCellText } from '../report/cells.ts';
import { safeText } from '../shared/display-text.ts';
import { brlTextFromCents } from '../shared/money.ts';
import { amountAtStakeOf } from '../shared/amount-at-stake.ts';
import { figuresOf } from '../shared/figures.ts';
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

export function renderListing(items: readonly TriagedFinding[], format: ListFormat): string {
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
  return tableOf(records) + figuresLine(items);
}

/** The figures of the findings listed (src/shared/figures.ts), as summary.json and the page count them. */
function figuresLine(items: readonly TriagedFinding[]): string {
  if (items.length === 0) return '';
  const f = figuresOf(items.map(({ row, view }) => ({ ...row, overdue: view.overdue })));
  const brl = (cents: bigint) => brlTextFromCents(Number(cents), { symbol: true });
  return `new ${f.new}, open ${f.open}, overdue ${f.overdue} (${brl(f.overdueAmountCents)}); at stake ${brl(f.amountAtStakeCents)}\n`;
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

const TABLE_COLUMNS: [string, (r: ListRecord) => string][] = [
  ['key', (r) => r.finding_key],
  ['state', (r) => r.state + (r.changed ? '*' : '')],
  ['first seen', (r) => r.first_seen],
  ['due', (r) => (r.due_date ?? '') + (r.overdue ? ' OVERDUE' : '')],
  ['amount', (r) => brlTextFromCents(Number(r.amount_cents))],
  ['assignee', (r) => r.assignee ?? ''],
  ['note', (r) => (r.changed ? `${r.changed}; ` : '') + (r.note === null ? '' : `${r.note} (${r.noted_by})`)],
];

function tableOf(records: readonly ListRecord[]): string {
  if (records.length === 0) return 'No findings match.\n';
  // One line per finding: control characters of a note (C0, DEL, C1 such as CSI) would break the layout
  // or drive the terminal, and bidi overrides would reorder what it shows. Cut after escaping, so the
  // cut never splits an escape into a raw control.
  const cell = (text: string) => safeText(text, 'line').slice(0, 80);
  const rows = [TABLE_COLUMNS.map(([h]) => h), ...records.map((r) => TABLE_COLUMNS.map(([, f]) => cell(f(r))))];
  const widths = TABLE_COLUMNS.map((_, i) => Math.max(...rows.map((row) => row[i]!.length)));
  const text = rows
    .map((row) =>
      row
        .map((c, i) => c.padEnd(widths[i]!))
        .join('  ')
        .trimEnd(),
    )
    .join('\n');
  return `${text}\n${records.length} finding${records.length === 1 ? '' : 's'}${records.some((r) => r.changed) ? ' (* changed since it was acknowledged)' : ''}\n`;
}
