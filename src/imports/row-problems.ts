// Why a row is kept out: every reason in column order, as facts (locale/kept-out-types.ts), and the
// rejection built from them (the English reason the warehouse stores, the first column at fault and its
// value). Only bad rows come here, so it may spend time on good messages. Pure.
import type { OrderStatus } from '../config/schema.ts';
import { keptOutOf } from '../shared/locale/kept-out-text.ts';
import type { KeptOutFact } from '../shared/locale/kept-out-types.ts';
import { LONG_TEXT_HEAD, LongTextCell, shown, textLength, textOf, type Cell } from './cell-text.ts';
import { MAX_AMOUNT_CENTS, type RowPlan, type RowRejection } from './order-rules.ts';

export interface RowProblem {
  facts: KeptOutFact;
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
  const rejection: RowRejection = { line, ...keptOutOf(...problems.map((p) => p.facts)) };
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
    const facts: KeptOutFact =
      field === undefined ? { kind: 'columnTooLong', column, length, max, key } : { kind: 'fieldTooLong', field, column, length, max, key };
    problems ??= [];
    problems.push({ facts, column, index: i, tooLong: true });
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
  type Field = keyof typeof columns & keyof typeof index;
  const of = (key: Field, facts: (column: string) => KeptOutFact) => problems.push({ facts: facts(columns[key]), column: columns[key], index: index[key] });
  const missing = (field: 'item_id' | 'amount' | 'status' | 'created_at') => (column: string) => ({ kind: 'valueMissing', field, column }) as const;
  if (plan.checkFieldCount && cells.length !== plan.fieldCount)
    problems.push({ facts: { kind: 'fieldCount', expected: plan.fieldCount, found: cells.length } });
  if (parsed.itemId === '') of('item_id', missing('item_id'));
  const amountCell = cells[index.amount];
  if (parsed.amount === undefined) {
    const text = shown(amountCell);
    const { unit, decimal, thousands } = plan.amountRead;
    if (plan.amountOffGrid(amountCell)) of('amount', (column) => ({ kind: 'amountOffGrid', text, unit, column }));
    else of('amount', text === '' ? missing('amount') : (column) => ({ kind: 'amountUnreadable', text, column, unit, decimal, thousands }));
  } else if (parsed.amount < 0) {
    const cents = parsed.amount;
    of('amount', (column) => ({ kind: 'amountNegative', cents, column }));
  } else if (parsed.amount > MAX_AMOUNT_CENTS) {
    const cents = parsed.amount;
    of('amount', (column) => ({ kind: 'amountAboveLimit', cents, limitCents: MAX_AMOUNT_CENTS, column }));
  }
  if (parsed.status === undefined) {
    const statusCell = cells[index.status];
    const text = shown(statusCell);
    of('status', textOf(statusCell) === '' ? missing('status') : (column) => ({ kind: 'statusUnknown', text, column, known: plan.knownStatuses }));
  }
  if (parsed.created === undefined) {
    const text = shown(cells[index.created_at]);
    of('created_at', text === '' ? missing('created_at') : (column) => ({ kind: 'dateUnreadable', text, column, dateFormat: plan.dateFormat }));
  }
  return problems;
}
