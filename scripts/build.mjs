// `npm run build` (also run by `npm ci`, and by the test run's setup): the CLI bundled into dist/ by
// esbuild, so that a `recon` process starts without compiling TypeScript. Through tsx every module goes
// through a loader thread and its transform cache; bundled, `recon run nightly --help` took 2.5 s of CPU
// instead of 4.6 s, `recon sql` 1.1 s instead of 2.5 s (a busy 2-core machine, same load). Commands stay
// loaded on demand (code splitting), packages are imported from node_modules as by the sources, and the
// files recon reads beside its code are read from src/ (src/shared/project-root.ts). bin/recon.js runs
// the build only while the sources still carry its stamp (bin/source-stamp.js), else the sources.
// `--if-stale` builds only when the build is missing or stale.
import { renameSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { build } from 'esbuild';
import { buildIsFresh, DIST, ROOT, STAMP_NAME, stampSources } from '../bin/source-stamp.js';

if (process.argv.includes('--if-stale') && buildIsFresh()) process.exit(0);
const stamp = stampSources();
// Built beside and moved into place whole: a process starting meanwhile sees the old build or the new one.
const next = `${DIST}.next-${process.pid}`;
rmSync(next, { recursive: true, force: true });
try {
  await build({
    entryPoints: [join(ROOT, 'src/cli/main.ts'), join(ROOT, 'src/cli/interrupt.ts')],
    outdir: next,
    bundle: true,
    splitting: true,
    format: 'esm',
    platform: 'node',
    target: 'node20',
    packages: 'external',
    // Class and function names as in the sources (an error's constructor name, a stack trace).
    keepNames: true,
    // RECON_DEBUG=1 turns source maps on (bin/recon.js): a stack trace then names the sources' lines.
    sourcemap: 'linked',
    logLevel: 'warning',
  });
  writeFileSync(join(next, STAMP_NAME), stamp);
  const old = `${DIST}.old-${process.pid}`;
  try {
    renameSync(DIST, old);
  } catch {
    // No earlier build.
  }
  renameSync(next, DIST);
  rmSync(old, { recursive: true, force: true });
} finally {
  rmSync(next, { recursive: true, force: true });
}
// The stamp is checked after the move: a source edited while the build ran leaves it stale, never wrong.
if (!buildIsFresh()) process.stderr.write('recon build: the sources changed while it ran, so bin/recon.js runs them through tsx; run `npm run build` again\n');
