#!/usr/bin/env -S node --max-semi-space-size=2
// Entry point of the `recon` CLI: registers the TypeScript loader, then runs src/cli/main.ts's runCli.
// The only place that sets the process's exit status, so main.ts can be imported (by tests) without
// running anything.
import { register } from 'tsx/esm/api';

// Every file and folder the process creates is its owner's alone unless recon sets a mode itself (the
// configured fileMode of reports, journal, warehouse): DuckDB creates the warehouse's .wal and its
// spill files with the umask's mode, and they hold customer names. recon chmods what it means to share.
process.umask(0o077);
register();
const { runCli } = await import('../src/cli/main.ts');
const { interrupted } = await import('../src/cli/interrupt.ts');
process.exitCode = await runCli(process.argv.slice(2));
// A command stopped by Ctrl-C has reported it; the work it left (as a kill leaves it, for the next run to
// clean up) must not keep the process alive or go on printing.
if (interrupted()) process.exit();
