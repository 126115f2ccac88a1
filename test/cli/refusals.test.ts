// Commands that refuse before doing any work, through the CLI's runCli in this process: a usage error
// exits 2 naming the option, and a sync with neither API key nor service address exits 2 saying how to
// set both.
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { runCliInProcess } from './in-process.ts';

const dir = mkdtempSync(join(tmpdir(), 'recon-refusals-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe('recon refuses before any work', () => {
  it('sandbox fails with a usage error on a bad option value', async () => {
    const r = await runCliInProcess(['sandbox', '--faults', 'sometimes', '--port', '0']);
    expect(r.code).toBe(2);
    expect(r.stderr).toMatch(/--faults/);
  });

  it('sync explains how to configure the service when neither key nor address is set', async () => {
    const config = join(dir, 'recon.config.json');
    writeFileSync(config, JSON.stringify({ warehouse: { path: join(dir, 'w.duckdb') } }));
    const ran = await runCliInProcess(['sync'], { env: { RECON_CONFIG: config } });
    expect(ran.code).toBe(2);
    expect(ran.stderr).toContain('RECON_API_KEY');
    expect(ran.stderr).toContain('RECON_BASE_URL');
  });
});
