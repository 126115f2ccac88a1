// A minimal listing service for sync tests that need exact control (late visibility, moving totals):
// transactions and operations in memory, the spec's filters (transaction_id included), newest first,
// 1-based pages, bodies spelled as JSON.stringify does or with every odd character escaped.
import { startLoopback, sendJson, type Loopback } from '../api/loopback.ts';
import { writeJson, type Spelling } from './odd-json.ts';

export interface FakeRow {
  [key: string]: unknown;
}

export interface FakeService extends Loopback {
  transactions: FakeRow[];
  operations: FakeRow[];
  /** Called before each listing is answered (mutate the data to simulate drift). */
  beforeList?: (path: string, params: URLSearchParams) => void;
  /** How bodies are written (default: as JSON.stringify writes them). */
  spelling?: Spelling;
  /** Last change to a listing body's text (rows no serializer writes, such as a duplicate key). */
  rewriteBody?: (text: string) => string;
}

export async function startFakeService(transactions: FakeRow[], operations: FakeRow[] = []): Promise<FakeService> {
  const service = { transactions, operations } as FakeService;
  const loop = await startLoopback((req, res) => {
    const url = new URL(req.url ?? '/', 'http://x');
    service.beforeList?.(url.pathname, url.searchParams);
    const key = url.pathname === '/v1/transactions' ? 'transactions' : url.pathname === '/v1/operations' ? 'operations' : undefined;
    if (!key) return sendJson(res, 404, { errors: { type: 'not_found', message: 'no route' } });
    const rows = (key === 'transactions' ? service.transactions : service.operations).filter((row) => matches(row, url.searchParams));
    rows.sort(
      (a, b) =>
        Date.parse(String(b['date_created'])) - Date.parse(String(a['date_created'])) ||
        String(b['transaction_id'] ?? b['cash_in_id'] ?? b['cash_out_id']).localeCompare(String(a['transaction_id'] ?? a['cash_in_id'] ?? a['cash_out_id'])),
    );
    const count = Number(url.searchParams.get('count') ?? 10);
    const page = Number(url.searchParams.get('page') ?? 1);
    const body = { total: rows.length, page, offset: Math.floor(rows.length / count), [key]: rows.slice((page - 1) * count, page * count) };
    const text = writeJson(body, service.spelling ?? 'plain');
    sendJson(res, 200, service.rewriteBody ? service.rewriteBody(text) : text);
  });
  return Object.assign(service, loop);
}

function matches(row: FakeRow, params: URLSearchParams): boolean {
  for (const field of ['date_created', 'date_updated']) {
    for (const value of params.getAll(field)) {
      const m = /^(>=|<=|<|>)?(\d+)$/.exec(value);
      if (!m) return false;
      const at = Date.parse(String(row[field]));
      const bound = Number(m[2]);
      const ok = m[1] === '>=' ? at >= bound : m[1] === '<=' ? at <= bound : m[1] === '<' ? at < bound : m[1] === '>' ? at > bound : at === bound;
      if (!ok) return false;
    }
  }
  const status = params.get('status');
  const id = params.get('transaction_id');
  // Transactions the fraud check rejected are never listed.
  return row['status'] !== 'rejected' && (status === null || row['status'] === status) && (id === null || row['transaction_id'] === id);
}

/** A listed v1 transaction with sensible defaults. */
export function fakeTransaction(id: string, createdMs: number, overrides: FakeRow = {}): FakeRow {
  const iso = new Date(createdMs).toISOString();
  return {
    status: 'paid',
    authorization_code: '123456',
    nsu: '654321',
    date_created: iso,
    date_updated: iso,
    net_value: 10_000,
    authorized_amount: 10_000,
    paid_amount: 10_000,
    refunded_amount: 0,
    installments: '1',
    transaction_id: id,
    item_id: `order-${id}`,
    card_holder_name: 'MARIA SILVA',
    card_brand: 'visa',
    card_first_digits: '411111',
    card_last_digits: '1111',
    acquirer_status_code: '0000',
    acquirer_status_message: 'Authorized',
    ...overrides,
  };
}

export function fakeCashIn(id: string, createdMs: number, overrides: FakeRow = {}): FakeRow {
  const iso = new Date(createdMs).toISOString();
  return {
    cash_in_id: id,
    item_id: `pix-${id}`,
    status: 'paid',
    date_created: iso,
    date_updated: iso,
    amount: 150.9,
    paid_amount: 150.9,
    customer_name: 'Ana',
    customer_document_number: '12345678909',
    ...overrides,
  };
}

export function fakeCashOut(id: string, createdMs: number, overrides: FakeRow = {}): FakeRow {
  const iso = new Date(createdMs).toISOString();
  return {
    cash_out_id: id,
    item_id: `po-${id}`,
    status: 'pending',
    status_description: 'aguardando',
    date_created: iso,
    date_updated: iso,
    amount: 1000.1,
    paid_off_amount: 0,
    customer_name: 'Loja',
    customer_document_number: '12345678000199',
    ...overrides,
  };
}
