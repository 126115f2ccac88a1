// Parsing of the listing query strings by the spec's rules: millisecond date filters with optional
// < > <= >= prefixes (repeatable, intersected), count 1..1000 (default 10), 1-based page, and no
// null / undefined / empty values. Errors come back as the v1 error type (the parameter's name).

export interface MsRange {
  /** Inclusive bounds in ms. */
  lo: number;
  hi: number;
}

export interface ListingQuery {
  count: number;
  page: number;
  dateCreated: MsRange;
  dateUpdated: MsRange;
  status?: string;
  transactionId?: string;
  customerDocumentNumber?: string;
  /** Whether any date_created filter was sent (late-visibility reveal uses the range either way). */
  hasDateFilter: boolean;
}

/** A refusal the sandbox answers as the payments service would: its type, its HTTP status and its own (English) words. */
export class QueryError extends Error {
  constructor(
    readonly type: string,
    message: string,
    readonly status = 400,
  ) {
    super(message);
  }
}

const FULL: MsRange = { lo: Number.NEGATIVE_INFINITY, hi: Number.POSITIVE_INFINITY };
const BANNED = new Set(['', 'null', 'undefined']);

/** Parses the query of a listing route; `allowed` lists the single-valued parameters the route knows. */
export function parseListingQuery(search: URLSearchParams, allowed: readonly string[], dateParams: readonly string[]): ListingQuery {
  const query: ListingQuery = { count: 10, page: 1, dateCreated: { ...FULL }, dateUpdated: { ...FULL }, hasDateFilter: false };
  const seen = new Set<string>();
  for (const [name, value] of search) {
    if (BANNED.has(value.trim()))
      throw new QueryError(name, `parameter ${name} must not be ${value === '' ? 'empty' : value}; remove it from the request instead`);
    if (dateParams.includes(name)) {
      const range = name === 'date_created' ? query.dateCreated : query.dateUpdated;
      applyDateFilter(range, name, value);
      if (name === 'date_created') query.hasDateFilter = true;
      continue;
    }
    if (seen.has(name) && allowed.includes(name)) throw new QueryError(name, `parameter ${name} was sent more than once; only date filters repeat`);
    seen.add(name);
    switch (name) {
      case 'count':
        query.count = parseWhole(name, value, 1, 1000);
        break;
      case 'page':
        query.page = parseWhole(name, value, 1, 1_000_000_000);
        break;
      case 'status':
        if (allowed.includes(name)) query.status = value;
        break;
      case 'transaction_id':
        if (allowed.includes(name)) query.transactionId = value;
        break;
      case 'customer_document_number':
        if (allowed.includes(name)) query.customerDocumentNumber = value;
        break;
      default:
        // Unknown parameters are ignored, as the service does.
        break;
    }
  }
  return query;
}

function parseWhole(name: string, value: string, min: number, max: number): number {
  if (!/^\d+$/.test(value)) throw new QueryError(name, `parameter ${name} must be a whole number, got "${value}"`);
  const n = Number(value);
  if (n < min || n > max) throw new QueryError(name, `parameter ${name} must be between ${min} and ${max}, got ${value}`);
  return n;
}

function applyDateFilter(range: MsRange, name: string, raw: string): void {
  const match = /^(<=|>=|<|>)?(\d{1,16})$/.exec(raw.trim());
  if (!match) throw new QueryError(name, `parameter ${name} must be a millisecond Unix timestamp with an optional <, >, <= or >= prefix, got "${raw}"`);
  const ms = Number(match[2]);
  switch (match[1]) {
    case '<':
      range.hi = Math.min(range.hi, ms - 1);
      break;
    case '<=':
      range.hi = Math.min(range.hi, ms);
      break;
    case '>':
      range.lo = Math.max(range.lo, ms + 1);
      break;
    case '>=':
      range.lo = Math.max(range.lo, ms);
      break;
    default:
      range.lo = Math.max(range.lo, ms);
      range.hi = Math.min(range.hi, ms);
  }
}

/** A stable text of the query without paging, for caches and fault decisions. */
export function canonicalQuery(search: URLSearchParams): string {
  return [...search]
    .map(([k, v]) => `${k}=${v}`)
    .sort()
    .join('&');
}
