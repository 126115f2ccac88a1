// `--help` on every command, through the real CLI: exit 0, and a usage line that names the whole
// command path a user types (`recon run nightly`, not `run nightly`).
import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';

const run = promisify(execFile);

describe('recon --help', () => {
  it.concurrent.each([
    [[], 'recon sandbox|sync|import|reconcile|run|sql|export|serve'],
    [['sync'], 'recon sync [OPTIONS]'],
    [['import'], 'recon import'],
    [['reconcile'], 'recon reconcile [OPTIONS]'],
    [['run'], 'recon run nightly|backfill'],
    [['run', 'nightly'], 'recon run nightly [OPTIONS]'],
    [['run', 'backfill'], 'recon run backfill [OPTIONS]'],
    [['sql'], 'recon sql'],
    [['export'], 'recon export [OPTIONS]'],
    [['serve'], 'recon serve [OPTIONS]'],
    [['sandbox'], 'recon sandbox [OPTIONS]'],
    [['help', 'run', 'nightly'], 'recon run nightly [OPTIONS]'],
  ])('recon %j --help prints USAGE %s', async (path, usage) => {
    const { stdout, stderr } = await run(process.execPath, ['bin/recon.js', ...path, ...(path[0] === 'help' ? [] : ['--help'])], { encoding: 'utf8' });
    expect(stderr).toBe('');
    const line = stdout.split('\n').find((l) => l.startsWith('USAGE '));
    expect(line?.trim().startsWith(`USAGE ${usage}`)).toBe(true);
  });
});
