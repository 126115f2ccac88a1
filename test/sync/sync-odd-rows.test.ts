// One odd row must not stop the night: ids, items and names with every kind of JSON escape sync and are
// stored exactly (as the service spells them or escaped the way PHP writes JSON), and rows that break
// the schema, transactions or operations, are kept out in sync_rejects while the rest loads.
import { afterEach, describe, expect, it } from 'vitest';
import { registerSecret } from '../../src/shared/redact.ts';
import { fakeCashIn, fakeCashOut, fakeTransaction, startFakeService } from './fake-service.ts';
import { DAY, NOW, exactRows, rows, setup, cleanUpSyncs } from './fake-sync.ts';

afterEach(cleanUpSyncs);

const ODD: Record<string, string> = {
  slash: 'tr/a/b',
  accent: 'tr_é_Ç',
  quote: 'tr_"quoted"',
  backslash: 'tr_\\path',
  control: 'tr_\u0001_\u001f',
  newline: 'tr_line\nbreak\r\t',
  nul: 'tr_\u0000',
  bom: '\ufefftr_bom',
  separators: 'tr_\u2028\u2029',
  emoji: 'tr_😀',
  braces: 'tr_},{"x":1}',
  long: `tr_${'é\\/"'.repeat(50_000)}`,
};

function oddRows(): Array<Record<string, unknown>> {
  return Object.entries(ODD).map(([kind, id], i) =>
    fakeTransaction(id, NOW - 2 * DAY - i * 60_000, { item_id: `item ${id} /${kind}`, card_holder_name: `JOSÉ "ZÉ" \u0001 ${kind}`, memo: { kind } }),
  );
}

describe('odd but valid rows', () => {
  it.each(['plain', 'escaped', 'escaped-upper'] as const)(
    'ids, items and names with every escape are stored exactly (%s bodies), and a re-run changes nothing',
    async (spelling) => {
      const listed = [...oddRows(), fakeTransaction('tr_lone_\ud800', NOW - 3 * DAY)];
      const service = await startFakeService(listed);
      service.spelling = spelling;
      const { warehouse, run } = await setup(service);
      const first = await run();
      expect(first.transactions.new).toBe(Object.keys(ODD).length);
      // An id holding a lone surrogate cannot be stored as text: kept out, not altered.
      expect(first.rejected).toBe(1);
      const stored = await exactRows(
        warehouse,
        'SELECT encode(transaction_id) AS id, encode(item_id) AS item, encode(card_holder_name) AS holder, encode(raw) AS raw FROM transactions JOIN transactions_raw USING (transaction_id)',
      );
      const byId = new Map(stored.map((r) => [r['id'], r]));
      for (const row of oddRows()) {
        const got = byId.get(row['transaction_id']);
        expect(got, JSON.stringify(row['transaction_id']).slice(0, 80)).toBeDefined();
        expect(got!['item']).toBe(row['item_id']);
        expect(got!['holder']).toBe(row['card_holder_name']);
        expect(JSON.parse(got!['raw'] as string)).toEqual(row);
      }
      const [reject] = await exactRows(warehouse, 'SELECT encode(id) AS id, reason FROM sync_rejects');
      expect(reject).toEqual({ id: 'tr_lone_\ufffd', reason: expect.stringMatching(/^field transaction_id: holds a lone surrogate/) });

      const second = await run();
      expect(second.transactions).toEqual({ new: 0, changed: 0, unchanged: Object.keys(ODD).length });
      expect(await rows(warehouse, 'SELECT count(*) AS n FROM transaction_history')).toEqual([{ n: String(Object.keys(ODD).length) }]);
    },
  );

  it('stores a lone surrogate in a name as U+FFFD (transactions and operations), the raw row likewise', async () => {
    const service = await startFakeService(
      [fakeTransaction('tr_1', NOW - DAY, { card_holder_name: 'ANA \ud83d', item_id: 'A\udc00' })],
      [fakeCashIn('ci_1', NOW - DAY, { customer_name: 'BIA \udfff' })],
    );
    service.spelling = 'escaped';
    const { warehouse, run } = await setup(service);
    expect((await run()).rejected).toBe(0);
    const [row] = await exactRows(
      warehouse,
      'SELECT encode(card_holder_name) AS holder, encode(item_id) AS item, raw FROM transactions JOIN transactions_raw USING (transaction_id)',
    );
    expect(row).toMatchObject({ holder: 'ANA \ufffd', item: 'A\ufffd' });
    expect(JSON.parse(row!['raw'] as string)).toMatchObject({ card_holder_name: 'ANA \ufffd', item_id: 'A\ufffd' });
    expect(
      await exactRows(
        warehouse,
        "SELECT encode(customer_name) AS name, raw->>'customer_name' AS listed FROM operations JOIN operations_raw USING (kind, operation_id)",
      ),
    ).toEqual([{ name: 'BIA \ufffd', listed: 'BIA \ufffd' }]);
  });

  it('loads a row that repeats a key as JSON.parse reads it (the last value wins)', async () => {
    const service = await startFakeService([fakeTransaction('tr_dup', NOW - DAY), fakeTransaction('tr_ok', NOW - DAY - 1000)]);
    // The first row listed repeats a key the staging reads (status) and one only publish reads.
    service.rewriteBody = (text) =>
      text.replace('"status":"paid"', '"status":"review","status":"paid"').replace('"card_brand":"visa"', '"card_brand":"visa","card_brand":"elo"');
    const { warehouse, run } = await setup(service);
    expect((await run()).transactions.new).toBe(2);
    expect(
      await rows(
        warehouse,
        "SELECT status, card_brand, raw->>'card_brand' AS listed FROM transactions JOIN transactions_raw USING (transaction_id) WHERE transaction_id = 'tr_dup'",
      ),
    ).toEqual([{ status: 'paid', card_brand: 'elo', listed: 'elo' }]);
  });
});

