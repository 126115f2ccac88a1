// The words the CLI entry puts around an error's own message are in the config's reports.locale once a
// command has loaded it; before that, in the locale the config file states, else the environment's
// (test/cli/pre-config-locale.test.ts), else English.
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, expect, it } from 'vitest';
import { runCliInProcess } from './in-process.ts';

const dir = mkdtempSync(join(tmpdir(), 'recon-error-frame-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));
// A warehouse DuckDB cannot open: the command has loaded its config, then fails with a cause.
const broken = join(dir, 'broken.duckdb');
writeFileSync(broken, 'not a DuckDB file');
const configOf = (locale: string) => {
  const file = join(dir, `recon.${locale}.json`);
  writeFileSync(file, JSON.stringify({ warehouse: { path: broken }, reports: { locale } }));
  return file;
};

it.each([
  ['pt-BR', 'causa: ', /^recon: não foi possível abrir o warehouse /],
  ['en', 'cause: ', /^recon: cannot open warehouse /],
])("a failure after the config was loaded says it, and frames its cause, in the config's locale (%s)", async (locale, cause, said) => {
  const ran = await runCliInProcess(['findings', 'list'], { env: { RECON_CONFIG: configOf(locale), RECON_DEBUG: '1' } });
  expect(ran.code).toBe(1);
  const lines = ran.stderr.split('\n').filter((l) => !l.startsWith('{'));
  expect(lines[0]).toMatch(said);
  expect(lines[1]?.startsWith(cause)).toBe(true);
});

it.each([
  ['pt-BR', 'recon: comando desconhecido nosuch; veja `recon findings --help`'],
  ['en', 'recon: unknown command nosuch; see `recon findings --help`'],
])('an error before any command ran is said in the locale the config file states (%s)', async (locale, said) => {
  const ran = await runCliInProcess(['findings', 'nosuch'], { env: { RECON_CONFIG: configOf(locale) } });
  expect(ran.code).toBe(2);
  expect(ran.stderr.split('\n')).toContain(said);
});

it('a run after a Portuguese one starts from its own locale again (the frame is per run, not per process)', async () => {
  await runCliInProcess(['findings', 'list'], { env: { RECON_CONFIG: configOf('pt-BR'), RECON_DEBUG: '1' } });
  // No config and no locale in the environment: English.
  const ran = await runCliInProcess(['nosuch'], { cwd: dir });
  expect(ran.code).toBe(2);
  expect(ran.stderr.split('\n')).toContain('recon: unknown command nosuch; see `recon --help`');
});
