// One pipeline: a night of the embedded sandbox run (what `npm start` does, at a fixed clock), then
// `recon reconcile --sandbox --date D` over the same warehouse. Same data, so the same findings
// (category, key, state), the bank's included; `recon findings list` shows the same set with the same
// triage, and the night's reports and summary.json (what the page reads) follow the new run.
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { connect } from '../../jobs/connect.ts';
import { runNightly } from '../../jobs/nightly.ts';
import { sandboxConfigOf, sandboxDataDirFor } from '../../jobs/sandbox-config.ts';
import { preloadSandboxOrders } from '../../jobs/sandbox-orders.ts';
import { contextFor } from '../../src/cli/context.ts';
import { addDays } from '../../src/shared/business-day.ts';
import { silentLogger } from '../../src/shared/log.ts';
import { snapshotPathFor } from '../../src/triage/snapshot.ts';
import { openWarehouse } from '../../src/warehouse/open.ts';
import { runCliInProcess } from '../cli/in-process.ts';

// 09:00 in São Paulo on 2026-11-27: the embedded run reconciles 2026-11-26, a night with a bank finding.
const NOW = Date.parse('2026-11-27T12:00:00Z');
const BANK = ['payout_not_in_bank', 'payout_amount_differs', 'bank_credit_unexplained'];

interface Finding {
  category: string;
  key: string;
  state: string;
}

let dir: string;
let configFile: string;
let night = '';
let nightlyRunId = '';
let before: Finding[] = [];
let listedBefore: Finding[] = [];
let acknowledged = '';
let againStdout = '';

const sorted = (rows: Finding[]) => [...rows].sort((a, b) => `${a.category} ${a.key}`.localeCompare(`${b.category} ${b.key}`));

async function latestFindings(warehousePath: string): Promise<{ runId: string; rows: Finding[] }> {
  const warehouse = await openWarehouse(warehousePath, { readOnly: true });
  try {
    const reader = await warehouse.connection.runAndReadAll(
      `SELECT run_id, category, finding_key, state FROM findings_latest WHERE business_date = CAST($date AS DATE)`,
      { date: night },
    );
    const rows = reader.getRowObjects();
    return {
      runId: String(rows[0]?.['run_id'] ?? ''),
      rows: sorted(rows.map((r) => ({ category: String(r['category']), key: String(r['finding_key']), state: String(r['state']) }))),
    };
  } finally {
    warehouse.close();
  }
}

async function listFindings(): Promise<Finding[]> {
  const listed = await runCliInProcess(['findings', 'list', '--sandbox', '--config', configFile, '--format', 'json']);
  expect(listed.code).toBe(0);
  const records = JSON.parse(listed.stdout) as { finding_key: string; category: string; state: string }[];
  return sorted(records.map((r) => ({ category: r.category, key: r.finding_key, state: r.state })));
}

/** RFC 4180 records (quoted fields may hold commas, quotes and line breaks). */
function csvRecords(text: string): Record<string, string>[] {
  const records: string[][] = [];
  let record: string[] = [];
  let field = '';
  let quoted = false;
  const endField = () => {
    record.push(field);
    field = '';
  };
  for (let i = 0; i < text.length; i++) {
    const c = text[i]!;
    if (quoted && c === '"' && text[i + 1] === '"') {
      field += '"';
      i++;
    } else if (c === '"') {
      quoted = !quoted;
    } else if (!quoted && c === ',') {
      endField();
    } else if (!quoted && c === '\n') {
      field = field.replace(/\r$/, '');
      endField();
      records.push(record);
      record = [];
    } else {
      field += c;
    }
  }
  const [header, ...rows] = records;
  return rows.map((r) => Object.fromEntries(r.map((v, i) => [header![i]!, v])));
}

function reportFindings(): Finding[] {
  const rows = csvRecords(readFileSync(join(dir, 'data', 'sandbox', 'reports', night, 'discrepancies.csv'), 'utf8'));
  return sorted(rows.map((r) => ({ category: r['category']!, key: r['finding_key']!, state: r['state']! })));
}

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'recon-reconcile-again-'));
  configFile = join(dir, 'recon.config.json');
  writeFileSync(configFile, '{}');
  const clock = { now: () => NOW };
  // What `recon run nightly --sandbox` does, at a fixed clock: the command's context, then the connection.
  const given = contextFor({ config: configFile, sandbox: true });
  const connection = await connect(given.config, { clock, logger: silentLogger, configFile, sandbox: true });
  try {
    const sandbox = connection.sandbox!;
    night = sandbox.lastDay;
    // The commands' --sandbox config is the embedded run's, without starting the sandbox.
    expect(given.config).toEqual(connection.config);
    const warehouse = await openWarehouse(connection.config.warehouse.path);
    try {
      const deps = { db: warehouse.connection, api: connection.api, clock, logger: silentLogger };
      await preloadSandboxOrders(deps, sandbox, night, connection.config);
      const outcome = await runNightly(deps, { date: night, source: 'sandbox' }, connection.config);
      nightlyRunId = outcome.reconcile.runId;
    } finally {
      warehouse.close();
    }
  } finally {
    await connection.close();
  }
  before = (await latestFindings(connection.config.warehouse.path)).rows;
  // A person acknowledges a bank finding between the night and the re-reconcile.
  acknowledged = before.find((f) => BANK.includes(f.category) && f.state !== 'resolved')?.key ?? '';
  const ack = await runCliInProcess(['findings', 'ack', acknowledged, '--note', 'asked the bank', '--by', 'ana', '--sandbox', '--config', configFile]);
  expect(ack.code).toBe(0);
  listedBefore = await listFindings();
  const again = await runCliInProcess(['reconcile', '--sandbox', '--config', configFile, '--date', night]);
  expect(again.code, again.stderr).toBe(0);
  againStdout = again.stdout;
}, 240_000);

