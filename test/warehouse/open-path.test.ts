// A warehouse.path that cannot hold a warehouse is a config error (exit 2) naming warehouse.path and what
// is expected: a directory, /dev/null, a folder under /proc (where node's recursive mkdir never returns),
// and a real read-only file system (a tmpfs mounted read-only in a user namespace, where unshare allows).
// The first three run through runCli in this process (test/cli/in-process.ts): the same exit code and
// output without a child's second of CPU to load; the read-only file system needs a real child, in its
// own mount namespace.
import { spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { openWarehouse } from '../../src/warehouse/open.ts';
import { isReconError } from '../../src/shared/errors.ts';
import { cleanEnv } from '../proof/cli.ts';
import { runCliInProcess } from '../cli/in-process.ts';

const BIN = join(import.meta.dirname, '..', '..', 'bin', 'recon.js');
const CAN_UNSHARE = spawnSync('unshare', ['--user', '--map-root-user', '--mount', 'true']).status === 0;

describe('warehouse.path that cannot hold a warehouse', () => {
  const root = mkdtempSync(join(tmpdir(), 'recon-open-path-'));
  afterAll(() => rmSync(root, { recursive: true, force: true }));
  const orders = join(root, 'orders.csv');
  writeFileSync(orders, 'pedido;cliente;documento;valor_total;situacao;criado_em;transacao;observacao\r\n');

  function configured(path: string): string {
    const dir = mkdtempSync(join(root, 'case-'));
    // The English sentences are asserted: the terminal shows them under en.
    writeFileSync(join(dir, 'recon.config.json'), JSON.stringify({ warehouse: { path }, orders: { preset: 'recon-sandbox' }, reports: { locale: 'en' } }));
    return dir;
  }

  it.each([
    [
      'a directory',
      () => root,
      /recon: warehouse\.path \S+ is a directory; expected the DuckDB file recon keeps its warehouse in — set warehouse\.path to a file, e\.g\. "\S+\/recon\.duckdb"/,
    ],
    [
      '/dev/null',
      () => '/dev/null',
      /recon: warehouse\.path \/dev\/null is not a regular file \(a device, pipe or socket\); .*set warehouse\.path to a file on a writable disk/,
    ],
    [
      'a folder under /proc',
      () => '/proc/recon-no-such/w.duckdb',
      /recon: warehouse\.path \/proc\/recon-no-such\/w\.duckdb: \/proc\/recon-no-such cannot be written \(ENOENT/,
    ],
  ])('%s: exit 2 with the fix', async (_name, path, message) => {
    const dir = configured(path());
    const result = await runCliInProcess(['import', orders], { cwd: dir });
    expect(result.code, result.stderr).toBe(2);
    expect(result.stderr).toMatch(message);
  });

  it('read-only opens (recon sql, serve) refuse a directory the same way', async () => {
    const error = await openWarehouse(root, { readOnly: true }).catch((e: unknown) => e);
    expect(isReconError(error, 'config')).toBe(true);
    expect((error as Error).message).toMatch(/is a directory/);
  });

  it.skipIf(!CAN_UNSHARE)('a folder on a read-only file system: exit 2 with the fix', () => {
    const mount = join(root, 'ro');
    mkdirSync(mount);
    const dir = configured(join(mount, 'w.duckdb'));
    const script = `mount -t tmpfs -o ro tmpfs '${mount}' && exec '${process.execPath}' '${BIN}' import '${orders}'`;
    const result = spawnSync('unshare', ['--user', '--map-root-user', '--mount', 'sh', '-c', script], {
      cwd: dir,
      env: cleanEnv(),
      encoding: 'utf8',
      timeout: 30_000,
    });
    expect(result.status, result.stderr).toBe(2);
    expect(result.stderr).toMatch(
      /recon: warehouse\.path \S+\/ro\/w\.duckdb: \S+\/ro cannot be written \(EROFS: a read-only file system\); .*set warehouse\.path to a file on a writable disk/,
    );
  });
});
