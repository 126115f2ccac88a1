#!/usr/bin/env node
// Entry point of the `recon` CLI: registers the TypeScript loader, then hands over to src/cli/main.ts.
import { register } from 'tsx/esm/api';

register();
await import('../src/cli/main.ts');
