// The bank rules, case by case on a real DuckDB warehouse file: payouts (fulfilled cash-outs to the
// merchant's own CNPJ) against the credits of its statements, night after night (docs/bank.md).
import { rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { DateTime } from 'luxon';
import { afterAll, afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { DuckDBConnection } from '@duckdb/node-api';
import { importStatementFile } from '../../src/bank/import-statement.ts';
import { formatOfx1 } from '../../src/bank/write-ofx.ts';
import type { StatementLine } from '../../src/bank/statement.ts';
import { configSchema } from '../../src/config/schema.ts';
import { reconcileDay } from '../../src/reconcile/reconcile.ts';
import { businessDayOf } from '../../src/shared/business-day.ts';
import { fixedClock } from '../../src/shared/clock.ts';
import { silentLogger } from '../../src/shared/log.ts';
import type { Warehouse } from '../../src/warehouse/open.ts';
import { openMigratedCopy, scratchDir } from '../warehouse/migrated-copy.ts';
import { MERCHANT_CNPJ, insertOperations, merchantPayout, type OpRow } from './fixtures.ts';

const TZ = 'America/Sao_Paulo';
const CNPJ = MERCHANT_CNPJ;
const config = configSchema.parse({ bank: { accounts: [{ id: 'itau-1', document: '11.222.333/0001-81', bankAccount: '56789-0' }] } });
const bank = { ...config.bank, zone: TZ };
const dir = scratchDir('recon-bank-rules-');
afterAll(() => rmSync(dir, { recursive: true, force: true }));

let warehouse: Warehouse;
let db: DuckDBConnection;
let file = 0;
beforeEach(async () => {
  warehouse = await openMigratedCopy(join(dir, `w${++file}.duckdb`));
  db = warehouse.connection;
});
afterEach(() => warehouse.close());

const payout = merchantPayout;

const credit = (fitid: string, postedOn: string, cents: number, memo = 'PIX RECEBIDO PAGAMENTOS'): StatementLine => ({
  postedOn,
  amountCents: cents,
  type: 'credit',
  fitid,
  memo,
  documentNumber: undefined,
});

/** Imports a statement of the account as the bank would write it (OFX 1.x), through the real import, at `atMs`. */
async function statement(periodStart: string, periodEnd: string, lines: StatementLine[], number = '56789-0', banks = config.bank, atMs = 0): Promise<void> {
  const account = { bankCode: '341', agency: '1234', account: number, document: CNPJ, holderName: 'Loja Sandbox Ltda' };
  const path = join(dir, `statement-${file}-${number}-${periodStart}-${periodEnd}-${lines.length}.ofx`);
  writeFileSync(path, formatOfx1({ account, periodStart, periodEnd, openingBalanceCents: undefined, closingBalanceCents: undefined, lines }));
  await importStatementFile({ db, clock: fixedClock(atMs), logger: silentLogger }, path, banks);
}

/** Runs the night of `date` (at `atMs`) and gives its findings, as "category:key-tail state". */
async function night(date: string, runId = `run-${date}`, check = bank, atMs = 0): Promise<string[]> {
  await reconcileDay({ db, clock: fixedClock(atMs), logger: silentLogger }, { runId, day: businessDayOf(date, TZ), bank: check }, config.reconcile);
  const rows = await db.runAndReadAll(`SELECT finding_key, state FROM findings WHERE run_id = $1 ORDER BY finding_key`, [runId]);
  return rows.getRowObjects().map((r) => `${String(r['finding_key'])} ${String(r['state'])}`);
}

async function matchesOf(runId: string): Promise<string[]> {
  const rows = await db.runAndReadAll(
    `SELECT cash_out_id || ' ' || matched_by || coalesce(' ' || line_id, '') AS m FROM payout_matches WHERE run_id = $1 ORDER BY m`,
    [runId],
  );
  return rows.getRowObjects().map((r) => String(r['m']));
}

interface Case {
  name: string;
  ops: OpRow[];
  lines: StatementLine[];
  /** The statement's period (default 2026-03-01 to the night). */
  period?: [string, string];
  date?: string;
  findings: string[];
  matches: string[];
}

// P = Thursday 2026-03-05, so W = Monday 2026-03-09 (two bank business days), judged on the night of 03-10.
const cases: Case[] = [
  { name: 'exact match', ops: [payout('p1', 100_000)], lines: [credit('F1', '2026-03-06', 100_000)], findings: [], matches: ['p1 exact F1'] },
  {
    name: 'nearest date among credits of the same amount',
    ops: [payout('p1', 100_000)],
    lines: [credit('F1', '2026-03-09', 100_000, 'DEP DINHEIRO'), credit('F2', '2026-03-06', 100_000, 'DEP DINHEIRO')],
    findings: [],
    matches: ['p1 exact F2'],
  },
  {
    name: 'a tie on the same day goes to the smaller line id',
    ops: [payout('p1', 100_000)],
    lines: [credit('F9', '2026-03-06', 100_000, 'DEP DINHEIRO'), credit('F3', '2026-03-06', 100_000, 'DEP DINHEIRO')],
    findings: [],
    matches: ['p1 exact F3'],
  },
  {
    name: "a day's payouts summed into one credit",
    ops: [payout('p1', 60_000), payout('p2', 40_000)],
    lines: [credit('F1', '2026-03-06', 100_000)],
    findings: [],
    matches: ['p1 sum F1', 'p2 sum F1'],
  },
  {
    name: 'a short credit is payout_amount_differs only',
    ops: [payout('p1', 100_000)],
    lines: [credit('F1', '2026-03-06', 95_000)],
    findings: ['payout_amount_differs:p1 new'],
    matches: ['p1 paired F1'],
  },
  {
    name: 'a credit of another amount beyond the tolerance is no evidence: the payout and the credit are two findings',
    ops: [payout('p1', 98_050)],
    lines: [credit('F1', '2026-03-06', 333_333)],
    date: '2026-03-11',
    findings: ['bank_credit_unexplained:itau-1:F1 new', 'payout_not_in_bank:p1 new'],
    matches: ['p1 none'],
  },
  {
    name: 'a credit the day before P is not its transfer when it was fulfilled after the first hour',
    ops: [payout('p1', 100_000, '2026-03-06')],
    lines: [credit('F1', '2026-03-05', 99_000)],
    date: '2026-03-11',
    findings: ['bank_credit_unexplained:itau-1:F1 new', 'payout_not_in_bank:p1 new'],
    matches: ['p1 none'],
  },
  {
    name: 'a payout fulfilled at 00:20 may have been credited the evening before',
    ops: [payout('p1', 100_000, '2026-03-06', { updated: '2026-03-06T03:20:00Z' })],
    lines: [credit('F1', '2026-03-05', 100_000)],
    date: '2026-03-11',
    findings: [],
    matches: ['p1 exact F1'],
  },
  {
    name: 'a credit the bank returned ("DEVOLUÇÃO PIX") is no credit: the payout is not in the bank',
    ops: [payout('p1', 100_000)],
    lines: [credit('F1', '2026-03-06', 100_000), { ...credit('F2', '2026-03-09', -100_000, 'DEVOLUÇÃO PIX RECEBIDO'), type: 'debit' }],
    findings: ['payout_not_in_bank:p1 new'],
    matches: ['p1 none'],
  },
  {
    name: 'never credited, a statement covering W: payout_not_in_bank',
    ops: [payout('p1', 100_000)],
    lines: [credit('F1', '2026-03-06', 5_000, 'DEP DINHEIRO')],
    findings: ['payout_not_in_bank:p1 new'],
    matches: ['p1 none'],
  },
  {
    name: 'never credited, judged on W itself: nothing yet',
    ops: [payout('p1', 100_000)],
    lines: [],
    date: '2026-03-09',
    findings: [],
    matches: ['p1 none'],
  },
  {
    name: 'never credited, but no statement covers W: nothing',
    ops: [payout('p1', 100_000)],
    lines: [],
    period: ['2026-03-01', '2026-03-08'],
    findings: [],
    matches: ['p1 none'],
  },
  {
    name: 'a credit on W, the last day of the window: no finding',
    ops: [payout('p1', 100_000)],
    lines: [credit('F1', '2026-03-09', 100_000)],
    findings: [],
    matches: ['p1 exact F1'],
  },
  {
    name: 'a credit the day after W is no match (and unexplained once its own windows pass)',
    ops: [payout('p1', 100_000)],
    lines: [credit('F1', '2026-03-10', 100_000, 'DEP DINHEIRO')],
    date: '2026-03-11',
    findings: ['payout_not_in_bank:p1 new'],
    matches: ['p1 none'],
  },
  {
    name: 'an unexplained payout-like credit, once every window that could hold it has passed',
    ops: [],
    lines: [credit('F1', '2026-03-05', 32_000, 'TED RECEBIDA'), credit('F2', '2026-03-05', 45_000, 'DEP DINHEIRO')],
    findings: ['bank_credit_unexplained:itau-1:F1 new'],
    matches: [],
  },
  {
    name: 'a payout-like credit is not judged before W of its day',
    ops: [],
    lines: [credit('F1', '2026-03-06', 32_000, 'TED RECEBIDA')],
    findings: [],
    matches: [],
  },
  {
    name: 'a cash-out to someone else is no payout',
    ops: [payout('p1', 100_000, '2026-03-05', { document: '12345678909' })],
    lines: [],
    findings: [],
    matches: [],
  },
  {
    name: 'Carnival in the window: P Friday 02-13, W Thursday 02-19, credited on W',
    ops: [payout('p1', 100_000, '2026-02-13')],
    lines: [credit('F1', '2026-02-19', 100_000)],
    period: ['2026-02-01', '2026-02-20'],
    date: '2026-02-20',
    findings: [],
    matches: ['p1 exact F1'],
  },
  {
    name: 'Carnival in the window: never credited, judged only after W',
    ops: [payout('p1', 100_000, '2026-02-13')],
    lines: [],
    period: ['2026-02-01', '2026-02-20'],
    date: '2026-02-20',
    findings: ['payout_not_in_bank:p1 new'],
    matches: ['p1 none'],
  },
];

describe('bank rules', () => {
  it.each(cases)('$name', async (c) => {
    const date = c.date ?? '2026-03-10';
    await insertOperations(db, c.ops);
    const [start, end] = c.period ?? ['2026-03-01', date];
    await statement(start, end, c.lines);
    expect(await night(date)).toEqual(c.findings);
    expect(await matchesOf(`run-${date}`)).toEqual(c.matches);
  });

  it('says both amounts, the days and the bank line in the reason', async () => {
    await insertOperations(db, [payout('p1', 150_000)]);
    await statement('2026-03-01', '2026-03-10', [credit('F1', '2026-03-09', 145_000)]);
    await night('2026-03-10');
    const rows = await db.runAndReadAll(`SELECT reason, payment_amount_cents, difference_cents, operation_id FROM findings`);
    expect(rows.getRowObjectsJS()).toEqual([
      {
        reason: 'payout of 1.500,00 on 2026-03-05 was credited 1.450,00 on 2026-03-09 in bank account itau-1 (-50,00; line F1, memo "PIX RECEBIDO PAGAMENTOS")',
        payment_amount_cents: 150_000n,
        difference_cents: -5_000n,
        operation_id: 'p1',
      },
    ]);
  });

  it('changes nothing when the same night runs again, or the same statement is loaded again', async () => {
    await insertOperations(db, [payout('p1', 100_000), payout('p2', 70_000)]);
    await statement('2026-03-01', '2026-03-10', [credit('F1', '2026-03-06', 100_000)]);
    await statement('2026-03-01', '2026-03-10', [credit('F1', '2026-03-06', 100_000)]);
    const first = await night('2026-03-10');
    expect(await night('2026-03-10')).toEqual(first);
    expect(first).toEqual(['payout_not_in_bank:p2 new']);
    expect(await matchesOf('run-2026-03-10')).toEqual(['p1 exact F1', 'p2 none']);
    const lines = await db.runAndReadAll('SELECT count(*) AS n FROM bank_transactions');
    expect(Number(lines.getRowObjects()[0]?.['n'])).toBe(1);
  });

  it('carries a finding and resolves it when a late statement line explains it', async () => {
    await insertOperations(db, [payout('p1', 100_000)]);
    await statement('2026-03-01', '2026-03-10', []);
    expect(await night('2026-03-10')).toEqual(['payout_not_in_bank:p1 new']);
    await statement('2026-03-11', '2026-03-11', []);
    expect(await night('2026-03-11')).toEqual(['payout_not_in_bank:p1 open']);
    // The bank sends a corrected statement of W with the credit in it.
    await statement('2026-03-09', '2026-03-09', [credit('F1', '2026-03-09', 100_000)]);
    expect(await night('2026-03-12')).toEqual(['payout_not_in_bank:p1 resolved']);
  });

  it('takes P from the first time the payout was seen fulfilled, not from a later update', async () => {
    await insertOperations(db, [payout('p1', 100_000, '2026-03-12')]);
    await db.run(`INSERT INTO operation_history VALUES ('cash_out', 'p1', 'fulfilled', TIMESTAMPTZ '2026-03-05 15:00:00+00', now(), now(), 'r', 'r')`);
    await statement('2026-03-01', '2026-03-17', [credit('F1', '2026-03-06', 100_000)]);
    expect(await night('2026-03-17')).toEqual([]);
    expect(await matchesOf('run-2026-03-17')).toEqual(['p1 exact F1']);
  });

  it('carries an amount that differs for as long as the pairing holds', async () => {
    await insertOperations(db, [payout('p1', 100_000)]);
    await statement('2026-03-01', '2026-03-10', [credit('F1', '2026-03-06', 96_000)]);
    expect(await night('2026-03-10')).toEqual(['payout_amount_differs:p1 new']);
    expect(await night('2026-03-20')).toEqual(['payout_amount_differs:p1 open']);
  });

  it('a payout to a document of two accounts is one payout: credited in either, judged once', async () => {
    const two = configSchema.parse({
      bank: {
        accounts: [
          { id: 'itau-1', document: CNPJ, bankAccount: '56789-0' },
          { id: 'bradesco-1', document: CNPJ, bankAccount: '11111-1' },
        ],
      },
    }).bank;
    await insertOperations(db, [payout('p1', 100_000), payout('p2', 50_000)]);
    await statement('2026-03-01', '2026-03-10', [credit('F1', '2026-03-06', 100_000)], '56789-0', two);
    await statement('2026-03-01', '2026-03-10', [], '11111-1', two);
    expect(await night('2026-03-10', 'run-two', { ...two, zone: TZ })).toEqual(['payout_not_in_bank:p2 new']);
    expect(await matchesOf('run-two')).toEqual(['p1 exact F1', 'p2 none']);
    const reason = await db.runAndReadAll(`SELECT reason FROM findings WHERE run_id = 'run-two'`);
    expect(String(reason.getRowObjects()[0]?.['reason'])).toMatch(/in bank account itau-1\/bradesco-1 from 2026-03-05 to 2026-03-09$/);
  });

  it('a credit an earlier night gave to a payout now out of view is not handed to another one of the same amount', async () => {
    await insertOperations(db, [payout('Y', 100_000, '2026-03-10'), payout('X', 100_000, '2026-03-12')]);
    await statement('2026-03-01', '2026-03-31', [credit('CY', '2026-03-12', 100_000), credit('CX', '2026-03-16', 100_000)]);
    for (const date of ['2026-03-27', '2026-03-30', '2026-03-31', '2026-04-01']) expect(await night(date)).toEqual([]);
  });

  it('a carried payout is read alone: the view does not reach back to it', async () => {
    const daily = Array.from({ length: 120 }, (_, i) => DateTime.fromISO('2026-03-06').plus({ days: i }).toISODate() ?? '');
    await insertOperations(db, [payout('short', 100_000), ...daily.map((day) => payout(`d-${day}`, 10_000, day))]);
    await statement('2026-03-01', '2026-07-10', [credit('F1', '2026-03-06', 96_000), ...daily.map((day) => credit(`c-${day}`, day, 10_000))]);
    expect(await night('2026-03-10')).toEqual(['payout_amount_differs:short new']);
    expect(await night('2026-07-01')).toEqual(['payout_amount_differs:short open']);
    // The short payout, and the payouts of a few weeks before the night: not the 100 days between.
    expect((await matchesOf('run-2026-07-01')).length).toBeLessThan(40);
  });

  it('an unexplained credit a late statement brings is reported the night it arrives', async () => {
    await insertOperations(db, [payout('p1', 100_000)]);
    await statement('2026-03-01', '2026-03-30', [credit('F1', '2026-03-06', 100_000)], '56789-0', config.bank, Date.parse('2026-03-31T05:00:00Z'));
    expect(await night('2026-03-30', 'run-03-30', bank, Date.parse('2026-03-31T05:00:00Z'))).toEqual([]);
    // The bank's corrected statement of early March, imported after that night.
    await statement(
      '2026-03-01',
      '2026-03-31',
      [credit('F1', '2026-03-06', 100_000), credit('LATE', '2026-03-05', 70_000, 'TED RECEBIDA REPASSE AVULSO')],
      '56789-0',
      config.bank,
      Date.parse('2026-04-01T04:00:00Z'),
    );
    expect(await night('2026-03-31', 'run-03-31', bank, Date.parse('2026-04-01T05:00:00Z'))).toEqual(['bank_credit_unexplained:itau-1:LATE new']);
  });
});
