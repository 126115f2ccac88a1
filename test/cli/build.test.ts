// The CLI's build (dist/) against its sources: a spawned recon runs the build while it matches the
// sources and says the same as the sources do; an edited, added or removed source sends it back to them.
import { execFile } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, utimesSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, describe, expect, it } from 'vitest';
import { buildIsFresh, stampSources, STAMP_NAME } from '../../bin/source-stamp.js';

const BIN = join(import.meta.dirname, '..', '..', 'bin', 'recon.js');
const dir = mkdtempSync(join(tmpdir(), 'recon-build-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

async function recon(args: string[], env: Record<string, string> = {}) {
  const result = await promisify(execFile)(process.execPath, [BIN, ...args], { cwd: dir, env: { PATH: process.env['PATH'] ?? '', LANG: 'C', ...env } }).catch(
    (error: { stdout: string; stderr: string; code: number }) => error,
  );
  // The JSON log's instant is the only thing two runs may differ in.
  const stderr = result.stderr.replace(/"time":"[^"]+"/g, '"time":"T"');
  return { stdout: result.stdout, stderr, code: 'code' in result ? result.code : 0 };
}

describe('the build of the CLI', () => {
  it('is fresh after the run setup built it', () => {
    expect(buildIsFresh()).toBe(true);
  });

  it.each([[['--help']], [['sql', '--help']], [['sql', 'SELECT 1']], [['run', 'nightly', '--no-such-flag']]])(
    'says what the sources say: recon %j',
    async (args) => {
      const [built, sources] = await Promise.all([recon(args), recon(args, { RECON_FROM_SOURCES: '1' })]);
      expect(built.stdout + built.stderr).not.toBe('');
      expect(built).toEqual(sources);
    },
    60_000,
  );

  it('is stale once a source is edited, added or removed', () => {
    const root = join(dir, 'project');
    for (const sub of ['src/cli', 'jobs', 'dist']) mkdirSync(join(root, sub), { recursive: true });
    writeFileSync(join(root, 'src/cli/main.ts'), 'export {};\n');
    writeFileSync(join(root, 'jobs/nightly.ts'), 'export {};\n');
    writeFileSync(join(root, 'dist/main.js'), '');
    const stampNow = () => writeFileSync(join(root, 'dist', STAMP_NAME), stampSources(root));
    stampNow();
    expect(buildIsFresh(root)).toBe(true);
    utimesSync(join(root, 'jobs/nightly.ts'), new Date(), new Date(Date.now() + 5000));
    expect(buildIsFresh(root)).toBe(false);
    stampNow();
    writeFileSync(join(root, 'src/cli/new.ts'), 'export {};\n');
    expect(buildIsFresh(root)).toBe(false);
    stampNow();
    rmSync(join(root, 'src/cli/new.ts'));
    expect(buildIsFresh(root)).toBe(false);
    stampNow();
    rmSync(join(root, 'dist/main.js'));
    expect(buildIsFresh(root)).toBe(false);
  });
});
