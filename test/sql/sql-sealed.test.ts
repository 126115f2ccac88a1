// `recon sql` is read-only for real, through the CLI: every statement that would write a file, read
// one outside the warehouse, install or load an extension, attach a database or change a setting exits
// 2 with a sentence that says why and points to `recon export`; afterwards the warehouse file is byte
// for byte the same and no target path exists. The statements run through runCli in this process (the
// refusal is the sealed DuckDB instance's and the command's, not the process's; a child each cost a
// second of CPU to load); one refusal and the prompt, which reads a pipe, run in a real child.
import { createHash } from 'node:crypto';
import { existsSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createFixtureWarehouse, type Fixture } from '../report/fixture.ts';
import { runRecon, STACK_FRAME } from '../proof/cli.ts';
import { runCliInProcess } from '../cli/in-process.ts';

const SECRET = 'SECRET-NEXT-TO-THE-WAREHOUSE';
const READ_ONLY = 'recon sql is read-only; it reads only the warehouse';
const WHY = {
  files: 'it cannot read or write any other file',
  extensions: 'it cannot install or load extensions',
  settings: 'its settings cannot be changed',
  writes: 'statements that change the warehouse',
  indirect: 'it runs statements as they are written',
} as const;

let fixture: Fixture;
let before: string;
const target = (name: string) => join(fixture.dir, name);
const digest = () =>
  createHash('sha256')
    .update(readFileSync(fixture.path))
    .update(readFileSync(`${fixture.path}.raw/transactions/0.parquet`))
    .digest('hex');
const sql = (args: string[]) => runCliInProcess(['sql', ...args], { cwd: fixture.dir });
const sqlInChild = (args: string[], stdin?: string) => runRecon(['sql', ...args], { cwd: fixture.dir, stdin });

beforeAll(async () => {
  fixture = await createFixtureWarehouse();
  fixture.warehouse.close();
  // The English refusals are asserted: the terminal shows them under en.
  writeFileSync(join(fixture.dir, 'recon.config.json'), JSON.stringify({ warehouse: { path: 'recon.duckdb' }, reports: { locale: 'en' } }));
  writeFileSync(join(fixture.dir, 'secret.txt'), `${SECRET}\n`);
  before = digest();
}, 60_000);

afterAll(() => rmSync(fixture.dir, { recursive: true, force: true }));

// Paths are filled in per test: the fixture folder only exists once beforeAll ran.
const FORBIDDEN: Array<[string, (dir: string) => string, keyof typeof WHY]> = [
  ['COPY ... TO a new file', (d) => `COPY (SELECT * FROM transactions) TO '${d}/out.csv'`, 'files'],
  ['COPY ... TO the warehouse itself', (d) => `COPY transactions TO '${d}/recon.duckdb' (FORMAT csv)`, 'files'],
  ['COPY ... FROM a file', (d) => `COPY orders FROM '${d}/secret.txt'`, 'files'],
  ['read_text of /etc/passwd', () => `SELECT * FROM read_text('/etc/passwd')`, 'files'],
  ['read_csv of /etc/passwd', () => `SELECT * FROM read_csv('/etc/passwd')`, 'files'],
  ['read_text of a file next to the warehouse', (d) => `SELECT content FROM read_text('${d}/secret.txt')`, 'files'],
  ['glob of a folder', () => `SELECT * FROM glob('/etc/*')`, 'files'],
  ['EXPORT DATABASE', (d) => `EXPORT DATABASE '${d}/exported'`, 'files'],
  ['ATTACH a new database file', (d) => `ATTACH '${d}/attached.duckdb' AS x`, 'files'],
  ['ATTACH in memory', () => `ATTACH ':memory:' AS m`, 'files'],
  ['INSTALL httpfs', () => 'INSTALL httpfs', 'extensions'],
  ['LOAD httpfs', () => 'LOAD httpfs', 'extensions'],
  ['LOAD a file', (d) => `LOAD '${d}/evil.duckdb_extension'`, 'extensions'],
  ['SET enable_external_access = true', () => 'SET enable_external_access = true', 'settings'],
  ['SET lock_configuration = false', () => 'SET lock_configuration = false', 'settings'],
  ['RESET enable_external_access', () => 'RESET enable_external_access', 'settings'],
  ['SET a resource limit', () => "SET memory_limit = '1GB'", 'settings'],
  ['PRAGMA that sets profiling output', (d) => `PRAGMA profiling_output = '${d}/profile.json'`, 'settings'],
  ['PRAGMA that checkpoints', () => 'PRAGMA force_checkpoint', 'settings'],
  ['DELETE', () => 'DELETE FROM orders', 'writes'],
  ['CREATE TABLE', () => 'CREATE TABLE evil AS SELECT 1 AS x', 'writes'],
  // The raw rows' folder is open to the sealed instance (the raw views read it): a COPY wrapped in a
  // statement of another kind must not reach it.
  [
    'PREPARE of a COPY over the raw texts, then EXECUTE',
    (d) => `PREPARE p AS COPY (SELECT 'x' AS p01) TO '${d}/recon.duckdb.raw/transactions/0.parquet' (FORMAT parquet); EXECUTE p`,
    'indirect',
  ],
  ['EXPLAIN ANALYZE of a COPY into the raw rows folder', (d) => `EXPLAIN ANALYZE COPY (SELECT 1 AS a) TO '${d}/recon.duckdb.raw/analyzed.csv'`, 'indirect'],
  ['EXPLAIN (ANALYZE) of a COPY', (d) => `EXPLAIN (ANALYZE) COPY (SELECT 1 AS a) TO '${d}/recon.duckdb.raw/analyzed.csv'`, 'indirect'],
];

