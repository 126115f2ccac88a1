// Orders that change after their own day: each night imports that night's export through the real
// importer (so order_history holds real versions), then reconciles. An order edited or turned paid on a
// later night is judged on that night; an order first seen in a backlog is not a change.
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { reconcileDay } from '../../src/reconcile/reconcile.ts';
import { fixedClock } from '../../src/shared/clock.ts';
import { silentLogger } from '../../src/shared/log.ts';
import { insertTransactions } from './fixtures.ts';
import { SANDBOX_HEADER, configWith, openWorkspace, sandboxRow, type Workspace } from '../imports/helpers.ts';
import { businessDayOf } from '../../src/shared/business-day.ts';

const config = configWith({ preset: 'recon-sandbox' }, { timezone: 'America/Sao_Paulo' });

let ws: Workspace;
beforeEach(async () => {
  ws = await openWorkspace();
});
afterEach(() => ws.close());

interface Night {
  /** '' for an import that names no night. */
  date: string;
  /** Export rows of that night (recon-sandbox layout). */
  rows: string[];
}

interface Case {
  name: string;
  txs: Parameters<typeof insertTransactions>[1];
  nights: Night[];
  /** Non-resolved findings of the last night: "category:item_id reason". */
  expected: string[];
}

// Sales of 2024-05-01 10:00 local (13:00 UTC); the payment a minute later.
const SALE = '2024-05-01T13:01:00Z';
const paid = (amount = 10000) => [{ transaction_id: 'tA', item_id: 'A', created: SALE, net_value: amount }];

const cases: Case[] = [
  {
    name: 'an order edited after payment is reported on the night of the edit',
    txs: paid(10000),
    nights: [
      { date: '2024-05-01', rows: [sandboxRow('A', '100,00', 'Pago', '01/05/2024 10:00', 'tA')] },
      { date: '2024-05-03', rows: [sandboxRow('A', '90,00', 'Pago', '01/05/2024 10:00', 'tA')] },
    ],
    expected: ['amount_mismatch:A order edited on 2024-05-03 from 100,00 to 90,00; paid 100,00 (+10,00)'],
  },
  {
    name: 'an order turned paid with no payment is reported on the night it turned',
    txs: [],
    nights: [
      { date: '2024-05-01', rows: [sandboxRow('A', '100,00', 'Aguardando pagamento', '01/05/2024 10:00', '')] },
      { date: '2024-05-04', rows: [sandboxRow('A', '100,00', 'Pago', '01/05/2024 10:00', '')] },
    ],
    expected: ['missing_payment:A order marked paid on 2024-05-04 (was pending); order 100,00 is paid but no paid, refunded or charged-back payment exists'],
  },
  {
    name: 'a backlog loaded on the install night raises nothing for its old days',
    txs: [{ transaction_id: 'tB', item_id: 'B', created: '2024-05-02T13:01:00Z', net_value: 5000 }],
    nights: [
      { date: '2024-05-06', rows: [sandboxRow('A', '100,00', 'Pago', '01/05/2024 10:00', ''), sandboxRow('B', '50,00', 'Cancelado', '02/05/2024 10:00', '')] },
    ],
    expected: [],
  },
  {
    name: 'an order first exported late, after earlier nights, is in scope: canceled with its payment still paid owes a refund',
    txs: [{ transaction_id: 'tB', item_id: 'B', created: '2024-05-02T13:01:00Z', net_value: 5000 }],
    nights: [
      { date: '2024-05-01', rows: [sandboxRow('Z', '10,00', 'Aguardando pagamento', '01/05/2024 10:00', '')] },
      { date: '2024-05-05', rows: [sandboxRow('B', '50,00', 'Cancelado', '02/05/2024 10:00', 'tB')] },
    ],
    expected: ['refund_owed:B order is canceled but payment tB of 50,00 is still paid'],
  },
  {
    name: 'an edit brought by a night after an undated import still says what changed',
    txs: paid(10000),
    nights: [
      { date: '', rows: [sandboxRow('A', '100,00', 'Pago', '01/05/2024 10:00', 'tA')] },
      { date: '2024-05-03', rows: [sandboxRow('A', '90,00', 'Pago', '01/05/2024 10:00', 'tA')] },
    ],
    expected: ['amount_mismatch:A order edited on 2024-05-03 from 100,00 to 90,00; paid 100,00 (+10,00)'],
  },
  {
    name: 'an edit that makes the order agree with its payment raises nothing',
    txs: paid(9000),
    nights: [
      { date: '2024-05-01', rows: [sandboxRow('A', '100,00', 'Pago', '01/05/2024 10:00', 'tA')] },
      { date: '2024-05-03', rows: [sandboxRow('A', '90,00', 'Pago', '01/05/2024 10:00', 'tA')] },
    ],
    expected: [],
  },
  {
    name: 'an order paid on a later night with its payment is clean',
    txs: paid(10000),
    nights: [
      { date: '2024-05-01', rows: [sandboxRow('A', '100,00', 'Aguardando pagamento', '01/05/2024 10:00', '')] },
      { date: '2024-05-02', rows: [sandboxRow('A', '100,00', 'Pago', '01/05/2024 10:00', 'tA')] },
    ],
    expected: [],
  },
  {
    name: 'an order canceled on a later night while its payment stays paid owes a refund',
    txs: paid(10000),
    nights: [
      { date: '2024-05-01', rows: [sandboxRow('A', '100,00', 'Pago', '01/05/2024 10:00', 'tA')] },
      { date: '2024-05-05', rows: [sandboxRow('A', '100,00', 'Cancelado', '01/05/2024 10:00', 'tA')] },
    ],
    expected: ['refund_owed:A order is canceled but payment tA of 100,00 is still paid'],
  },
];

