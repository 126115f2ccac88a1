// The row rules of an order import: which header columns feed which order field, and whether a row is an
// order or a rejection with a reason. Pure: readers hand in cells, the loader takes the result.
import { amountCellProblem, amountParser } from './amount-cells.ts';
import { detached, textLength, textOf, type Cell } from './cell-text.ts';
import { ReconError } from '../shared/errors.ts';
import { ORDER_STATUSES, type OrderStatus } from '../config/schema.ts';
import { instantFromSheetDate, instantParserFor, wallClockConverter } from './date-parse.ts';
import { OPTIONAL_COLUMNS, REQUIRED_COLUMNS, type ResolvedOrdersConfig } from './resolve-config.ts';
import { lengthProblems, problemsOf, rejectionFrom } from './row-problems.ts';
import type { KeptOutFact } from '../shared/locale/kept-out-types.ts';

export type { Cell } from './cell-text.ts';

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
  /** The English reasons (the stored `reason`), written from `facts`. */
  reason: string;
  facts: readonly KeptOutFact[];
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
  /** Whether a numeric amount cell is a number off the unit's grid (more than two decimals of reais). */
  amountOffGrid(cell: Cell): boolean;
  /** The unit and the dialect amounts are read in: the settings a kept-out reason names. */
  amountRead: { unit: ResolvedOrdersConfig['amountUnit']; decimal: string; thousands: string };
  instant(cell: Cell): number | undefined;
  dateFormat: string;
  lengths: CellLengthRule;
}

/** orders.limits on cell lengths, with the header positions they apply to. */
interface CellLengthRule {
  maxIdLength: number;
  maxTextLength: number;
  /** The smaller of the two: a cell no longer than this needs no further look. */
  shortest: number;
  /** Header indexes of the id fields (item_id, transaction_id, nsu, authorization_code). */
  idAt: ReadonlySet<number>;
  /** Header index -> the order field it feeds. */
  fieldAt: ReadonlyMap<number, string>;
  names: readonly string[];
}

/** Order fields whose cells are identifiers, held to orders.limits.maxIdLength. */
const ID_FIELDS: ReadonlySet<string> = new Set(['item_id', 'transaction_id', 'nsu', 'authorization_code']);

/** Largest amount a row may carry: what a signed 32-bit integer of cents holds (R$ 21.474.836,47). */
export const MAX_AMOUNT_CENTS = 2_147_483_647;

/** Header cells as column names: text, without a byte-order mark or surrounding blanks. */
export function headerNames(header: readonly unknown[]): string[] {
  return header.map((h) =>
    String(h ?? '')
      .replace(/^\uFEFF/, '')
      .trim(),
  );
}

/** Where a configured column is in the header: the exact name, else the same name in another case; -1 when absent. */
export function findColumn(names: readonly string[], wanted: string): number {
  const exact = names.indexOf(wanted.trim());
  if (exact !== -1) return exact;
  const lower = wanted.trim().toLowerCase();
  return names.findIndex((n) => n.toLowerCase() === lower);
}

/** Every column name the mapping needs from a header (required and mapped optional ones). */
export function mappedColumnNames(resolved: ResolvedOrdersConfig): string[] {
  return [...REQUIRED_COLUMNS, ...OPTIONAL_COLUMNS].flatMap((key) => (resolved.columns[key] ? [resolved.columns[key]] : []));
}

/** Maps the header to the configured columns; a missing required or optional mapped column is an input error. */
export function rowPlanFor(header: string[], resolved: ResolvedOrdersConfig, file: string, options: { checkFieldCount: boolean }): RowPlan {
  const names = headerNames(header);
  const find = (wanted: string): number => findColumn(names, wanted);
  const missing = (key: string, wanted: string) =>
    new ReconError(
      'input',
      { id: 'columnMissing', file, wanted, key, found: names },
      {
        details: { file, column: wanted, found: names.slice(0, 50).map((n) => n.slice(0, 80)) },
      },
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
  const fieldAt = new Map<number, string>([...REQUIRED_COLUMNS.map((key) => [index[key], key] as const), ...optional.map((o) => [o.index, o.key] as const)]);
  const { maxIdLength, maxTextLength } = resolved.limits;
  return {
    index,
    optional,
    lengths: {
      maxIdLength,
      maxTextLength,
      shortest: Math.min(maxIdLength, maxTextLength),
      idAt: new Set([...fieldAt].filter(([, field]) => ID_FIELDS.has(field)).map(([at]) => at)),
      fieldAt,
      names,
    },
    columns: resolved.columns,
    fieldCount: names.length,
    checkFieldCount: options.checkFieldCount,
    skipContinuationRows: resolved.skipContinuationRows,
    ...statusLookup(resolved.statusMap),
    amount: amountParser(resolved),
    amountOffGrid: (cell) => amountCellProblem(cell, resolved.amountUnit) !== undefined,
    amountRead: { unit: resolved.amountUnit, decimal: resolved.csv.decimal, thousands: resolved.csv.thousands },
    instant: instantParser(resolved),
    dateFormat: resolved.dateFormat,
  };
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
      if (cache.size < 10_000) cache.set(detached(text), status);
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
        memo.set(detached(cell), instant);
      }
      return instant;
    }
    if (cell instanceof Date) return instantFromSheetDate(cell, toInstant);
    return undefined;
  };
}

/** An order, a rejection, or undefined for a line-item continuation row (counted by the caller). */
export function orderFromCells(plan: RowPlan, cells: Cell[], line: number, previousItemId: string | undefined): OrderRow | RowRejection | undefined {
  const { index } = plan;
  // First, so that an 8 MB cell is never trimmed, parsed or remembered by the parsers' caches.
  const tooLong = lengthProblems(plan, cells);
  if (tooLong !== undefined) {
    const idCell = cells[index.item_id];
    return rejectionFrom(tooLong, cells, line, textLength(idCell) <= plan.lengths.maxIdLength ? textOf(idCell) : undefined);
  }
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
    return rejectionFrom(problemsOf(plan, cells, { itemId, amount, status, created }), cells, line, itemId);
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

export function isRejection(value: OrderRow | RowRejection): value is RowRejection {
  return 'reason' in value;
}
