// Creating a temporary file (`*.partial`) that is recon's own, never a link someone planted. A report
// folder or the triage folder may already hold an entry of that name: a partial file a crash left, or a
// symbolic link to a file elsewhere that a plain open would write through (and a chmod by path would
// change the mode of). So the old entry is unlinked first (unlink removes a link, never its target),
// and the file is created with O_EXCL|O_NOFOLLOW: if anything appears under the name in between, the
// open fails and the write fails naming the path, instead of going through it. The mode is set on the
// descriptor (fchmod), so it holds whatever the umask.
import { chmodSync, closeSync, constants, fchmodSync, lstatSync, mkdirSync, openSync, unlinkSync, writeSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import { ReconError } from './errors.ts';

const CREATE_FLAGS = constants.O_WRONLY | constants.O_CREAT | constants.O_EXCL | constants.O_NOFOLLOW;

/** Opens a new file at `path` for writing, exclusively created with `mode`; returns its descriptor. */
export function openExclusiveFile(path: string, mode: number): number {
  const existing = lstatSync(path, { throwIfNoEntry: false });
  if (existing?.isDirectory()) throw new ReconError('report', { id: 'tempFileFolder', path });
  if (existing !== undefined) unlinkSync(path);
  let fd: number;
  try {
    fd = openSync(path, CREATE_FLAGS, mode);
  } catch (cause) {
    const code = (cause as NodeJS.ErrnoException).code ?? 'error';
    throw new ReconError('report', { id: 'tempFileTaken', path, code }, { cause });
  }
  try {
    fchmodSync(fd, mode);
  } catch (cause) {
    closeSync(fd);
    throw cause;
  }
  return fd;
}

/** Writes `body` to a new file at `path` (see openExclusiveFile) and closes it. */
export function writeExclusiveFile(path: string, body: string, mode: number): void {
  const fd = openExclusiveFile(path, mode);
  try {
    const bytes = Buffer.from(body);
    let at = 0;
    while (at < bytes.length) at += writeSync(fd, bytes, at);
  } finally {
    closeSync(fd);
  }
}

/**
 * The mode of a folder holding files of `fileMode`: its owner's rwx, and search (x) for whom the files
 * are readable (reports.fileMode "0640" gives 0750: the group can open the reports). 0700 by default.
 */
function folderModeOf(fileMode: number): number {
  return 0o700 | (fileMode & 0o044) | ((fileMode & 0o044) >> 2);
}

/**
 * mkdir -p whose new folders get the folder mode of `fileMode` whatever the umask (the CLI runs under
 * 0077, which would otherwise narrow a configured "0640" to the owner alone). Folders that already
 * exist keep their mode.
 */
export function makeFolderFor(dir: string, fileMode: number): void {
  const mode = folderModeOf(fileMode);
  const first = mkdirSync(dir, { recursive: true, mode });
  if (first === undefined) return;
  for (let at = resolve(dir); ; at = dirname(at)) {
    chmodSync(at, mode);
    if (at === resolve(first) || dirname(at) === at) break;
  }
}
