// `recon sql` and `recon export` through the real CLI (child processes) on a temp warehouse that
// RECON_CONFIG points to. The processes run concurrently: read-only opens share the file.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { spawn } from 'node:child_process';
import { rmSync, statSync, writeFileSync, readdirSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { DuckDBInstance } from '@duckdb/node-api';
import { createFixtureWarehouse, type Fixture } from '../report/fixture.ts';

interface Outcome {
  code: number | null;
  stdout: string;
  stderr: string;
}

const BIN = resolve('bin/recon.js');
let fixture: Fixture;
let env: NodeJS.ProcessEnv;
const outcomes: Record<string, Outcome> = {};

function recon(args: string[], stdin?: string, extraEnv: NodeJS.ProcessEnv = {}): Promise<Outcome> {
  return new Promise((done, fail) => {
    const child = spawn(process.execPath, [BIN, ...args], { env: { ...env, ...extraEnv }, stdio: ['pipe', 'pipe', 'pipe'] });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (d: Buffer) => (stdout += d.toString('utf8')));
    child.stderr.on('data', (d: Buffer) => (stderr += d.toString('utf8')));
    child.on('error', fail);
    child.on('close', (code) => done({ code, stdout, stderr }));
    child.stdin.end(stdin ?? '');
  });
}

const QUERY = `SELECT transaction_id, net_value_cents, 123456789012345678901::HUGEINT AS huge, 12345678901234.56::DECIMAL(18,2) AS dec, order_reflects_refund
  FROM refunds ORDER BY transaction_id`;

beforeAll(async () => {
  fixture = await createFixtureWarehouse();
  fixture.warehouse.close();
  const config = join(fixture.dir, 'recon.config.json');
  writeFileSync(config, JSON.stringify({ warehouse: { path: 'recon.duckdb' } }));
  env = { ...process.env, RECON_CONFIG: config, RECON_API_KEY: '' };
  const small = join(fixture.dir, 'recon.small.json');
  writeFileSync(small, JSON.stringify({ warehouse: { path: 'recon.duckdb', memoryLimit: '32MB' } }));
  const runs: [string, Promise<Outcome>][] = [
    ['table', recon(['sql', QUERY])],
    [
      'csv',
      recon([
        'sql',
        '--format',
        'csv',
        `SELECT item_id, reason, difference_cents FROM findings_latest WHERE finding_key IN ('unmatched_payment:X', 'chargeback_open:I5') ORDER BY finding_key`,
      ]),
    ],
    ['json', recon(['sql', '--format=json', QUERY])],
    [
      'csvheader',
      recon([
        'sql',
        '--format',
        'csv',
        `SELECT 1 AS "=HYPERLINK(""http://evil.example"",""x"")", ' @x' AS "\uFF0By", -2 AS n, -2.5::DECIMAL(5,2) AS d, INTERVAL '-1 day' AS i, '\uFF0D3' AS fw`,
      ]),
    ],
    ['write', recon(['sql', `DELETE FROM orders`])],
    ['prompt', recon(['sql'], 'SELECT 1 AS a,\n  2 AS b;\nSELECT * FROM nope;\nSELECT count(*) AS n FROM chargebacks;\n.quit\nSELECT 99;\n')],
    ['export', recon(['export', '--format', 'parquet', '--out', join(fixture.dir, 'parquet')])],
    ['badformat', recon(['sql', '--format', 'xml', 'SELECT 1'])],
    // A list cannot spill: 30M BIGINTs need far more than DuckDB's 32 MB share.
    ['oom', recon(['sql', 'SELECT len(list(i)) AS n FROM range(30000000) t(i)'], undefined, { RECON_CONFIG: small })],
  ];
  for (const [name, run] of runs) outcomes[name] = await run;
}, 60_000);

afterAll(() => rmSync(fixture.dir, { recursive: true, force: true }));

