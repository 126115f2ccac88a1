// How a hint tells the user to run recon again: through this install's own entry point, never `npx
// recon` (an unrelated package on the public registry has that name, and npx installs it without asking
// when there is no terminal). Inside the project folder `npm exec recon --` resolves to this project's
// bin without the registry; anywhere else the hint names the entry point's path.
import { existsSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { PROJECT_ROOT } from '../shared/project-root.ts';
import { shellWord } from '../shared/shell-word.ts';

const BIN = join(PROJECT_ROOT, 'bin', 'recon.js');

/** `npm exec recon --` when `cwd` is this project's folder, else the absolute path of bin/recon.js. */
export function ownCommandFor(cwd: string = process.cwd()): string {
  return isThisProject(resolve(cwd)) ? 'npm exec recon --' : shellWord(BIN);
}

function isThisProject(dir: string): boolean {
  if (dir !== PROJECT_ROOT) return false;
  const manifest = join(dir, 'package.json');
  if (!existsSync(manifest)) return false;
  try {
    return (JSON.parse(readFileSync(manifest, 'utf8')) as { name?: unknown }).name === 'recon' && existsSync(BIN);
  } catch {
    return false;
  }
}
