// A migrated warehouse for each test case without running every migration for each: the run's global
// setup (template-setup.ts) migrates one template warehouse file; each call here copies that file and its
// raw rows' folder to the path asked for and opens the copy with openWarehouse, whose migrate() then
// finds nothing to do. The copy is a real DuckDB file like any other: the raw views find their folder
// through the variable each open sets, never through a path stored in the file. Migrating was most of a
// rules case (every migration, about half a second on a loaded machine); a copy and an open are a tenth.
// The copies go to /dev/shm where the machine has one: a file there is a file like any other, but its
// fsync is free, and DuckDB syncs its log at every commit (a one-row INSERT took 13 ms in /tmp on disk,
// 1 ms there, as in memory).
import { accessSync, chmodSync, constants, copyFileSync, cpSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { DuckDBConnection } from '@duckdb/node-api';
import { inject } from 'vitest';
import { DEFAULT_MEMORY_LIMIT } from '../../src/config/schema.ts';
import { openWarehouse, type OpenOptions, type Warehouse } from '../../src/warehouse/open.ts';
import { rawDirOf } from '../../src/warehouse/raw-store.ts';

/** A memory-backed folder for test warehouses where there is one, else the system's temp folder. */
function scratchRoot(): string {
  try {
    accessSync('/dev/shm', constants.W_OK);
    return '/dev/shm';
  } catch {
    return tmpdir();
  }
}

/** A new folder for a test's warehouses (and whatever else it writes), where commits are cheap; the caller removes it. */
export function scratchDir(prefix: string): string {
  return mkdtempSync(join(scratchRoot(), prefix));
}

/**
 * Copies the migrated template to `path` (a file that must not exist yet, 0600 as recon makes its own) and
 * opens it. `options.fileMode` is moot: the copy is always 0600.
 */
export async function openMigratedCopy(path: string, options: Omit<OpenOptions, 'fileMode'> = {}): Promise<Warehouse> {
  const from = inject('migratedTemplate');
  copyFileSync(from, path, constants.COPYFILE_EXCL);
  chmodSync(path, 0o600);
  cpSync(rawDirOf(from), rawDirOf(path), { recursive: true });
  return openWarehouse(path, options);
}

/**
 * An instance of one DuckDB thread, for the tests that reconcile many small nights. The night runs on one
 * thread whatever the instance has (reconcile.ts); on an instance of two, starting the second thread
 * again after each night and the statements around it on two threads made a night cost about 290 ms of
 * CPU, against 165 ms on one (a 2-core machine, same load, same rows). The default budget, as an open
 * without resources has. The jobs' tests keep DuckDB's default threads.
 */
export const ONE_THREAD: Omit<OpenOptions, 'fileMode'> = { resources: { memoryLimit: DEFAULT_MEMORY_LIMIT, threads: 1 } };

/** A migrated warehouse in a temp folder of its own, which close() removes with it. */
export async function migratedWarehouse(options: Omit<OpenOptions, 'fileMode'> = {}): Promise<{ db: DuckDBConnection; warehouse: Warehouse; close(): void }> {
  const dir = scratchDir('recon-case-');
  let warehouse: Warehouse | undefined;
  try {
    warehouse = await openMigratedCopy(join(dir, 'recon.duckdb'), options);
    // The file is removed at close: a checkpoint into it then is work for nothing (a fifth of a rules case).
    await warehouse.connection.run('PRAGMA disable_checkpoint_on_shutdown');
  } catch (error) {
    warehouse?.close();
    rmSync(dir, { recursive: true, force: true });
    throw error;
  }
  const opened = warehouse;
  return {
    db: opened.connection,
    warehouse: opened,
    close() {
      opened.close();
      rmSync(dir, { recursive: true, force: true });
    },
  };
}
