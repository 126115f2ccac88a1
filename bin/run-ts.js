#!/usr/bin/env node
// Runs a TypeScript file of this project (used by `npm run bench`): node bin/run-ts.js FILE [ARGS...]
import { register } from 'tsx/esm/api';
import { pathToFileURL } from 'node:url';
import { resolve } from 'node:path';

register();
const file = process.argv[2];
if (!file) {
  process.stderr.write('usage: node bin/run-ts.js FILE [ARGS...]\n');
  process.exit(2);
}
process.argv.splice(2, 1);
await import(pathToFileURL(resolve(file)).href);
