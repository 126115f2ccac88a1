// `--help` on every command, through the CLI's runCli in this process: exit 0, and a usage line that
// names the whole command path a user types (`recon run nightly`, not `run nightly`).
import { describe, expect, it } from 'vitest';
import { STACK_FRAME } from '../proof/cli.ts';
import { runCliInProcess } from './in-process.ts';

describe('recon --help', () => {
  it.concurrent.each([
    [['--help'], 'recon sandbox|sync|import|reconcile|run|sql|export|serve'],
    [['sync', '--help'], 'recon sync [OPTIONS]'],
    [['import', '--help'], 'recon import'],
    [['check', '--help'], 'recon check'],
    [['reconcile', '--help'], 'recon reconcile [OPTIONS]'],
    [['run', '--help'], 'recon run nightly|backfill'],
    [['run', 'nightly', '--help'], 'recon run nightly [OPTIONS]'],
    [['run', 'backfill', '--help'], 'recon run backfill [OPTIONS]'],
    [['sql', '--help'], 'recon sql'],
    [['export', '--help'], 'recon export [OPTIONS]'],
    [['serve', '--help'], 'recon serve [OPTIONS]'],
    [['receive', '--help'], 'recon receive [OPTIONS]'],
    [['sandbox', '--help'], 'recon sandbox [OPTIONS]'],
    [['help', 'run', 'nightly'], 'recon run nightly [OPTIONS]'],
  ])('recon %j prints USAGE %s', async (args, usage) => {
    const result = await runCliInProcess(args);
    expect(result.code).toBe(0);
    expect(result.stderr).not.toMatch(STACK_FRAME);
    const line = result.stdout.split('\n').find((l) => l.startsWith('USAGE '));
    expect(line?.trim().startsWith(`USAGE ${usage}`)).toBe(true);
  });

  it('recon sandbox --help documents the options', async () => {
    const r = await runCliInProcess(['sandbox', '--help']);
    expect(r.code).toBe(0);
    for (const flag of [
      '--seed',
      '--days',
      '--per-day',
      '--end-date',
      '--orders-out',
      '--orders-format',
      '--orders-double-amounts',
      '--truth-out',
      '--faults',
      '--port',
      '--host',
    ])
      expect(r.stdout).toContain(flag);
  });
});
