// The config schema: the example file parses, and errors name the file, the key path and the fix.
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { loadConfig } from '../../src/config/load.ts';
import { ReconError } from '../../src/shared/errors.ts';

function configFile(content: string): string {
  const dir = mkdtempSync(join(tmpdir(), 'recon-config-'));
  const file = join(dir, 'recon.config.json');
  writeFileSync(file, content);
  return file;
}

describe('config', () => {
  it('parses the documented example with paths relative to the file', () => {
    const { config } = loadConfig({ file: 'recon.config.example.json', env: {} });
    expect(config.orders.columns?.item_id).toBe('pedido');
    expect(config.reconcile.boundaryMinutes).toBe(60);
    expect(config.warehouse.path).toBe(join(process.cwd(), 'data/recon.duckdb'));
  });

  it('has complete defaults when no file exists', () => {
    const { config, file } = loadConfig({ env: {}, cwd: mkdtempSync(join(tmpdir(), 'recon-empty-')) });
    expect(file).toBeUndefined();
    expect(config.sync).toMatchObject({ lookbackDays: 7, sweepDays: 180, settleMinutes: 10, concurrency: 4 });
  });

  it('lets RECON_BASE_URL override the config', () => {
    const { config } = loadConfig({ file: 'recon.config.example.json', env: { RECON_BASE_URL: 'http://127.0.0.1:4010' } });
    expect(config.api.baseUrl).toBe('http://127.0.0.1:4010');
  });

  it.each([
    ['an unknown key', '{"sync": {"lookbak": 3}}', /sync: unknown key\(s\) "lookbak"/],
    ['a wrong type', '{"sync": {"lookbackDays": "seven"}}', /sync\.lookbackDays: .*number/],
    ['a bad time zone', '{"timezone": "Mars/Olympus"}', /timezone: expected an IANA time zone/],
    ['an unknown status target', '{"orders": {"statusMap": {"Pago": "settled"}}}', /orders\.statusMap\.Pago/],
    ['invalid JSON', '{"sync": ', /not valid JSON/],
  ])('rejects %s naming the file and the key path', (_name, content, message) => {
    const file = configFile(content);
    let error: unknown;
    try {
      loadConfig({ file, env: {} });
    } catch (e) {
      error = e;
    }
    expect(error).toBeInstanceOf(ReconError);
    expect((error as ReconError).code).toBe('config');
    expect((error as ReconError).message).toContain(file);
    expect((error as ReconError).message).toMatch(message);
  });

  it('names a missing file', () => {
    expect(() => loadConfig({ file: '/nonexistent/recon.json', env: {} })).toThrow(/cannot be read \(ENOENT\)/);
  });
});
