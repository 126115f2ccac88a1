// The row rules of an order import: which header columns feed which order field, and whether a row is an
// order or a rejection with a reason. Pure: readers hand in cells, the loader takes the result.
import { brlTextFromCents } from '../shared/money.ts';
import { amountCellProblem, amountParser, type DecimalCell } from './amount-cells.ts';
import { ReconError } from '../shared/errors.ts';
import { ORDER_STATUSES, type OrderStatus } from '../config/schema.ts';
import { instantFromSheetDate, instantParserFor, wallClockConverter } from './date-parse.ts';
import { OPTIONAL_COLUMNS, REQUIRED_COLUMNS, type ResolvedOrdersConfig } from './resolve-config.ts';

/** A value as a reader produced it: CSV gives text, spreadsheets and JSON also numbers and dates. */
export type Cell = string | number | boolean | Date | DecimalCell | null | undefined;

export interface OrderRow {
  line: number;
  item_id: string;
  status: OrderStatus;
  source_status: string;
  amount_cents: number;
  created_ms: number;
  transaction_id: string | null;
  nsu: string | null;
  authorization_code: string | null;
  customer_name: string | null;
  customer_document_number: string | null;
}

export interface RowRejection {
  line: number;
  reason: string;
  item_id?: string;
  /** The header name of the first column the row was kept out for, and that cell's text. */
  column?: string;
  value?: string;
}

export type OptionalColumn = (typeof OPTIONAL_COLUMNS)[number];

export interface RowPlan {
  /** Header index of each required field. */
  index: Record<(typeof REQUIRED_COLUMNS)[number], number>;
  /** Header index of each mapped optional field that the header has. */
  optional: { key: OptionalColumn; index: number }[];
  columns: ResolvedOrdersConfig['columns'];
  fieldCount: number;
  /** Whether every row must have as many fields as the header (CSV); false for sparse formats. */
  checkFieldCount: boolean;
  skipContinuationRows: boolean;
  status(text: string): OrderStatus | undefined;
  knownStatuses: string[];
  amount(cell: Cell): number | undefined;
  /** Why a numeric amount cell is off the unit's grid ("has more than two decimals"), if it is. */
  amountProblem(cell: Cell): string | undefined;
  amountUnitText: string;
  instant(cell: Cell): number | undefined;
  dateFormat: string;
}

/** Largest amount a row may carry: what a signed 32-bit integer of cents holds (R$ 21.474.836,47). */
export const MAX_AMOUNT_CENTS = 2_147_483_647;

/** Maps the header to the configured columns; a missing required or optional mapped column is an input error. */
export function rowPlanFor(header: string[], resolved: ResolvedOrdersConfig, file: string, options: { checkFieldCount: boolean }): RowPlan {
  const names = header.map((h) => String(h ?? '').replace(/^\uFEFF/, '').trim());
  const find = (wanted: string): number => {
    const exact = names.indexOf(wanted.trim());
    if (exact !== -1) return exact;
    const lower = wanted.trim().toLowerCase();
    return names.findIndex((n) => n.toLowerCase() === lower);
  };
  const missing = (key: string, wanted: string) =>
    new ReconError(
      'input',
      `${file}: expected a column "${wanted}" (orders.columns.${key}) in the header; found ${foundText(names)}`,
      { details: { file, column: wanted, found: names.slice(0, 50).map((n) => n.slice(0, 80)) } },
    );
  const index = {} as RowPlan['index'];
  for (const key of REQUIRED_COLUMNS) {
    const at = find(resolved.columns[key]);
    if (at === -1) throw missing(key, resolved.columns[key]);
    index[key] = at;
  }
  const optional: RowPlan['optional'] = [];
  for (const key of OPTIONAL_COLUMNS) {
    const wanted = resolved.columns[key];
    if (!wanted) continue;
    const at = find(wanted);
    if (at === -1) throw missing(key, wanted);
    optional.push({ key, index: at });
  }
  return {
    index,
    optional,
    columns: resolved.columns,
    fieldCount: names.length,
    checkFieldCount: options.checkFieldCount,
    skipContinuationRows: resolved.skipContinuationRows,
    ...statusLookup(resolved.statusMap),
    amount: amountParser(resolved),
    amountProblem: (cell) => amountCellProblem(cell, resolved.amountUnit),
    amountUnitText: resolved.amountUnit === 'cents' ? 'an integer amount in cents' : `an amount in reais (decimal "${resolved.csv.decimal}")`,
    instant: instantParser(resolved),
    dateFormat: resolved.dateFormat,
  };
}

/** The header as found, short enough for a message even when the "header" is a whole file. */
function foundText(names: string[]): string {
  if (names.length === 0) return 'no columns';
  const shownNames = names.slice(0, 20).map((n) => `"${n.length > 40 ? `${n.slice(0, 40)}…` : n}"`);
  return `${shownNames.join(', ')}${names.length > 20 ? ` and ${names.length - 20} more` : ''}`;
}

function statusLookup(statusMap: Record<string, OrderStatus>): Pick<RowPlan, 'status' | 'knownStatuses'> {
  const normalized = new Map<string, OrderStatus>();
  for (const status of ORDER_STATUSES) normalized.set(status, status);
  for (const [text, status] of Object.entries(statusMap)) normalized.set(text.trim().toLowerCase(), status);
  const cache = new Map<string, OrderStatus | undefined>();
  return {
    knownStatuses: [...new Set([...Object.keys(statusMap), ...ORDER_STATUSES])],
    status(text) {
      if (cache.has(text)) return cache.get(text);
      const status = normalized.get(text.trim().toLowerCase());
      if (cache.size < 10_000) cache.set(text, status);
      return status;
    },
  };
}