describe('recon sql', () => {
  it('holds to warehouse.memoryLimit, and a query past it fails naming the setting', () => {
    const { code, stderr } = outcomes['oom']!;
    expect(code).not.toBe(0);
    expect(stderr).toMatch(/Out of Memory Error/);
    // The hint is in the config's reports.locale (pt-BR by default).
    expect(stderr).toMatch(/aumente-a na configuração/);
    expect(stderr).toContain('warehouse.memoryLimit');
  });

  it('prints an aligned table with exact BIGINT, HUGEINT and DECIMAL values', () => {
    const { code, stdout } = outcomes['table']!;
    expect(code).toBe(0);
    const lines = stdout.split('\n');
    expect(lines[0]).toBe('transaction_id | net_value_cents |                  huge |               dec | order_reflects_refund');
    expect(lines[2]).toBe('T2             |           25090 | 123456789012345678901 | 12345678901234.56 | false');
    expect(lines[4]).toBe('T4             |            2000 | 123456789012345678901 | 12345678901234.56 | NULL');
    expect(stdout).toContain('(3 rows)');
  });

  it('writes RFC 4180 CSV, quoting and neutralising text', () => {
    const { code, stdout } = outcomes['csv']!;
    expect(code).toBe(0);
    expect(stdout).toBe('item_id,reason,difference_cents\r\nI5,"line1\nline2, ""quoted""",0\r\n"\'=HYPERLINK(""http://evil.example"",""click"")",\'-2,100\r\n');
  });

  it('neutralises column names as well as values in CSV, and leaves numbers alone', () => {
    const { code, stdout, stderr } = outcomes['csvheader']!;
    expect(code, stderr).toBe(0);
    expect(stdout).toBe(`"'=HYPERLINK(""http://evil.example"",""x"")",'\uFF0By,n,d,i,fw\r\n1,' @x,-2,-2.50,'-1 day,'\uFF0D3\r\n`);
  });

  it('writes JSON with exact numbers', () => {
    const { code, stdout } = outcomes['json']!;
    expect(code).toBe(0);
    expect(stdout).toContain(
      '{"transaction_id":"T2","net_value_cents":25090,"huge":123456789012345678901,"dec":12345678901234.56,"order_reflects_refund":false}',
    );
    expect(JSON.parse(stdout)).toHaveLength(3);
  });

  it('is read-only: a write statement fails with a clear error and exit code 2', () => {
    const { code, stderr, stdout } = outcomes['write']!;
    expect(code).toBe(2);
    expect(stdout).toBe('');
    expect(stderr).toContain('recon sql is read-only; it reads only the warehouse: statements that change the warehouse');
    expect(stderr).toContain('DELETE');
  });

  it('reads statements from a prompt: multi-line until ";", errors reported, .quit stops', () => {
    const { code, stdout, stderr } = outcomes['prompt']!;
    expect(stdout).toContain('a | b\n--+--\n1 | 2\n(1 row)');
    expect(stdout).toContain('n\n-\n4\n(1 row)');
    expect(stdout).not.toContain('99');
    expect(stderr).toContain('nope');
    expect(code).toBe(2);
  });

  it('rejects an unknown format', () => {
    expect(outcomes['badformat']!.code).toBe(2);
    expect(outcomes['badformat']!.stderr).toContain('expected --format table, csv or json');
  });
});

describe('recon export', () => {
  it('writes every table and the refunds/chargebacks views as day-partitioned Parquet that DuckDB reads back', async () => {
    const { code, stdout, stderr } = outcomes['export']!;
    expect(code, stderr).toBe(0);
    // The fixture's config leaves reports.locale at its default, pt-BR: the table is worded for a person.
    expect(stdout).toMatch(/transactions\s+9 linhas\s+por dia de date_created/);
    expect(stdout).toMatch(/^operations\s+1 linha\s+por dia de date_created/m);
    const dir = join(fixture.dir, 'parquet');
    expect(readdirSync(join(dir, 'refunds')).sort()).toEqual(['day=2024-03-14', 'day=2024-03-15']);
    // Every table but the import's bookkeeping (record fingerprints and their seed), empty ones included.
    expect(readdirSync(dir)).toEqual(expect.arrayContaining(['order_imports', 'order_import_issues']));
    expect(readdirSync(dir).filter((name) => name.startsWith('order_fingerprint'))).toEqual([]);
    const file = join(dir, 'transactions', 'day=2024-03-15', readdirSync(join(dir, 'transactions', 'day=2024-03-15'))[0]!);
    expect(statSync(file).mode & 0o777).toBe(0o600);
    const instance = await DuckDBInstance.create(':memory:');
    const db = await instance.connect();
    try {
      const read = async (table: string) =>
        (
          await db.runAndReadAll(
            `SELECT CAST(day AS VARCHAR) AS day, count(*)::INTEGER AS n FROM read_parquet('${join(dir, table)}/**/*.parquet', hive_partitioning = true) GROUP BY day ORDER BY day`,
          )
        ).getRowObjectsJson();
      // Days are business days in the zone: T3 sold 2024-03-10 12:00Z; T1 and T8 sold on 2024-03-15.
      expect(await read('transactions')).toEqual([
        { day: '2023-11-01', n: 1 },
        { day: '2024-02-01', n: 1 },
        { day: '2024-02-20', n: 1 },
        { day: '2024-03-01', n: 1 },
        { day: '2024-03-10', n: 3 },
        { day: '2024-03-15', n: 2 },
      ]);
      expect(await read('chargebacks')).toHaveLength(3);
      expect(await read('findings')).toEqual([{ day: '2024-03-15', n: 7 }]);
      const amounts = await db.runAndReadAll(
        `SELECT sum(net_value) AS s, typeof(sum(net_value)) AS t FROM read_parquet('${join(dir, 'transactions')}/**/*.parquet')`,
      );
      expect(amounts.getRowObjectsJson()).toEqual([{ s: '67190', t: 'HUGEINT' }]);
    } finally {
      db.closeSync();
      instance.closeSync();
    }
  });
});