afterAll(() => {
  if (dir) rmSync(dir, { recursive: true, force: true });
});

describe('recon reconcile runs the nightly checks again', () => {
  it('the night has a bank finding, so a reconcile without the bank check would differ', () => {
    expect(night).toBe('2026-11-26');
    expect(before.filter((f) => BANK.includes(f.category)).length).toBeGreaterThan(0);
    expect(acknowledged).not.toBe('');
  });

  it('gives the same findings (category, key, state) in a new reconcile run', async () => {
    const after = await latestFindings(join(sandboxDataDirFor(configFile), 'recon.duckdb'));
    expect(after.runId).not.toBe('');
    expect(after.runId).not.toBe(nightlyRunId);
    expect(after.rows).toEqual(before);
  });

  it('recon findings list shows the same set with the same triage', async () => {
    const listed = await listFindings();
    expect(listed).toEqual(listedBefore);
    expect(listed.find((f) => f.key === acknowledged)?.state).toBe('acknowledged');
  });

  it("rewrites the night's reports and summary.json from the new run", async () => {
    const after = await latestFindings(join(sandboxDataDirFor(configFile), 'recon.duckdb'));
    expect(reportFindings()).toEqual(after.rows);
    const summary = JSON.parse(readFileSync(join(dir, 'data', 'sandbox', 'reports', night, 'summary.json'), 'utf8'));
    expect(summary.findings.reconcile_run_id).toBe(after.runId);
    expect(summary.reconciled_again.reconcile_run_id).toBe(after.runId);
    // The night's own figures stay: the page still shows what the sync and the import did.
    expect(summary.sync.windows).toBeGreaterThan(0);
    const counted = Object.values(summary.findings.by_category as Record<string, { new: number; open: number; resolved: number }>).reduce(
      (n, c) => n + c.new + c.open + c.resolved,
      0,
    );
    expect(counted).toBe(after.rows.length);
    expect(summary.triage.acknowledged).toBe(1);
    // The terminal prints the counts and says where the rewritten reports are, in the reports' locale.
    expect(againStdout).toMatch(new RegExp(`^Conciliação de ${night.split('-').reverse().join('/')} \\(execução ${after.runId}\\)$`, 'm'));
    expect(againStdout).toMatch(/^categoria +novos +em aberto +resolvidos +valor$/m);
    expect(againStdout).toContain(`relatórios: ${join(dir, 'data', 'sandbox', 'reports', night)}`);
    expect(againStdout).toMatch(/^ {2}discrepancies\.xlsx$/m);
  });

  it("reconciling an earlier night leaves the latest night's list and snapshot alone, and gives that night a summary.json", async () => {
    const snapshot = snapshotPathFor(join(sandboxDataDirFor(configFile), 'recon.duckdb'));
    const snapshotBefore = readFileSync(snapshot, 'utf8');
    const earlier = addDays(night, -1);
    const again = await runCliInProcess(['reconcile', '--sandbox', '--config', configFile, '--date', earlier]);
    expect(again.code, again.stderr).toBe(0);
    expect(readFileSync(snapshot, 'utf8')).toBe(snapshotBefore);
    expect(await listFindings()).toEqual(listedBefore);
    // No nightly ran that night here: its summary.json is the reconcile's alone.
    const summary = JSON.parse(readFileSync(join(dir, 'data', 'sandbox', 'reports', earlier, 'summary.json'), 'utf8'));
    expect(summary).toMatchObject({ date: earlier, outcome: 'done', source: 'sandbox' });
    expect(summary.reconciled_again.reconcile_run_id).toBe(summary.findings.reconcile_run_id);
    expect(summary.run_id).toBe(summary.findings.reconcile_run_id);
    expect(summary.sync).toBeUndefined();
  });

  it('a second overlay changes nothing (run nightly --sandbox overlays the context, then the connection)', () => {
    const once = contextFor({ config: configFile, sandbox: true }).config;
    expect(sandboxConfigOf(once, sandboxDataDirFor(configFile))).toEqual(once);
  });
});
