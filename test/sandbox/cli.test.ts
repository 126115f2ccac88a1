// `recon sandbox` as a user runs it, a child process: files written, serving, and a clean stop on SIGTERM.
// Its --help and a bad option value need no process: test/cli/help.test.ts and test/cli/refusals.test.ts.
import { describe, expect, it } from 'vitest';
import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

describe('recon sandbox', () => {
  it('writes exports and truth, serves, and stops cleanly on SIGTERM', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'recon-sandbox-cli-'));
    try {
      const child = spawn(
        process.execPath,
        [
          'bin/recon.js',
          'sandbox',
          '--seed',
          '3',
          '--days',
          '4',
          '--per-day',
          '30',
          '--end-date',
          '2025-02-01',
          '--port',
          '0',
          '--orders-out',
          join(dir, 'orders-{date}.csv'),
          '--truth-out',
          join(dir, 'truth.json'),
        ],
        { stdio: ['ignore', 'pipe', 'pipe'] },
      );
      let out = '';
      child.stdout.on('data', (c) => (out += c));
      // The first line names the address and the second the key, in whichever locale the environment reads.
      await expect.poll(() => /(http:\/\/127\.0\.0\.1:\d+)/.exec(out), { timeout: 20_000 }).not.toBeNull();
      const url = /(http:\/\/127\.0\.0\.1:\d+)/.exec(out)![1]!;
      const key = /: (test_\w+)/.exec(out)![1]!;
      const res = await fetch(`${url}/v1/transactions?count=1`, { headers: { api_key: key } });
      expect(((await res.json()) as { total: number }).total).toBe(120);
      expect(existsSync(join(dir, 'orders-2025-01-29.csv'))).toBe(true);
      expect(JSON.parse(readFileSync(join(dir, 'truth.json'), 'utf8'))).toMatchObject({ seed: 3, days: 4, perDay: 30, endDate: '2025-02-01' });
      const exited = new Promise<number | null>((r) => child.on('exit', (code) => r(code)));
      child.kill('SIGTERM');
      expect(await exited).toBe(0);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
