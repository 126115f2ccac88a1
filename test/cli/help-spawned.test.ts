// `recon run nightly --help` as a person runs it, a process from bin/recon.js (its build) with
// LANG=pt_BR.UTF-8 and no terminal: Portuguese headings and descriptions, the flags as typed, no colour
// codes, and the same text the in-process run prints (test/cli/help-locale.test.ts checks every command).
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { runRecon, STACK_FRAME } from '../proof/cli.ts';
import { runCliInProcess } from './in-process.ts';

const dir = mkdtempSync(join(tmpdir(), 'recon-help-spawned-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe('recon --help in a process', () => {
  it.each([
    [
      { LANG: 'pt_BR.UTF-8' },
      ['USO recon run nightly [OPÇÕES]', 'OPÇÕES', '             --config=<FILE>    Arquivo de configuração (padrão: $RECON_CONFIG ou ./recon.config.json)'],
    ],
    [
      { LANG: 'C' },
      ['USAGE recon run nightly [OPTIONS]', 'OPTIONS', '             --config=<FILE>    Config file (default: $RECON_CONFIG or ./recon.config.json)'],
    ],
  ])('recon run nightly --help under %j', async (env, lines) => {
    const [spawned, inProcess] = await Promise.all([
      runRecon(['run', 'nightly', '--help'], { cwd: dir, env }),
      runCliInProcess(['run', 'nightly', '--help'], { cwd: dir, env }),
    ]);
    expect(spawned.code).toBe(0);
    expect(spawned.stderr).not.toMatch(STACK_FRAME);
    expect(spawned.stdout.split('\n')).toEqual(expect.arrayContaining(lines));
    expect(spawned.stdout).not.toContain('\u001b[');
    expect(spawned.stdout).toBe(inProcess.stdout);
  });
});
