// The unit tests run the rules' and the bank rules' tables batched: the cases of one night in one
// warehouse and one reconcile, each case's ids tagged apart (case-tags.ts). That is sound only while no
// rule lets one case's rows change another's findings. This runs every case both ways, alone as the
// tables were first run (a warehouse holding nothing but the case, untagged ids, the merchant's one
// account) and batched, and asks for the same findings and matches: a new case whose rows reach
// another's (by amount, by day totals, by a shared id) fails here by name, to be given a group of its own.
//
// The cases run alone share one warehouse, emptied before each and checked empty (every table but
// schema_migrations without a row, no temporary table left): a fresh copy per case cost an instance
// each and a colder first night, about twice the CPU of a case, for the same empty tables.
import { rmSync } from 'node:fs';
import type { DuckDBConnection } from '@duckdb/node-api';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ONE_THREAD, migratedWarehouse, scratchDir } from '../warehouse/migrated-copy.ts';
import { BANK_CASES } from './bank-cases.ts';
import { type BankBatch, ONE_ACCOUNT, bankConfigOf, runBankBatch, runBankCase } from './bank-nights.ts';
import { RULE_CASES, type RuleCase } from './rule-cases.ts';
import { type RuleBatch, runRuleBatch, runRuleNight } from './rule-nights.ts';

type Alone = Awaited<ReturnType<typeof migratedWarehouse>>;

/** Empties every table of the warehouse but schema_migrations, and checks that nothing is left. */
async function emptied(db: DuckDBConnection): Promise<DuckDBConnection> {
  const tables = async (where: string) =>
    (await db.runAndReadAll(`SELECT table_name FROM duckdb_tables() WHERE ${where} ORDER BY table_name`)).getRowObjects().map((r) => String(r['table_name']));
  const names = await tables(`schema_name = 'main' AND NOT temporary AND table_name <> 'schema_migrations'`);
  for (const name of names) await db.run(`DELETE FROM "${name}"`);
  const counts = (
    await db.runAndReadAll(names.map((name) => `SELECT '${name}' AS t, count(*)::INTEGER AS n FROM "${name}"`).join(' UNION ALL '))
  ).getRowObjects();
  expect(counts.filter((r) => r['n'] !== 0)).toEqual([]);
  expect(await tables('temporary')).toEqual([]);
  return db;
}

describe('the finding rules table', () => {
  let batch: RuleBatch<RuleCase>;
  let alone: Alone;
  beforeAll(async () => {
    batch = await runRuleBatch(RULE_CASES);
    alone = await migratedWarehouse(ONE_THREAD);
  });
  afterAll(() => {
    batch?.close();
    alone?.close();
  });

  it.each(RULE_CASES)('$name: batched as alone', async (c) => {
    expect(batch.findingsOf(c)).toEqual(await runRuleNight(await emptied(alone.db), c));
  });
});

describe('the bank rules table', () => {
  const dir = scratchDir('recon-bank-alone-');
  let batch: BankBatch;
  let alone: Alone;
  beforeAll(async () => {
    batch = await runBankBatch(BANK_CASES);
    alone = await migratedWarehouse(ONE_THREAD);
  });
  afterAll(() => {
    batch?.close();
    alone?.close();
    rmSync(dir, { recursive: true, force: true });
  });

  it.each(BANK_CASES)('$name: batched as alone', async (c) => {
    expect(batch.resultOf(c)).toEqual(await runBankCase({ db: await emptied(alone.db), dir, banks: bankConfigOf(ONE_ACCOUNT) }, c));
  });
});
