// Global setup of the e2e project: an empty folder for the two sandbox nights the serve and workbook
// tests share (fixture.ts runs them there when a file first asks), removed when the run ends. Nothing
// runs here, so a run of files that never ask pays nothing.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { TestProject } from 'vitest/node';

declare module 'vitest' {
  export interface ProvidedContext {
    twoNightsTemplate: string | undefined;
  }
}

export default function setup(project: TestProject): () => void {
  const dir = mkdtempSync(join(tmpdir(), 'recon-two-nights-'));
  project.provide('twoNightsTemplate', dir);
  return () => rmSync(dir, { recursive: true, force: true });
}
