// Bank statements through the CLI as a user runs it: `recon import` routes statements and order exports
// to their imports, and `recon run nightly` takes the night's statement from --statement or
// bank.statementPath, going on without it when it is not there yet. The first import runs in a real
// child process; the rest through runCli in this process (test/cli/in-process.ts), the same exit codes
// and output without loading a child's modules again (a second of CPU each).
import { execFile } from 'node:child_process';
import { copyFileSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runCliInProcess } from '../cli/in-process.ts';
import { SANDBOX_HEADER, sandboxRow } from '../imports/helpers.ts';
import { FIXTURES } from './statement-helpers.ts';

const BIN = join(import.meta.dirname, '..', '..', 'bin', 'recon.js');

function recon(args: string[], cwd: string): Promise<{ code: number; stdout: string; stderr: string }> {
  return new Promise((resolve) => {
    execFile(process.execPath, [BIN, ...args], { cwd, env: { ...process.env, RECON_CONFIG: '' } }, (error, stdout, stderr) => {
      resolve({ code: error ? Number((error as { code?: number }).code ?? 1) : 0, stdout, stderr });
    });
  });
}
const inProcess = (args: string[], cwd: string) => runCliInProcess(args, { cwd });

const jsonLines = (stdout: string) =>
  stdout
    .trim()
    .split('\n')
    .map((l) => JSON.parse(l) as Record<string, unknown>);

describe('bank statements on the command line', () => {
  let dir: string;
  const account = { id: 'itau-1234-56789-0', document: '12.345.678/0001-90', bankAccount: '56789-0' };
  beforeAll(() => {
    dir = mkdtempSync(join(tmpdir(), 'recon-cli-bank-'));
    writeFileSync(
      join(dir, 'recon.config.json'),
      JSON.stringify({
        warehouse: { path: 'w.duckdb' },
        orders: { preset: 'recon-sandbox', csv: { encoding: 'utf-8' } },
        bank: { accounts: [account], statementPath: 'extratos/{date}.ret' },
      }),
    );
    writeFileSync(
      join(dir, 'other.config.json'),
      // The English refusal is asserted: the terminal shows it under en.
      JSON.stringify({ warehouse: { path: 'w2.duckdb' }, bank: { accounts: [{ id: 'bb', document: '98765432000110' }] }, reports: { locale: 'en' } }),
    );
    copyFileSync(join(FIXTURES, 'itau-extrato.ofx'), join(dir, 'itau-extrato.ofx'));
    // No extension that says so: recognised by content.
    copyFileSync(join(FIXTURES, 'itau-extrato.ret'), join(dir, 'extrato-maio.txt'));
    writeFileSync(join(dir, 'orders.csv'), [SANDBOX_HEADER, sandboxRow('A')].join('\n'));
  });
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it('recon import loads statements (by extension or content) next to order exports; a re-import adds nothing', async () => {
    const first = await recon(['import', '--config', 'recon.config.json', 'orders.csv', 'itau-extrato.ofx', 'extrato-maio.txt'], dir);
    expect(first.stderr).not.toMatch(/error/i);
    expect(first.code).toBe(0);
    const lines = jsonLines(first.stdout);
    expect(lines[0]).toMatchObject({ type: 'file', file: 'orders.csv', rows_loaded: 1 });
    expect(lines.slice(1)).toEqual([
      expect.objectContaining({
        type: 'statement',
        file: 'itau-extrato.ofx',
        format: 'ofx1',
        charset: 'windows-1252',
        already_imported: false,
        lines_loaded: 5,
      }),
      expect.objectContaining({ type: 'statement', file: 'extrato-maio.txt', format: 'cnab240', account_id: 'itau-1234-56789-0', lines_loaded: 5 }),
    ]);
    const again = await inProcess(['import', '--config', 'recon.config.json', 'itau-extrato.ofx'], dir);
    expect(again.code).toBe(0);
    expect(jsonLines(again.stdout)).toEqual([expect.objectContaining({ type: 'statement', already_imported: true, lines_loaded: 0 })]);
    expect(again.stderr).toMatch(/itau-extrato\.ofx: this statement \(the same bytes\) was imported before/);
  });

  it('a statement of an account not configured fails with exit 2, naming the account and the key to set', async () => {
    const { code, stderr } = await inProcess(['import', '--config', 'other.config.json', 'itau-extrato.ofx'], dir);
    expect(code).toBe(2);
    expect(stderr).toMatch(/account 56789-0\) matches none of bank\.accounts \(1 configured\); add it to bank\.accounts with "bankAccount": "56789-0"/);
  });

  it('recon run nightly: bank.statementPath not there yet is reported and the night goes on; --statement loads one', async () => {
    const missing = await inProcess(['run', 'nightly', '--sandbox', '--config', 'recon.config.json'], dir);
    expect(missing.code).toBe(0);
    const reports = join(dir, 'data', 'sandbox', 'reports');
    const [night] = readdirSync(reports);
    const summary = () => JSON.parse(readFileSync(join(reports, night as string, 'summary.json'), 'utf8')) as Record<string, unknown>;
    // Relative to the config file, as orders.path.
    expect(summary()['statement']).toEqual({ status: 'missing', file: join(dir, 'extratos', `${night}.ret`) });
    expect(missing.stdout).toMatch(new RegExp(`extrato bancário: .*extratos/${night}\\.ret não existe \\(ainda\\); a noite seguiu sem ele`));

    const loaded = await inProcess(['run', 'nightly', '--sandbox', '--config', 'recon.config.json', '--statement', 'extrato-maio.txt'], dir);
    expect(loaded.code).toBe(0);
    expect(summary()['statement']).toMatchObject({ status: 'loaded', format: 'cnab240', lines_read: 5, lines_loaded: 5, lines_rejected: 0 });
    expect(loaded.stdout).toMatch(/extrato bancário: 5 lançamentos carregados, 0 recusados de .*extrato-maio\.txt/);
    // Two whole sandbox nights: about 20 s each on two busy cores, over 150 s on a machine loaded far more.
  }, 300_000);

  it('recon run nightly: a statement of an unknown account stops the night before the sync, with exit 2', async () => {
    const { code, stderr } = await inProcess(['run', 'nightly', '--sandbox', '--config', 'other.config.json', '--statement', 'itau-extrato.ofx'], dir);
    expect(code).toBe(2);
    expect(stderr).toMatch(/itau-extrato\.ofx: the statement's account .* matches none of bank\.accounts/);
    expect(stderr).not.toMatch(/"event":"sync\./);
  });
});
