#!/usr/bin/env -S node --max-semi-space-size=2
// Entry point of the `recon` CLI: runs src/cli/main.ts's runCli, from its build (dist/, scripts/build.mjs)
// while the build matches the sources, else from the sources through the TypeScript loader (tsx);
// RECON_FROM_SOURCES=1 always runs the sources. The only place that sets the process's exit status, so
// main.ts can be imported (by tests) without running anything.
import { buildIsFresh } from './source-stamp.js';

// Every file and folder the process creates is its owner's alone unless recon sets a mode itself (the
// configured fileMode of reports, journal, warehouse): DuckDB creates the warehouse's .wal and its
// spill files with the umask's mode, and they hold customer names. recon chmods what it means to share.
process.umask(0o077);
let cli;
if (process.env['RECON_FROM_SOURCES'] !== '1' && buildIsFresh()) {
  // A stack trace (RECON_DEBUG=1) names the sources' files and lines.
  if (process.env['RECON_DEBUG'] === '1') process.setSourceMapsEnabled(true);
  cli = { main: await import('../dist/main.js'), interrupt: await import('../dist/interrupt.js') };
} else {
  const { register } = await import('tsx/esm/api');
  register();
  cli = { main: await import('../src/cli/main.ts'), interrupt: await import('../src/cli/interrupt.ts') };
}
process.exitCode = await cli.main.runCli(process.argv.slice(2));
// A command stopped by Ctrl-C has reported it; the work it left (as a kill leaves it, for the next run to
// clean up) must not keep the process alive or go on printing.
if (cli.interrupt.interrupted()) process.exit();
