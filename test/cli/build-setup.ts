// Global setup of the e2e projects: the CLI's build (dist/, scripts/build.mjs) made fresh once per run,
// so that the recon processes the tests spawn start from it, as a user's do after `npm ci`.
import { execFileSync } from 'node:child_process';
import { join } from 'node:path';

export default function setup(): void {
  execFileSync(process.execPath, [join(import.meta.dirname, '..', '..', 'scripts', 'build.mjs'), '--if-stale'], { stdio: 'inherit' });
}
