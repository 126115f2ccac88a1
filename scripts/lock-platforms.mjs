#!/usr/bin/env node
// Keeps package-lock.json complete for every platform of the native bindings it depends on (DuckDB's,
// oxc-parser's that knip uses, and Biome's CLI binary). The registry mirror this project is built with
// does not serve some platform packages (darwin, win32, linux-arm64, ...), so `npm install` leaves them
// out of the lock and `npm ci` then refuses the lock as out of sync. This adds the missing optional
// entries, with the os, cpu and libc their names spell (npm skips them on other platforms without
// fetching anything), and the license and dev flag of the package that lists them, keys in npm's own
// order, so that a later `npm install` rewrites none of them.
// Run after any `npm install`: node scripts/lock-platforms.mjs
import { readFileSync, writeFileSync } from 'node:fs';

const file = new URL('../package-lock.json', import.meta.url);
/** The packages of platform bindings: each is under the same license as the package that lists it. */
const BINDINGS = /^(@duckdb\/node-bindings-|@oxc-parser\/binding-|@biomejs\/cli-)/;
/** `<os>-<cpu>[-<abi>]` at the end of a binding's name, e.g. linux-arm-musleabihf or win32-x64-msvc. */
const PLATFORM = /-(android|darwin|freebsd|linux|openharmony|win32)-(arm|arm64|ia32|ppc64|riscv64|s390x|x64)(?:-(eabi|gnu|gnueabihf|msvc|musl|musleabihf))?$/;
const lock = JSON.parse(readFileSync(file, 'utf8'));
const packages = lock.packages;
let added = 0;
for (const [path, entry] of Object.entries(packages)) {
  for (const [name, version] of Object.entries(entry.optionalDependencies ?? {})) {
    const target = `node_modules/${name}`;
    if (packages[target] || !BINDINGS.test(name)) continue;
    const [, os, cpu, abi] = PLATFORM.exec(name) ?? [];
    if (!os || !cpu) continue;
    packages[target] = {
      version,
      cpu: [cpu],
      ...(entry.dev ? { dev: true } : {}),
      ...(os === 'linux' ? { libc: [abi?.startsWith('musl') ? 'musl' : 'glibc'] } : {}),
      license: entry.license,
      optional: true,
      os: [os],
    };
    added += 1;
    void path;
  }
}
lock.packages = Object.fromEntries(Object.entries(packages).sort(([a], [b]) => (a === '' ? -1 : b === '' ? 1 : a.localeCompare(b))));
writeFileSync(file, `${JSON.stringify(lock, null, 2)}\n`);
process.stdout.write(`lock-platforms: ${added} platform entr${added === 1 ? 'y' : 'ies'} added\n`);