async function runNights(c: Pick<Case, 'txs' | 'nights'>): Promise<string> {
  await insertTransactions(ws.warehouse.connection, c.txs);
  let runId = '';
  for (const night of c.nights) {
    const file = ws.write(`orders-${night.date || 'undated'}.csv`, `${SANDBOX_HEADER}\r\n${night.rows.join('\r\n')}\r\n`, 'windows-1252');
    // A night of '' is a `recon import` that names no night: imported, never reconciled.
    await ws.import(night.date ? { files: [file], businessDate: night.date } : { files: [file] }, config);
    if (!night.date) continue;
    runId = `run-${night.date}`;
    await reconcileDay(
      { db: ws.warehouse.connection, clock: fixedClock(Date.parse(`${night.date}T05:00:00Z`)), logger: silentLogger },
      { runId, day: businessDayOf(night.date, 'America/Sao_Paulo') },
      config.reconcile,
    );
  }
  return runId;
}

describe('orders that change after their own day', () => {
  it.each(cases)('$name', async (c) => {
    const runId = await runNights(c);
    const rows = await ws.rows(`SELECT category || ':' || item_id || ' ' || reason AS f FROM findings WHERE run_id = $1 AND state <> 'resolved' ORDER BY f`, [
      runId,
    ]);
    expect(rows.map((r) => r['f'])).toEqual(c.expected);
  });

  it('keeps saying what changed on the nights after the edit', async () => {
    const night3 = { date: '2024-05-04', rows: [sandboxRow('Z', '10,00', 'Aguardando pagamento', '04/05/2024 10:00', '')] };
    const runId = await runNights({ txs: cases[0]!.txs, nights: [...cases[0]!.nights, night3] });
    const rows = await ws.rows(`SELECT state, reason FROM findings WHERE run_id = $1 AND category = 'amount_mismatch'`, [runId]);
    expect(rows).toEqual([{ state: 'open', reason: 'order edited on 2024-05-03 from 100,00 to 90,00; paid 100,00 (+10,00)' }]);
  });

  it('a version that changes only the creation time is not a change of content', async () => {
    const runId = await runNights({
      txs: [],
      nights: [
        { date: '2024-05-01', rows: [sandboxRow('A', '100,00', 'Aguardando pagamento', '01/05/2024 10:00', '')] },
        { date: '2024-05-02', rows: [sandboxRow('A', '100,00', 'Aguardando pagamento', '01/05/2024 10:05', '')] },
      ],
    });
    const changed = await ws.rows(`SELECT count(*)::INTEGER AS n FROM order_history WHERE item_id = 'A'`);
    expect(changed).toEqual([{ n: 2 }]);
    expect(await ws.rows(`SELECT finding_key FROM findings WHERE run_id = $1`, [runId])).toEqual([]);
  });
});
