// Why a row is kept out: every reason in column order, and the rejection built from them (the first
// column at fault and its value). Only bad rows come here, so it may spend time on good messages. Pure.
import type { OrderStatus } from '../config/schema.ts';
import { brlTextFromCents } from '../shared/money.ts';
import { LONG_TEXT_HEAD, LongTextCell, shown, textLength, textOf, type Cell } from './cell-text.ts';
import { formatEn } from '../shared/locale/format-en.ts';

const count = (n: number): string => formatEn.count(n);
import { MAX_AMOUNT_CENTS, type RowPlan, type RowRejection } from './order-rules.ts';

export interface RowProblem {
  reason: string;
  /** The header name of the column, and its cell index, when one column is at fault. */
  column?: string;
  index?: number;
  /** The cell is over a length limit: only its head may be kept. */
  tooLong?: boolean;
}

/** The longest cell text a rejection keeps as its value (the reason shows at most 40 characters). */
const MAX_SHOWN_VALUE = 1000;

/** The rejection of a row from its problems; `itemId` is left out when it is itself the problem. */
export function rejectionFrom(problems: RowProblem[], cells: Cell[], line: number, itemId: string | undefined): RowRejection {
  const rejection: RowRejection = { line, reason: problems.map((p) => p.reason).join('; ') };
  if (itemId !== undefined && itemId !== '') rejection.item_id = itemId;
  const first = problems.find((p) => p.column !== undefined);
  if (first?.column !== undefined) {
    rejection.column = first.column;
    const cell = cells[first.index ?? -1];
    const text = textOf(cell);
    // An over-long cell is shown by its head, as a reader that would not materialise it shows it.
    rejection.value = cell instanceof LongTextCell ? String(cell) : first.tooLong || text.length > MAX_SHOWN_VALUE ? `${text.slice(0, LONG_TEXT_HEAD)}…` : text;
  }
  return rejection;
}

/**
 * Cells longer than the limits (orders.limits.maxIdLength for ids, maxTextLength for any other text,
 * mapped or not): undefined for a row without any, the common case, checked in one pass.
 */
export function lengthProblems(plan: RowPlan, cells: Cell[]): RowProblem[] | undefined {
  const { maxIdLength, maxTextLength, shortest, idAt, fieldAt, names } = plan.lengths;
  let problems: RowProblem[] | undefined;
  for (let i = 0; i < cells.length; i++) {
    const length = textLength(cells[i]);
    if (length <= shortest) continue;
    const isId = idAt.has(i);
    const max = isId ? maxIdLength : maxTextLength;
    if (length <= max) continue;
    const key = isId ? 'orders.limits.maxIdLength' : 'orders.limits.maxTextLength';
    const column = names[i] ?? `#${i + 1}`;
    const field = fieldAt.get(i);
    const reason =
      field === undefined
        ? `column "${column}" is ${count(length)} characters long, more than ${count(max)} (${key})`
        : `${field} is ${count(length)} characters long, more than ${count(max)} (column "${column}"; ${key})`;
    problems ??= [];
    problems.push({ reason, column, index: i, tooLong: true });
  }
  return problems;
}

/** Every reason a row is kept out by its values, in column order. */
export function problemsOf(
  plan: RowPlan,
  cells: Cell[],
  parsed: { itemId: string; amount: number | undefined; status: OrderStatus | undefined; created: number | undefined },
): RowProblem[] {
  const { index, columns } = plan;
  const problems: RowProblem[] = [];
  const of = (key: keyof typeof columns & keyof typeof index, reason: string) => problems.push({ reason, column: columns[key], index: index[key] });
  if (plan.checkFieldCount && cells.length !== plan.fieldCount)
    problems.push({ reason: `expected ${plan.fieldCount} fields as in the header, found ${cells.length}` });
  if (parsed.itemId === '') of('item_id', `missing item_id (column "${columns.item_id}")`);
  const amountCell = cells[index.amount];
  if (parsed.amount === undefined) {
    const text = shown(amountCell);
    const problem = plan.amountProblem(amountCell);
    if (problem !== undefined) of('amount', `amount ${text} ${problem} (column "${columns.amount}")`);
    else
      of(
        'amount',
        text === ''
          ? `missing amount (column "${columns.amount}")`
          : `unparseable amount "${text}" (column "${columns.amount}"): expected ${plan.amountUnitText}`,
      );
  } else if (parsed.amount < 0) {
    of('amount', `negative amount ${brlTextFromCents(parsed.amount)} (column "${columns.amount}")`);
  } else if (parsed.amount > MAX_AMOUNT_CENTS) {
    of('amount', `amount ${brlTextFromCents(parsed.amount)} above the limit ${brlTextFromCents(MAX_AMOUNT_CENTS)} (column "${columns.amount}")`);
  }
  if (parsed.status === undefined) {
    const statusCell = cells[index.status];
    of(
      'status',
      textOf(statusCell) === ''
        ? `missing status (column "${columns.status}")`
        : `unknown status "${shown(statusCell)}" (column "${columns.status}"): expected one of ${plan.knownStatuses.map((s) => `"${s}"`).join(', ')} or an orders.statusMap entry`,
    );
  }
  if (parsed.created === undefined) {
    const createdCell = cells[index.created_at];
    const text = shown(createdCell);
    of(
      'created_at',
      text === ''
        ? `missing created_at (column "${columns.created_at}")`
        : `unparseable date "${text}" (column "${columns.created_at}"): expected ${plan.dateFormat} or ISO 8601 (orders.dateFormat)`,
    );
  }
  return problems;
}
