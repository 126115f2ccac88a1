// Opens the DuckDB warehouse file, migrates it, and turns DuckDB's lock conflict into a clear error.
// Every open points the raw views at the raw rows' folder beside the file (raw-store.ts). A sealed open
// (for SQL a person types) also shuts DuckDB off from every other file but that folder, from extensions
// and from its own settings. A warehouse.path that cannot hold a warehouse (a directory, /dev/null, a
// read-only disk) is a config error (exit 2) that says what was expected and how to fix it, before
// DuckDB is asked to open it.
import { accessSync, chmodSync, constants, existsSync, mkdirSync, rmSync, statSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { DuckDBInstance, type DuckDBConnection } from '@duckdb/node-api';
import { ReconError } from '../shared/errors.ts';
import { DEFAULT_MEMORY_LIMIT } from '../config/schema.ts';
import { lockHolderOf, lockHolderPid } from './lock-holder.ts';
import type { LockHolder } from '../shared/locale/error-params-run.ts';
import { instanceOptionsOf, type WarehouseResources } from './memory-limit.ts';
import { MIGRATIONS } from './migrations.ts';
import { rawDirOf, rawDirOfConnection, useRawStore } from './raw-store.ts';
import { sqlLiteral } from './sql.ts';
import { createSpillFolder, removeSpillFolder } from './temp-dir.ts';
import { markWanted } from './wanted.ts';
import { withTransaction } from './transaction.ts';

export interface Warehouse {
  path: string;
  /** The raw rows' folder (raw-store.ts): <path>.raw, or a temporary one for an in-memory warehouse. */
  rawDir: string;
  /** This instance's own spill folder (temp-dir.ts); undefined in memory or where none could be made. */
  spillDir: string | undefined;
  connection: DuckDBConnection;
  /** The DuckDB instance, for a second connection on the same database (the bench's memory sampler). */
  instance: DuckDBInstance;
  close(): void;
}

export interface OpenOptions {
  readOnly?: boolean | undefined;
  /** Octal file mode for a newly created warehouse file, e.g. "0600". */
  fileMode?: string;
  /**
   * How long to keep trying while another process holds the file. Short on purpose: it lets a job ride
   * out `recon serve`'s brief read-only look, while a second job still stops almost at once.
   */
  lockWaitMs?: number;
  /**
   * Told once, when the first attempt finds the file held and a wait begins, who holds it ("PID 1234
   * (recon run nightly, since 02:30 UTC)"), so that a second run never waits without a word.
   */
  onLockWait?: (holder: LockHolder | undefined, waitMs: number) => void;
  /** The setting that sets lockWaitMs, named when the wait runs out (e.g. warehouse.lockWaitSeconds). */
  lockWaitKey?: string;
  /**
   * Only with readOnly: no file but the warehouse (DuckDB always allows its own database file) and the
   * raw rows' folder beside it, no extension installed or loaded, and the configuration locked so that
   * no statement can undo it.
   */
  sealed?: boolean;
  /** The process's memory budget and DuckDB's threads (warehouse.*); the default budget when absent. */
  resources?: WarehouseResources | undefined;
  /**
   * DuckDB's max_temp_directory_size for this instance, e.g. "1GB" (sql.maxSpill). DuckDB's own default
   * is 90% of the free disk; a statement past it fails with an Out of Memory error.
   */
  maxSpill?: string | undefined;
}

/**
 * What a sealed instance is created with: the extension switches must hold before any statement can
 * trigger an autoload. External access is switched off by a statement right after the raw folder is
 * allowed (DuckDB takes no allowed_directories once it is off, nor as an instance option beside it), and
 * lock_configuration comes last; no other statement runs before them (sealWarehouse).
 */
const SEALED_OPTIONS: Readonly<Record<string, string>> = {
  autoinstall_known_extensions: 'false',
  autoload_known_extensions: 'false',
  allow_community_extensions: 'false',
};

/**
 * Every instance hands freed memory back to the system soon. By default DuckDB's allocator keeps up to
 * 128 MB (and 512 MB after a bulk free) of freed pages for reuse, on top of memory_limit: a million-row
 * import then sat 300 MB above its cap. Returning it costs a few percent of the import's time.
 */
const ALLOCATOR_OPTIONS: Readonly<Record<string, string>> = {
  allocator_flush_threshold: '8MB',
  allocator_bulk_deallocation_flush_threshold: '8MB',
  allocator_background_threads: 'true',
};

/** The connection variable holding the memory settings the instance was created with (JSON). */
export const MEMORY_SETTINGS_VARIABLE = 'recon_memory_settings';

/** The memory settings an instance is created with: the allocator's and the budget's share. */
function memoryOptionsOf(options: OpenOptions): Record<string, string> {
  return { ...ALLOCATOR_OPTIONS, ...instanceOptionsOf(options.resources ?? { memoryLimit: DEFAULT_MEMORY_LIMIT }) };
}

/**
 * DuckDB's cache of the files it reads (the sync's window files, the raw rows' Parquet files, an
 * export) is off. It keeps their bytes in the buffer pool, where they compete under the cap with the
 * statement reading them; recon reads each file once or twice in a run and the operating system's page
 * cache already serves a second read. And with it on, 3 of 27 nights of the busy-merchant bench (a
 * promotion day at the cap, each statement spilling) failed with a window file's line paired with
 * another row's id or a key read as NUL bytes (caught by the publish's checks, nothing committed); with
 * it off, 30 nights of the same series passed without one.
 */
const FILE_CACHE_OPTIONS: Readonly<Record<string, string>> = { enable_external_file_cache: 'false' };

/** A read-only open needs the file; a missing one gets a sentence that says how to make it. */
export function assertWarehouseExists(path: string): void {
  if (path !== ':memory:' && !existsSync(path)) {
    throw new ReconError('config', { id: 'warehouseMissing', path });
  }
}

export async function openWarehouse(path: string, options: OpenOptions = {}): Promise<Warehouse> {
  const isMemory = path === ':memory:';
  const created = !isMemory && !existsSync(path);
  if (options.readOnly) assertWarehouseExists(path);
  if (options.sealed && !options.readOnly) throw new ReconError('internal', 'a sealed warehouse must be opened read-only');
  if (!isMemory) checkWarehousePath(path, options.readOnly ?? false);
  const spill = isMemory ? undefined : spillFolderFor(path);
  let instance: DuckDBInstance;
  let connection: DuckDBConnection;
  try {
    instance = await createInstance(path, options, spill);
    try {
      connection = await instance.connect();
    } catch (error) {
      instance.closeSync();
      throw error;
    }
  } catch (error) {
    if (spill !== undefined) removeSpillFolder(spill);
    throw error;
  }
  let temporaryRawDir: string | undefined;
  const warehouse: Warehouse = {
    path,
    rawDir: isMemory ? '' : rawDirOf(path),
    spillDir: spill,
    connection,
    instance,
    close() {
      connection.closeSync();
      instance.closeSync();
      if (spill !== undefined) removeSpillFolder(spill);
      if (temporaryRawDir !== undefined) rmSync(temporaryRawDir, { recursive: true, force: true });
    },
  };
  try {
    // TIMESTAMPTZ arithmetic and casts must never depend on the machine's zone; business days are
    // computed in the configured zone explicitly. (TimeZone is ICU's, not an instance option.)
    await connection.run("SET TimeZone = 'UTC'");
    // The memory settings as given, for a step that narrows them to set them back exactly (DuckDB shows
    // them cut to a tenth of a unit; sync/run-resources.ts).
    await connection.run(`SET VARIABLE ${MEMORY_SETTINGS_VARIABLE} = ${sqlLiteral(JSON.stringify(memoryOptionsOf(options)))}`);
    const raw = await useRawStore(connection, { dir: isMemory ? undefined : warehouse.rawDir, create: !options.readOnly });
    warehouse.rawDir = raw.dir;
    if (raw.temporary) temporaryRawDir = raw.dir;
    if (options.sealed) await sealWarehouse(connection, raw.dir);
    if (!options.readOnly) await migrate(connection);
    if (created && options.fileMode) chmodSync(path, parseInt(options.fileMode, 8));
  } catch (error) {
    warehouse.close();
    throw error;
  }
  return warehouse;
}

/** The instance's own spill folder (temp-dir.ts); none (DuckDB's default) where none can be made, e.g. a read-only disk. */
function spillFolderFor(path: string): string | undefined {
  try {
    return createSpillFolder(path);
  } catch {
    return undefined;
  }
}

/**
 * Shuts the instance off from every file but the raw rows' folder (which the raw views read), then locks
 * its settings. Allowing the folder allows writing in it too: `recon sql` refuses COPY and every other
 * statement that writes a file by its kind before it runs (report/sql-refusals.ts).
 */
async function sealWarehouse(connection: DuckDBConnection, rawDir: string): Promise<void> {
  await connection.run(`SET allowed_directories = [${sqlLiteral(`${rawDir}/`)}]`);
  await connection.run('SET enable_external_access = false');
  await connection.run('SET lock_configuration = true');
}

/**
 * Applies the migrations the warehouse lacks. Migration 14 writes into the raw rows' folder: a connection
 * that openWarehouse did not prepare gets it here (beside its file, or a temporary one in memory).
 */
async function migrate(connection: DuckDBConnection): Promise<number> {
  if ((await rawDirOfConnection(connection)) === undefined) await useRawStore(connection, { create: true });
  await connection.run('CREATE TABLE IF NOT EXISTS schema_migrations (version INTEGER PRIMARY KEY, name VARCHAR NOT NULL, applied_at TIMESTAMPTZ NOT NULL)');
  const reader = await connection.runAndReadAll('SELECT coalesce(max(version), 0) AS v FROM schema_migrations');
  const current = Number(reader.getRowObjects()[0]?.['v'] ?? 0);
  const latest = MIGRATIONS.at(-1)?.version ?? 0;
  // A newer recon migrated this file: its tables may not be what this build's SQL expects.
  if (current > latest) {
    throw new ReconError('warehouse', { id: 'warehouseNewer', current, latest });
  }
  for (const migration of MIGRATIONS) {
    if (migration.version <= current) continue;
    try {
      await withTransaction(connection, async () => {
        await connection.run(migration.sql);
        await connection.run('INSERT INTO schema_migrations VALUES ($version, $name, now())', { version: migration.version, name: migration.name });
      });
    } catch (cause) {
      throw new ReconError('warehouse', { id: 'migrationFailed', version: migration.version, name: migration.name, said: (cause as Error).message }, { cause });
    }
  }
  return latest;
}

async function createInstance(path: string, options: OpenOptions, spill: string | undefined): Promise<DuckDBInstance> {
  const waitMs = options.lockWaitMs ?? 0;
  const deadline = Date.now() + waitMs;
  let told = false;
  let unmark: (() => void) | undefined;
  try {
    for (;;) {
      try {
        return await DuckDBInstance.create(path, {
          ...FILE_CACHE_OPTIONS,
          ...memoryOptionsOf(options),
          ...(spill !== undefined ? { temp_directory: spill } : {}),
          ...(options.maxSpill !== undefined ? { max_temp_directory_size: options.maxSpill } : {}),
          ...(options.readOnly ? { access_mode: 'READ_ONLY' } : {}),
          ...(options.sealed ? SEALED_OPTIONS : {}),
        });
      } catch (cause) {
        const waited = waitMs > 0 ? { ms: waitMs, key: options.lockWaitKey } : undefined;
        const error = warehouseOpenError(path, cause, waited);
        if (error.code !== 'locked' || Date.now() >= deadline) throw error;
        // A writer says it waits, so that `recon sql` lets go of the file (wanted.ts).
        if (!options.readOnly && unmark === undefined) unmark = markWanted(path);
        if (!told) {
          told = true;
          const pid = lockHolderPid((cause as Error).message ?? '');
          options.onLockWait?.(pid === undefined ? undefined : lockHolderOf(pid), waitMs);
        }
        await new Promise((resolve) => setTimeout(resolve, 100));
      }
    }
  } finally {
    unmark?.();
  }
}

/** The path must be a regular file (or none yet) in a folder recon may write in (the file, its .wal and .tmp). */
function checkWarehousePath(path: string, readOnly: boolean): void {
  const stats = statSync(path, { throwIfNoEntry: false });
  if (stats?.isDirectory()) {
    throw new ReconError('config', { id: 'warehouseFolder', path, suggested: join(path, 'recon.duckdb') });
  }
  if (stats !== undefined && !stats.isFile()) {
    throw new ReconError('config', { id: 'warehouseNotFile', path });
  }
  if (readOnly) return;
  const folder = dirname(path);
  const where = stats === undefined ? folder : path;
  try {
    makeFolder(folder);
    accessSync(folder, constants.W_OK);
    if (stats !== undefined) accessSync(path, constants.W_OK);
  } catch (cause) {
    const code = (cause as NodeJS.ErrnoException).code ?? 'error';
    throw new ReconError('config', { id: 'warehouseUnwritable', path, where, code }, { cause });
  }
}

/**
 * mkdir -p, one level at a time: node's recursive mkdirSync never returns for a path under /proc (each
 * level answers ENOENT, which it takes for a missing parent and retries).
 */
function makeFolder(folder: string): void {
  const missing: string[] = [];
  for (let at = folder; !existsSync(at); at = dirname(at)) {
    if (dirname(at) === at) break;
    missing.unshift(at);
  }
  for (const level of missing) mkdirSync(level);
}

function warehouseOpenError(path: string, cause: unknown, waited?: { ms: number; key: string | undefined }): ReconError {
  const message = (cause as Error).message ?? String(cause);
  if (/read-only file system|permission denied|operation not permitted|is a directory/i.test(message)) {
    return new ReconError('config', { id: 'warehouseOpenForWriting', path, said: message.split('\n')[0] ?? message }, { cause });
  }
  if (/lock/i.test(message)) {
    const pid = lockHolderPid(message);
    const holder = pid === undefined ? {} : { holder: lockHolderOf(pid) };
    const wait = waited ? { waited: { seconds: Math.round(waited.ms / 1000), ...(waited.key ? { key: waited.key } : {}) } } : {};
    return new ReconError(
      'locked',
      { id: 'warehouseLocked', path, ...holder, ...wait },
      {
        cause,
        ...(pid === undefined ? {} : { details: { pid } }),
      },
    );
  }
  return new ReconError('warehouse', { id: 'warehouseCannotOpen', path, said: message }, { cause });
}
