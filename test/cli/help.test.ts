// `--help` on every command, through the real CLI: exit 0, and a usage line that names the whole
// command path a user types (`recon run nightly`, not `run nightly`).
import { tmpdir } from 'node:os';
import { describe, expect, it } from 'vitest';
import { runRecon, STACK_FRAME } from '../proof/cli.ts';

describe('recon --help', () => {
  it.concurrent.each([
    [['--help'], 'recon sandbox|sync|import|reconcile|run|sql|export|serve'],
    [['sync', '--help'], 'recon sync [OPTIONS]'],
    [['import', '--help'], 'recon import'],
    [['reconcile', '--help'], 'recon reconcile [OPTIONS]'],
    [['run', '--help'], 'recon run nightly|backfill'],
    [['run', 'nightly', '--help'], 'recon run nightly [OPTIONS]'],
    [['run', 'backfill', '--help'], 'recon run backfill [OPTIONS]'],
    [['sql', '--help'], 'recon sql'],
    [['export', '--help'], 'recon export [OPTIONS]'],
    [['serve', '--help'], 'recon serve [OPTIONS]'],
    [['sandbox', '--help'], 'recon sandbox [OPTIONS]'],
    [['help', 'run', 'nightly'], 'recon run nightly [OPTIONS]'],
  ])('recon %j prints USAGE %s', async (args, usage) => {
    const result = await runRecon(args, { cwd: tmpdir() });
    expect(result.code).toBe(0);
    expect(result.stderr).not.toMatch(STACK_FRAME);
    const line = result.stdout.split('\n').find((l) => l.startsWith('USAGE '));
    expect(line?.trim().startsWith(`USAGE ${usage}`)).toBe(true);
  });
});
