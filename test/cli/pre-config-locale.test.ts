// The language of an error said before a config is loaded (a flag or command recon does not know, a
// config that fails to load): the locale the config file states when it is JSON with a valid
// reports.locale, even if another key is wrong; else the environment's, in POSIX precedence (LC_ALL,
// then LC_MESSAGES, then LANG; a value starting "pt" is pt-BR); else English. Run in process.
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { environmentLocale } from '../../src/cli/frame-locale.ts';
import { runCliInProcess } from './in-process.ts';

const dir = mkdtempSync(join(tmpdir(), 'recon-pre-config-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const write = (name: string, text: string) => {
  const file = join(dir, name);
  writeFileSync(file, text);
  return file;
};

// A config that fails validation (an unknown key) but states its locale.
const statesPt = write('states-pt.json', JSON.stringify({ reports: { locale: 'pt-BR' }, warehouse: { pth: 'w.duckdb' } }));
const statesEn = write('states-en.json', JSON.stringify({ reports: { locale: 'en' }, warehouse: { pth: 'w.duckdb' } }));
// A locale the schema refuses states nothing.
const misspelt = write('misspelt.json', JSON.stringify({ reports: { locale: 'pt' } }));
const notJson = write('not-json.json', '{ "reports": { "locale": "pt-BR" }, }');

/** The terminal's `recon: ...` line of a failed run (the JSON log's lines start with `{`). */
const terminalLine = (stderr: string) => stderr.split('\n').find((l) => l.startsWith('recon: ')) ?? '';

describe('an error before the config is loaded', () => {
  it.each([
    ['states pt-BR, another key wrong; the environment says English', statesPt, { LANG: 'en_US.UTF-8' }, /^recon: arquivo de configuração .* inválido:/],
    ['states en, another key wrong; the environment says Portuguese', statesEn, { LANG: 'pt_BR.UTF-8' }, /^recon: config file .* is invalid:/],
    ['not JSON; LANG Portuguese', notJson, { LANG: 'pt_BR.UTF-8' }, /^recon: arquivo de configuração .*: não é um JSON válido/],
    ['not JSON; no locale in the environment', notJson, {}, /^recon: config file .*: not valid JSON/],
    ['a locale the schema refuses; LC_ALL=C wins over a Portuguese LANG', misspelt, { LC_ALL: 'C', LANG: 'pt_BR.UTF-8' }, /^recon: config file .* is invalid:/],
    ['a locale the schema refuses; LC_MESSAGES Portuguese', misspelt, { LC_MESSAGES: 'pt_BR.UTF-8', LANG: 'en_US.UTF-8' }, /^recon: arquivo de configuração/],
  ])('a config that fails to load: %s', async (_name, config, env, said) => {
    const ran = await runCliInProcess(['findings', 'list'], { env: { RECON_CONFIG: config, ...env }, cwd: dir });
    expect(ran.code).toBe(2);
    expect(terminalLine(ran.stderr)).toMatch(said);
    // The JSON log keeps the English, whatever the locale.
    expect(ran.stderr).toMatch(/"event":"error","message":"config file /);
  });

  it('a flag recon does not know, named before the config is loaded, is said in the locale --config states', async () => {
    const ran = await runCliInProcess(['import', '--config', statesPt, '--dte', '2026-03-01', 'orders.csv'], { cwd: dir });
    expect(ran.code).toBe(2);
    expect(terminalLine(ran.stderr)).toBe('recon: opção desconhecida --dte; veja `recon import --help`');
  });

  it("a missing command or flag follows the environment when there is no config, with the frame's hint", async () => {
    const missing = await runCliInProcess(['run', 'backfill', '--to', '2026-03-01'], { env: { LANG: 'pt_BR.UTF-8' }, cwd: dir });
    expect(missing.code).toBe(2);
    expect(terminalLine(missing.stderr)).toBe('recon: recon run backfill precisa de --from; veja `recon run backfill --help`');
    const none = await runCliInProcess(['run'], { cwd: dir });
    expect(terminalLine(none.stderr)).toBe('recon: recon run needs a command; see `recon run --help`');
  });

  it.each([
    [{}, 'en'],
    [{ LANG: 'pt_BR.UTF-8' }, 'pt-BR'],
    [{ LANG: 'pt_PT' }, 'pt-BR'],
    [{ LANG: 'en_US.UTF-8', LC_MESSAGES: 'pt_BR' }, 'pt-BR'],
    [{ LANG: 'pt_BR.UTF-8', LC_MESSAGES: 'C' }, 'en'],
    [{ LANG: 'pt_BR.UTF-8', LC_MESSAGES: 'C', LC_ALL: 'pt_BR.UTF-8' }, 'pt-BR'],
    // An empty variable is unset, as POSIX reads it.
    [{ LANG: 'pt_BR.UTF-8', LC_ALL: '' }, 'pt-BR'],
    [{ LANG: 'C.UTF-8' }, 'en'],
  ])('the environment %j reads as %s', (env, locale) => {
    expect(environmentLocale(env)).toBe(locale);
  });
});
