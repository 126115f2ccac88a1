// DuckDB's spill folder. Past its memory share DuckDB writes temporary files; by default into
// `<warehouse>.tmp`, created with the process's umask (0755, its files 0644: pages of customer names
// readable by every local account), and a killed process leaves them (337 MB found a night later).
// Each instance recon opens spills into a folder of its own, `<warehouse>.tmp/<pid>-<n>`, created 0700
// inside a 0700 `<warehouse>.tmp`; it is removed when the warehouse closes and when the process exits,
// and a later open removes the folders of processes that no longer run. Folders of live processes are
// left alone: `recon serve` and `recon sql` may read the warehouse side by side.
import { chmodSync, lstatSync, mkdirSync, readdirSync, rmSync } from 'node:fs';
import { join } from 'node:path';

let sequence = 0;
const ownFolders = new Set<string>();
let exitHookSet = false;

function tempRootOf(warehousePath: string): string {
  return `${warehousePath}.tmp`;
}

/** Whether a process of that id runs (EPERM: it runs, as another user). */
function isRunning(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/** Removes what dead processes left in the spill root: their folders, and loose files of older recons. */
function removeStaleSpill(root: string): void {
  let names: string[];
  try {
    names = readdirSync(root);
  } catch {
    return;
  }
  for (const name of names) {
    const pid = /^(\d+)-\d+$/.exec(name)?.[1];
    if (pid !== undefined && (Number(pid) === process.pid || isRunning(Number(pid)))) continue;
    // A name that is no process's folder is a loose spill file of an older recon (DuckDB's own naming,
    // `duckdb_temp_*`), left by a kill: no live instance of this recon writes outside its own folder.
    if (pid === undefined && !name.startsWith('duckdb_temp')) continue;
    rmSync(join(root, name), { recursive: true, force: true });
  }
}

/**
 * A fresh 0700 spill folder for one DuckDB instance of this warehouse, after removing what dead
 * processes left. The caller removes it with `removeSpillFolder` when the instance closes.
 */
export function createSpillFolder(warehousePath: string): string {
  const root = tempRootOf(warehousePath);
  mkdirSync(root, { recursive: true, mode: 0o700 });
  // An older recon (or DuckDB itself) created it 0755.
  chmodSync(root, 0o700);
  removeStaleSpill(root);
  sequence += 1;
  const folder = join(root, `${process.pid}-${sequence}`);
  mkdirSync(folder, { mode: 0o700 });
  chmodSync(folder, 0o700);
  ownFolders.add(folder);
  if (!exitHookSet) {
    exitHookSet = true;
    // A Ctrl-C or an error that ends the process without closing the warehouse still removes them.
    process.once('exit', () => {
      for (const own of ownFolders) rmSync(own, { recursive: true, force: true });
    });
  }
  return folder;
}

export function removeSpillFolder(folder: string): void {
  ownFolders.delete(folder);
  rmSync(folder, { recursive: true, force: true });
}

/**
 * The disk a spill folder's files take (allocated blocks, not their apparent size: DuckDB punches holes
 * in them as it frees blocks). DuckDB's own max_temp_directory_size did not hold a sort's spill (20MB
 * set, 315 MB written), so `recon sql` also measures the folder itself (report/run-sql.ts).
 */
export function spillBytesOf(folder: string): number {
  let total = 0;
  let names: string[];
  try {
    names = readdirSync(folder);
  } catch {
    return 0;
  }
  for (const name of names) {
    const stats = lstatSync(join(folder, name), { throwIfNoEntry: false });
    if (stats?.isFile()) total += stats.blocks * 512;
  }
  return total;
}
