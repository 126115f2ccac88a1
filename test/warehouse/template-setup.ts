// Vitest's global setup (vitest.config.ts): once per test run, before any test file, one warehouse file is
// opened (and so migrated) in a temp folder and closed; its path is provided to the tests as
// `migratedTemplate`, which test/warehouse/migrated-copy.ts copies for each case. Made per run, it always
// follows the migrations of the tree under test; the run's teardown removes it (a test process cannot:
// vitest ends its forks without running their exit handlers). Each project names this setup itself: at
// the root, vitest would run it for the root as well, and each run loads it afresh, so two cannot share.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { TestProject } from 'vitest/node';
import { openWarehouse } from '../../src/warehouse/open.ts';

declare module 'vitest' {
  export interface ProvidedContext {
    /** A closed warehouse file that every migration has been applied to, with its raw rows' folder. */
    migratedTemplate: string;
  }
}

export default async function setup(project: TestProject): Promise<() => void> {
  const dir = mkdtempSync(join(tmpdir(), 'recon-template-'));
  const path = join(dir, 'template.duckdb');
  try {
    (await openWarehouse(path)).close();
  } catch (error) {
    rmSync(dir, { recursive: true, force: true });
    throw error;
  }
  project.provide('migratedTemplate', path);
  return () => rmSync(dir, { recursive: true, force: true });
}
