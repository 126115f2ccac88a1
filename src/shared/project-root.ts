// The project's folder, found from wherever its code runs: the sources (src/<seam>/) or their build
// (dist/, see scripts/build.mjs), whose modules sit at another depth. What recon reads beside its code
// (the migrations, the page's assets) and the entry point a hint names are found from here, so the two
// run alike.
import { existsSync } from 'node:fs';
import { dirname, join } from 'node:path';

/** The nearest folder at or above `dir` holding recon's package.json and entry point. */
function findProjectRoot(dir: string): string {
  for (let at = dir; ; at = dirname(at)) {
    if (existsSync(join(at, 'package.json')) && existsSync(join(at, 'bin', 'recon.js'))) return at;
    if (dirname(at) === at) throw new Error(`no recon project folder (package.json beside bin/recon.js) at or above ${dir}`);
  }
}

export const PROJECT_ROOT = findProjectRoot(import.meta.dirname);
