// An idle `recon sql` prompt holds no lock on the warehouse: the prompt opens the file read-only for each
// statement and closes it after, so a nightly run started while an analyst's prompt sits idle still
// gets the write lock. Through the real CLI, a child process fed by a pipe.
import { spawn, type ChildProcessWithoutNullStreams } from 'node:child_process';
import { rmSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openWarehouse } from '../../src/warehouse/open.ts';
import { createFixtureWarehouse, type Fixture } from '../report/fixture.ts';
import { cleanEnv } from '../proof/cli.ts';

const BIN = resolve('bin/recon.js');
let fixture: Fixture;

beforeAll(async () => {
  fixture = await createFixtureWarehouse();
  fixture.warehouse.close();
  writeFileSync(join(fixture.dir, 'recon.config.json'), JSON.stringify({ warehouse: { path: 'recon.duckdb' } }));
}, 60_000);

afterAll(() => rmSync(fixture.dir, { recursive: true, force: true }));

/** Resolves once stdout holds `count` occurrences of `marker`. */
function waitFor(child: ChildProcessWithoutNullStreams, out: { text: string }, marker: string, count: number): Promise<void> {
  return new Promise((done, fail) => {
    const check = () => {
      if (out.text.split(marker).length - 1 >= count) {
        child.stdout.off('data', check);
        done();
      }
    };
    child.stdout.on('data', check);
    child.once('exit', (code) => fail(new Error(`recon sql exited with ${code} before "${marker}": ${out.text}`)));
    check();
  });
}

describe('an idle recon sql prompt', () => {
  it('lets another process take the write lock between statements, and goes on after it', async () => {
    const child = spawn(process.execPath, [BIN, 'sql'], { cwd: fixture.dir, env: cleanEnv(), stdio: ['pipe', 'pipe', 'pipe'] });
    const out = { text: '' };
    let err = '';
    child.stdout.on('data', (d: Buffer) => (out.text += d.toString('utf8')));
    child.stderr.on('data', (d: Buffer) => (err += d.toString('utf8')));
    const exited = new Promise<number | null>((done) => child.once('exit', (code) => done(code)));
    try {
      child.stdin.write('SELECT count(*) AS n FROM orders;\n');
      await waitFor(child, out, '(1 row)', 1);
      // The prompt now waits for input. A writer, as a nightly run would be, with the nightly's own short
      // grace: the result reaches this process a moment before the prompt has closed the file behind it,
      // while a prompt that held the lock when idle would hold it past the grace.
      const writer = await openWarehouse(fixture.path, { lockWaitMs: 1500 });
      try {
        await writer.connection.run('CREATE TABLE written_while_idle AS SELECT 7 AS x');
      } finally {
        writer.close();
      }
      child.stdin.write('SELECT x FROM written_while_idle;\n.tables\n');
      await waitFor(child, out, 'written_while_idle', 1);
      child.stdin.write('.quit\n');
      expect(await exited, err).toBe(0);
    } finally {
      child.kill();
    }
    expect(out.text).toContain('x\n-\n7\n(1 row)');
    expect(out.text).toMatch(/written_while_idle\s+\| BASE TABLE/);
    expect(err).toBe('');
  }, 60_000);
});