function instantParser(resolved: ResolvedOrdersConfig): RowPlan['instant'] {
  const fromText = instantParserFor(resolved.dateFormat, resolved.timezone);
  const toInstant = wallClockConverter(resolved.timezone);
  // Exports repeat timestamps (minute resolution): remembering recent texts skips most parsing.
  let memo = new Map<string, number | undefined>();
  return (cell) => {
    if (typeof cell === 'string') {
      let instant = memo.get(cell);
      if (instant === undefined && !memo.has(cell)) {
        instant = fromText(cell);
        if (memo.size >= 50_000) memo = new Map();
        memo.set(cell, instant);
      }
      return instant;
    }
    if (cell instanceof Date) return instantFromSheetDate(cell, toInstant);
    return undefined;
  };
}

function textOf(cell: Cell): string {
  if (cell === null || cell === undefined) return '';
  if (typeof cell === 'string') return cell.trim();
  if (cell instanceof Date) return Number.isNaN(cell.getTime()) ? '' : cell.toISOString();
  return String(cell);
}

function shown(cell: Cell): string {
  const text = textOf(cell);
  return text.length > 40 ? `${text.slice(0, 40)}…` : text;
}

/** An order, a rejection, or undefined for a line-item continuation row (counted by the caller). */
export function orderFromCells(plan: RowPlan, cells: Cell[], line: number, previousItemId: string | undefined): OrderRow | RowRejection | undefined {
  const { index } = plan;
  const itemId = textOf(cells[index.item_id]);
  const statusCell = cells[index.status];
  const amountCell = cells[index.amount];
  if (plan.skipContinuationRows && itemId !== '' && itemId === previousItemId && textOf(statusCell) === '' && textOf(amountCell) === '') {
    return undefined;
  }
  const amount = plan.amount(amountCell);
  const sourceStatus = textOf(statusCell);
  const status = plan.status(sourceStatus);
  const createdCell = cells[index.created_at];
  const created = plan.instant(createdCell);
  if (
    itemId === '' ||
    amount === undefined ||
    amount < 0 ||
    amount > MAX_AMOUNT_CENTS ||
    status === undefined ||
    created === undefined ||
    (plan.checkFieldCount && cells.length !== plan.fieldCount)
  ) {
    const problems = problemsOf(plan, cells, { itemId, amount, status, created });
    const rejection: RowRejection = { line, reason: problems.map((p) => p.reason).join('; ') };
    if (itemId !== '') rejection.item_id = itemId;
    const first = problems.find((p) => p.column !== undefined);
    if (first?.column !== undefined) {
      rejection.column = first.column;
      rejection.value = textOf(cells[first.index ?? -1]).slice(0, MAX_SHOWN_VALUE);
    }
    return rejection;
  }
  const order: OrderRow = {
    line,
    item_id: itemId,
    status,
    source_status: sourceStatus,
    amount_cents: amount,
    created_ms: created,
    transaction_id: null,
    nsu: null,
    authorization_code: null,
    customer_name: null,
    customer_document_number: null,
  };
  for (const { key, index: at } of plan.optional) {
    const text = textOf(cells[at]);
    if (text !== '') order[key] = text;
  }
  return order;
}

/** The longest cell text a rejection keeps as its value (the reason shows at most 40 characters). */
const MAX_SHOWN_VALUE = 1000;

interface RowProblem {
  reason: string;
  /** The header name of the column, and its cell index, when one column is at fault. */
  column?: string;
  index?: number;
}

/** Every reason a row is kept out, in column order; only called for bad rows. */
function problemsOf(
  plan: RowPlan,
  cells: Cell[],
  parsed: { itemId: string; amount: number | undefined; status: OrderStatus | undefined; created: number | undefined },
): RowProblem[] {
  const { index, columns } = plan;
  const problems: RowProblem[] = [];
  const of = (key: keyof typeof columns & keyof typeof index, reason: string) => problems.push({ reason, column: columns[key], index: index[key] });
  if (plan.checkFieldCount && cells.length !== plan.fieldCount) problems.push({ reason: `expected ${plan.fieldCount} fields as in the header, found ${cells.length}` });
  if (parsed.itemId === '') of('item_id', `missing item_id (column "${columns.item_id}")`);
  const amountCell = cells[index.amount];
  if (parsed.amount === undefined) {
    const text = shown(amountCell);
    const problem = plan.amountProblem(amountCell);
    if (problem !== undefined) of('amount', `amount ${text} ${problem} (column "${columns.amount}")`);
    else of('amount', text === '' ? `missing amount (column "${columns.amount}")` : `unparseable amount "${text}" (column "${columns.amount}"): expected ${plan.amountUnitText}`);
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
    of('created_at', text === '' ? `missing created_at (column "${columns.created_at}")` : `unparseable date "${text}" (column "${columns.created_at}"): expected ${plan.dateFormat} or ISO 8601`);
  }
  return problems;
}

export function isRejection(value: OrderRow | RowRejection): value is RowRejection {
  return 'reason' in value;
}
