// How a night gets the warehouse from `recon sql`. DuckDB lets one process write the file and none
// read it meanwhile, and it has no statement timeout of its own: a query left running (an endless
// `WITH RECURSIVE`) made the night fail "in use by another recon process". A writer that finds the file
// locked leaves `<warehouse>.wanted` (its process id) while it waits; `recon sql` looks for it while a
// statement runs and interrupts the statement, and starts none while it is there. So the night waits at
// most the time `recon sql` takes to notice and close (a fraction of a second), never a query's length.
import { readFileSync, rmSync, writeFileSync } from 'node:fs';

function wantedPathOf(warehousePath: string): string {
  return `${warehousePath}.wanted`;
}

/** Says "a writer waits for this warehouse"; returns what takes it back (only if this call made it). */
export function markWanted(warehousePath: string): () => void {
  const path = wantedPathOf(warehousePath);
  try {
    writeFileSync(path, String(process.pid), { flag: 'wx', mode: 0o600 });
  } catch {
    // Another writer waits too (its mark holds), or the folder is read-only (nothing to do then).
    return () => undefined;
  }
  return () => rmSync(path, { force: true });
}

/** Whether a live process waits for the warehouse; a mark its process left behind is removed. */
export function isWanted(warehousePath: string): boolean {
  const path = wantedPathOf(warehousePath);
  let text: string;
  try {
    text = readFileSync(path, 'utf8');
  } catch {
    return false;
  }
  const pid = Number.parseInt(text, 10);
  if (!Number.isInteger(pid) || pid <= 0) return false;
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'EPERM') return true;
    rmSync(path, { force: true });
    return false;
  }
}