describe('recon sql refuses what is not a read of the warehouse', () => {
  it.concurrent.each(FORBIDDEN)('%s: exit 2, says why and points to recon export', async (_name, statement, why) => {
    const { code, stdout, stderr } = await sql([statement(fixture.dir)]);
    expect(code, stderr).toBe(2);
    expect(stdout).toBe('');
    expect(stderr).toContain(`${READ_ONLY}: ${WHY[why]}`);
    expect(stderr).toContain('recon export --format parquet --out DIR');
    expect(stderr).not.toMatch(STACK_FRAME);
    expect(stderr).not.toContain(SECRET);
    expect(stderr).not.toContain('root:x:0:0');
  });

  it('a real recon process refuses one the same way', async () => {
    const { code, stdout, stderr } = await sqlInChild([`COPY (SELECT * FROM transactions) TO '${target('child.csv')}'`]);
    expect(code, stderr).toBe(2);
    expect(stdout).toBe('');
    expect(stderr).toContain(`${READ_ONLY}: ${WHY.files}`);
    expect(stderr).not.toMatch(STACK_FRAME);
  });

  it('refuses them in the prompt too, one by one, and goes on with the next statement', async () => {
    const { code, stdout, stderr } = await sqlInChild([], `COPY (SELECT 1) TO '${target('prompt.csv')}';\nINSTALL httpfs;\nSELECT 41 + 1 AS answer;\n`);
    expect(code).toBe(2);
    expect(stderr.match(new RegExp(READ_ONLY, 'g'))).toHaveLength(2);
    expect(stdout).toContain('answer\n------\n    42\n(1 row)');
  });

  it('still answers reads: the views, PRAGMA table_info, SET VARIABLE', async () => {
    const { code, stdout, stderr } = await sql([
      '--format',
      'csv',
      "SET VARIABLE n = 3; SELECT (SELECT count(*) FROM refunds) AS refunds, getvariable('n') AS n, (SELECT count(*) FROM pragma_table_info('orders')) > 0 AS has_columns",
    ]);
    expect(code, stderr).toBe(0);
    expect(stdout).toContain('refunds,n,has_columns\r\n3,3,true\r\n');
  });

  it('left the warehouse byte for byte as it was, and created no file', () => {
    expect(digest()).toBe(before);
    for (const name of ['out.csv', 'child.csv', 'exported', 'attached.duckdb', 'profile.json', 'prompt.csv', 'recon.duckdb.raw/analyzed.csv'])
      expect(existsSync(target(name)), name).toBe(false);
  });
});
