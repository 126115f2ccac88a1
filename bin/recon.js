#!/usr/bin/env node
// Entry point of the `recon` CLI: registers the TypeScript loader, then runs src/cli/main.ts's runCli.
// The only place that sets the process's exit status, so main.ts can be imported (by tests) without
// running anything.
import { register } from 'tsx/esm/api';

register();
const { runCli } = await import('../src/cli/main.ts');
process.exitCode = await runCli(process.argv.slice(2));
