// The unit tests run the rules' and the bank rules' tables batched: the cases of one night in one
// warehouse and one reconcile, each case's ids tagged apart (case-tags.ts). That is sound only while no
// rule lets one case's rows change another's findings. This runs every case both ways, alone as the
// tables were first run (a fresh warehouse each, untagged ids, the merchant's one account) and
// batched, and asks for the same findings and matches: a new case whose rows reach another's (by
// amount, by day totals, by a shared id) fails here by name, to be given a group of its own.
import { rmSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ONE_THREAD, migratedWarehouse, scratchDir } from '../warehouse/migrated-copy.ts';
import { BANK_CASES } from './bank-cases.ts';
import { type BankBatch, ONE_ACCOUNT, bankConfigOf, runBankBatch, runBankCase } from './bank-nights.ts';
import { RULE_CASES, type RuleCase } from './rule-cases.ts';
import { type RuleBatch, runRuleBatch, runRuleNight } from './rule-nights.ts';

describe('the finding rules table', () => {
  let batch: RuleBatch<RuleCase>;
  beforeAll(async () => {
    batch = await runRuleBatch(RULE_CASES);
  });
  afterAll(() => batch?.close());

  it.each(RULE_CASES)('$name: batched as alone', async (c) => {
    const { db, close } = await migratedWarehouse(ONE_THREAD);
    try {
      expect(batch.findingsOf(c)).toEqual(await runRuleNight(db, c));
    } finally {
      close();
    }
  });
});

describe('the bank rules table', () => {
  const dir = scratchDir('recon-bank-alone-');
  let batch: BankBatch;
  beforeAll(async () => {
    batch = await runBankBatch(BANK_CASES);
  });
  afterAll(() => {
    batch?.close();
    rmSync(dir, { recursive: true, force: true });
  });

  it.each(BANK_CASES)('$name: batched as alone', async (c) => {
    const warehouse = await migratedWarehouse(ONE_THREAD);
    try {
      expect(batch.resultOf(c)).toEqual(await runBankCase({ db: warehouse.db, dir, banks: bankConfigOf(ONE_ACCOUNT) }, c));
    } finally {
      warehouse.close();
    }
  });
});
