// The stamp of the sources a build of the CLI was made from: every TypeScript file under src/ and jobs/
// by its path, size and modification time. bin/recon.js runs the build (dist/) only while the sources
// still carry the stamp it was made with; an edit, a checkout or a new file sends it back to the
// sources, through tsx, until the next build. Stat-ing the few hundred files takes a few milliseconds.
import { createHash } from 'node:crypto';
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';

export const ROOT = join(import.meta.dirname, '..');
export const DIST = join(ROOT, 'dist');
/** The stamp's file in a build folder. */
export const STAMP_NAME = 'sources.stamp';
const SOURCE_DIRS = ['src', 'jobs'];

function sourceFiles(dir) {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(path);
    return entry.name.endsWith('.ts') ? [path] : [];
  });
}

/** The stamp of the sources under `root` as they are now. */
export function stampSources(root = ROOT) {
  const hash = createHash('sha256');
  const files = SOURCE_DIRS.flatMap((dir) => sourceFiles(join(root, dir))).sort();
  for (const file of files) {
    const stats = statSync(file);
    hash.update(`${relative(root, file)}\0${stats.size}\0${stats.mtimeMs}\n`);
  }
  return `${files.length}:${hash.digest('hex')}`;
}

/** Whether `root`'s dist/ holds a build of its sources as they are now. */
export function buildIsFresh(root = ROOT) {
  const dist = join(root, 'dist');
  try {
    return existsSync(join(dist, 'main.js')) && readFileSync(join(dist, STAMP_NAME), 'utf8') === stampSources(root);
  } catch {
    return false;
  }
}