describe('rows that break the schema', () => {
  it('keeps out a row without an id, and operations whose shape or amount is broken; the rest loads', async () => {
    const txs = [
      fakeTransaction('tr_ok', NOW - DAY),
      { ...fakeTransaction('x', NOW - DAY - 1000), transaction_id: undefined },
      fakeTransaction('tr_bad_date', NOW - DAY - 2000, { date_updated: '2024-02-30T00:00:00Z' }),
    ];
    const ops = [
      fakeCashIn('ci_ok', NOW - DAY),
      fakeCashIn('ci_text', NOW - DAY - 1000, { amount: '1.00' }),
      fakeCashOut('co_cents', NOW - DAY - 2000, { amount: 10.001 }),
      { ...fakeCashIn('ci_both', NOW - DAY - 3000), cash_out_id: 'co_both' },
    ];
    const service = await startFakeService(txs, ops);
    const { warehouse, run } = await setup(service);
    const result = await run();
    // Operations are listed by their date_created and date_updated windows: kept out by each.
    expect(result.rejected).toBe(2 + 3 * 2);
    expect(await rows(warehouse, 'SELECT transaction_id FROM transactions')).toEqual([{ transaction_id: 'tr_ok' }]);
    expect(await rows(warehouse, 'SELECT operation_id FROM operations')).toEqual([{ operation_id: 'ci_ok' }]);
    const rejects = await rows(warehouse, "SELECT stream, filter, id, reason FROM sync_rejects WHERE filter = 'date_created' ORDER BY stream, id NULLS FIRST");
    expect(rejects).toEqual([
      { stream: 'operations', filter: 'date_created', id: 'ci_both', reason: 'field cash_in_id/cash_out_id: expected exactly one of them, got both' },
      { stream: 'operations', filter: 'date_created', id: 'ci_text', reason: expect.stringMatching(/^field amount: /) },
      {
        stream: 'operations',
        filter: 'date_created',
        id: 'co_cents',
        reason: expect.stringMatching(/^field amount: expected reais with at most two decimals/),
      },
      { stream: 'transactions', filter: 'date_created', id: null, reason: expect.stringMatching(/^field transaction_id: /) },
      { stream: 'transactions', filter: 'date_created', id: 'tr_bad_date', reason: expect.stringMatching(/^field date_updated: /) },
    ]);
    expect(await rows(warehouse, "SELECT stream, id FROM sync_rejects WHERE filter = 'date_updated' ORDER BY id")).toEqual(
      ['ci_both', 'ci_text', 'co_cents'].map((id) => ({ stream: 'operations', id })),
    );
  });

  it('never stores the API key in a kept-out row, its id or its reason', async () => {
    registerSecret('test_k3y-secret-value');
    const row = fakeTransaction('tr_test_k3y-secret-value', NOW - DAY, { status: 'test_k3y-secret-value', note: 'api_key=test_k3y-secret-value' });
    const service = await startFakeService([row]);
    const { warehouse, run } = await setup(service);
    expect((await run()).rejected).toBe(1);
    const [reject] = await rows(warehouse, 'SELECT id, raw, reason FROM sync_rejects');
    expect(JSON.stringify(reject)).not.toContain('secret-value');
    expect(reject!['id']).toBe('tr_[redacted]');
  });
});
