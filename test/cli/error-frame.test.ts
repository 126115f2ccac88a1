// The words the CLI entry puts around an error's own message are in the config's reports.locale once a
// command has loaded it, and English when no config was read (an error before any command ran).
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

it.each(['pt-BR', 'en'])('an error before any config was read is framed in English, whatever the config says (%s)', async (locale) => {
  const ran = await runCliInProcess(['findings', 'nosuch'], { env: { RECON_CONFIG: configOf(locale) } });
  expect(ran.code).toBe(2);
  expect(ran.stderr).toMatch(/^Run `recon findings nosuch --help` for usage\.$/m);
});

it('a run after a Portuguese one starts English again (the frame is per run, not per process)', async () => {
  await runCliInProcess(['findings', 'list'], { env: { RECON_CONFIG: configOf('pt-BR'), RECON_DEBUG: '1' } });
  const ran = await runCliInProcess(['nosuch']);
  expect(ran.code).toBe(2);
  expect(ran.stderr).toMatch(/^Run `recon nosuch --help` for usage\.$/m);
});
