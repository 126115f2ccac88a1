// How the bank rules' tests run a night: a statement of an account imported as the bank would write it
// (OFX 1.x, through the real import), the night reconciled with the bank check on, its findings and
// payout matches read back. A case of the table runs alone (runBankCase) or batched (runBankBatch): the
// cases of one night in one warehouse, each with an account and a CNPJ of its own, so that a payout
// of one case can only ever be matched with a credit of the same case; the ids carry its tag too
// (case-tags.ts), and so does every finding key and match.
import { rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { DuckDBConnection } from '@duckdb/node-api';
import { importStatementFile } from '../../src/bank/import-statement.ts';
import type { StatementLine } from '../../src/bank/statement.ts';
import { formatOfx1 } from '../../src/bank/write-ofx.ts';
import { type BankConfig, configSchema } from '../../src/config/schema.ts';
import { reconcileDay } from '../../src/reconcile/reconcile.ts';
import { businessDayOf } from '../../src/shared/business-day.ts';
import { fixedClock } from '../../src/shared/clock.ts';
import { silentLogger } from '../../src/shared/log.ts';
import { ONE_THREAD, migratedWarehouse, scratchDir } from '../warehouse/migrated-copy.ts';
import type { BankCase } from './bank-cases.ts';
import { groupCases, ownLines, tagOp, unownedLines } from './case-tags.ts';
import { MERCHANT_CNPJ, insertOperations } from './fixtures.ts';

const TZ = 'America/Sao_Paulo';
const reconcile = configSchema.parse({}).reconcile;

type Account = BankConfig['accounts'][number];
/** The merchant's account the tables' statements belong to. */
export const ONE_ACCOUNT = [{ id: 'itau-1', document: MERCHANT_CNPJ, bankAccount: '56789-0' }];

export const bankConfigOf = (accounts: readonly Account[]): BankConfig => configSchema.parse({ bank: { accounts } }).bank;

/** A warehouse, a folder for its statement files, and the accounts its imports and nights know. */
export interface BankDesk {
  db: DuckDBConnection;
  dir: string;
  banks: BankConfig;
}

let files = 0;

/** Imports a statement of account `number` (OFX 1.x, through the real import) at `atMs`. */
export async function importStatement(
  desk: BankDesk,
  periodStart: string,
  periodEnd: string,
  lines: StatementLine[],
  number = '56789-0',
  atMs = 0,
): Promise<void> {
  const account = { bankCode: '341', agency: '1234', account: number, document: MERCHANT_CNPJ, holderName: 'Loja Sandbox Ltda' };
  const path = join(desk.dir, `statement-${++files}-${number}-${periodStart}-${periodEnd}.ofx`);
  writeFileSync(path, formatOfx1({ account, periodStart, periodEnd, openingBalanceCents: undefined, closingBalanceCents: undefined, lines }));
  await importStatementFile({ db: desk.db, clock: fixedClock(atMs), logger: silentLogger }, path, desk.banks);
}

/** Runs the night of `date` (at `atMs`) and gives its findings, as "category:key-tail state". */
export async function runBankNight(desk: BankDesk, date: string, runId = `run-${date}`, atMs = 0): Promise<string[]> {
  const bank = { ...desk.banks, zone: TZ };
  await reconcileDay({ db: desk.db, clock: fixedClock(atMs), logger: silentLogger }, { runId, day: businessDayOf(date, TZ), bank }, reconcile);
  const rows = await desk.db.runAndReadAll(`SELECT finding_key, state FROM findings WHERE run_id = $1 ORDER BY finding_key`, [runId]);
  return rows.getRowObjects().map((r) => `${String(r['finding_key'])} ${String(r['state'])}`);
}

/** The run's payout matches, as "cash-out matched_by line". */
export async function readPayoutMatches(db: DuckDBConnection, runId: string): Promise<string[]> {
  const rows = await db.runAndReadAll(
    `SELECT cash_out_id || ' ' || matched_by || coalesce(' ' || line_id, '') AS m FROM payout_matches WHERE run_id = $1 ORDER BY m`,
    [runId],
  );
  return rows.getRowObjects().map((r) => String(r['m']));
}

/** One case on a desk of its own (the table's merchant account): its night's findings and matches. */
export async function runBankCase(desk: BankDesk, c: BankCase): Promise<{ findings: string[]; matches: string[] }> {
  const date = c.date ?? '2026-03-10';
  await insertOperations(desk.db, c.ops);
  const [start, end] = c.period ?? ['2026-03-01', date];
  await importStatement(desk, start, end, c.lines);
  return { findings: await runBankNight(desk, date), matches: await readPayoutMatches(desk.db, `run-${date}`) };
}

export interface BankBatch {
  /** The case's findings and matches, as runBankCase would give them for the case alone. */
  resultOf(c: BankCase): { findings: string[]; matches: string[] };
  /** The warehouse the case's night ran in, and the tag its ids carry there. */
  placeOf(c: BankCase): { db: DuckDBConnection; tag: string };
  /** Findings and matches that name no case of their night. */
  unowned: string[];
  close(): void;
}

// A case's own account: a CNPJ and an account number no other case of the batch has (the payouts to the
// table's merchant CNPJ go to it instead), its id tagged.
const accountOf = (tag: string, i: number): Account => ({
  id: `${tag}itau-1`,
  document: `99${String(i).padStart(12, '0')}`,
  bankAccount: `7${String(i).padStart(5, '0')}-0`,
});

/** Runs the cases' nights, one warehouse and one reconcile per night. */
export async function runBankBatch(cases: readonly BankCase[]): Promise<BankBatch> {
  // The statement files; each night's warehouse is in a folder of its own.
  const dir = scratchDir('recon-bank-batch-');
  const places = new Map<BankCase, { db: DuckDBConnection; tag: string; findings: string[]; matches: string[] }>();
  const closers: (() => void)[] = [() => rmSync(dir, { recursive: true, force: true })];
  const unowned: string[] = [];
  try {
    for (const { key: date, members } of groupCases(cases, (c) => c.date ?? '2026-03-10')) {
      const warehouse = await migratedWarehouse(ONE_THREAD);
      closers.unshift(warehouse.close);
      const accounts = members.map(({ tag }, i) => accountOf(tag, i));
      // bank.accounts holds at most 50 accounts.
      if (accounts.length > 50) throw new Error(`the night of ${date} has ${accounts.length} bank cases; split the batch`);
      const desk: BankDesk = { db: warehouse.db, dir, banks: bankConfigOf(accounts) };
      const ops = members.flatMap(({ c, tag }, i) =>
        c.ops.map((op) => tagOp(tag, op.document === MERCHANT_CNPJ ? { ...op, document: accountOf(tag, i).document } : op)),
      );
      await insertOperations(desk.db, ops);
      for (const [i, { c }] of members.entries()) {
        const [start, end] = c.period ?? ['2026-03-01', date];
        await importStatement(desk, start, end, c.lines, accountOf('', i).bankAccount);
      }
      const findings = await runBankNight(desk, date);
      const matches = await readPayoutMatches(desk.db, `run-${date}`);
      for (const { c, tag } of members) places.set(c, { db: desk.db, tag, findings: ownLines(tag, findings), matches: ownLines(tag, matches) });
      unowned.push(
        ...unownedLines(
          members.map((m) => m.tag),
          [...findings, ...matches],
        ),
      );
    }
  } catch (error) {
    for (const close of closers) close();
    throw error;
  }
  const placeOf = (c: BankCase) => {
    const place = places.get(c);
    if (!place) throw new Error('not a case of this batch');
    return place;
  };
  return {
    resultOf: (c) => ({ findings: placeOf(c).findings, matches: placeOf(c).matches }),
    placeOf,
    unowned,
    close: () => {
      for (const close of closers) close();
    },
  };
}
