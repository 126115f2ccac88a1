// The config schema: the example file parses, and errors name the file, the key path and the fix.
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../src/config/load.ts';
import { withConfig } from '../../src/config/with-config.ts';
import { resolveOrdersConfig } from '../../src/imports/resolve-config.ts';
import { ORDER_COLUMNS } from '../../src/sandbox/orders-export.ts';
import { ReconError } from '../../src/shared/errors.ts';

const dirs: string[] = [];
afterAll(() => {
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

function tempDir(prefix: string): string {
  const dir = mkdtempSync(join(tmpdir(), prefix));
  dirs.push(dir);
  return dir;
}

function configFile(content: string): string {
  const dir = tempDir('recon-config-');
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

  it("maps the example export's customer name and document, so an order's findings name their customer", () => {
    const { config } = loadConfig({ file: 'recon.config.example.json', env: {} });
    const { columns } = resolveOrdersConfig(config);
    expect(columns).toMatchObject({ customer_name: 'cliente', customer_document_number: 'documento' });
    // Every mapped column is in the header of the Brazilian ERP layout the example describes (the sandbox's export).
    for (const name of Object.values(columns)) expect(ORDER_COLUMNS as readonly string[]).toContain(name);
  });

  it('has complete defaults when no file exists', () => {
    const { config, file } = loadConfig({ env: {}, cwd: tempDir('recon-empty-') });
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

  it('RECON_BASE_URL moves both product areas unless RECON_OPERATIONS_BASE_URL says otherwise', () => {
    const file = configFile('{"api": {"baseUrl": "https://api.example.com", "operationsBaseUrl": "https://ops.example.com"}}');
    expect(loadConfig({ file, env: {} }).config.api).toMatchObject({ baseUrl: 'https://api.example.com', operationsBaseUrl: 'https://ops.example.com' });
    const moved = loadConfig({ file, env: { RECON_BASE_URL: 'http://127.0.0.1:4010' } }).config.api;
    expect([moved.baseUrl, moved.operationsBaseUrl]).toEqual(['http://127.0.0.1:4010', undefined]);
    const both = loadConfig({ file, env: { RECON_BASE_URL: 'http://127.0.0.1:4010', RECON_OPERATIONS_BASE_URL: 'http://localhost:4011' } }).config.api;
    expect([both.baseUrl, both.operationsBaseUrl]).toEqual(['http://127.0.0.1:4010', 'http://localhost:4011']);
    const opsOnly = loadConfig({ file, env: { RECON_OPERATIONS_BASE_URL: 'https://ops2.example.com' } }).config.api;
    expect([opsOnly.baseUrl, opsOnly.operationsBaseUrl]).toEqual(['https://api.example.com', 'https://ops2.example.com']);
  });

  it.each([
    ['https://api.example.com/v1', true],
    ['http://127.0.0.1:4010', true],
    ['http://127.8.9.10', true],
    ['http://localhost:8080', true],
    ['http://[::1]:4010', true],
    ['http://api.example.com', false],
    ['http://10.0.0.5:4010', false],
    ['http://127.0.0.1.evil.com', false],
    ['ftp://api.example.com', false],
    ['not a url', false],
  ])('service address %s is accepted: %s', (url, accepted) => {
    const file = configFile(JSON.stringify({ api: { baseUrl: url } }));
    const load = () => loadConfig({ file, env: {} });
    const fromEnv = () => loadConfig({ file: configFile('{}'), env: { RECON_BASE_URL: url } });
    if (accepted) {
      expect(load().config.api.baseUrl).toBe(url);
      expect(fromEnv().config.api.baseUrl).toBe(url);
    } else {
      expect(load).toThrow(/api\.baseUrl: (plain http:\/\/ is refused .* the API key would travel in clear|expected an https:\/\/ address)/);
      expect(fromEnv).toThrow(/^RECON_BASE_URL: /);
    }
  });

  it.each([
    ['127.0.0.1', 'none', true],
    ['smtp.example.com', 'starttls', true],
    ['smtp.example.com', 'none', false],
  ])('SMTP to %s with tls %s and a login is accepted: %s', (host, tls, accepted) => {
    const email = { host, tls, user: 'recon', passwordEnv: 'RECON_SMTP_PASSWORD', from: 'recon@shop.example', to: ['finance@shop.example'] };
    const load = () => loadConfig({ file: configFile(JSON.stringify({ alerts: { email } })), env: {} });
    if (accepted) expect(load().config.alerts.email?.host).toBe(host);
    else expect(load).toThrow(/alerts\.email\.tls: expected tls "starttls" or "implicit"/);
  });

  it('never repeats a webhook address that is not a URL: its path is its secret', () => {
    const secret = 'hooks.slack.com/services/T0SECRET/B0SECRET/XXXXSECRET';
    const load = () => loadConfig({ file: configFile(JSON.stringify({ alerts: { webhooks: [{ url: secret }] } })), env: {} });
    expect(load).toThrow(/alerts\.webhooks\.0\.url: expected an https:\/\/ address/);
    expect(load).not.toThrow(/SECRET/);
  });

  it('names a missing file', () => {
    expect(() => loadConfig({ file: '/nonexistent/recon.json', env: {} })).toThrow(/cannot be read \(ENOENT\)/);
  });
});

describe('one frozen config', () => {
  it('is frozen through and through once loaded; a derived config leaves it as it was', () => {
    const { config } = loadConfig({ env: {}, cwd: tmpdir() });
    expect(() => {
      (config.reports as { outDir: string }).outDir = '/elsewhere';
    }).toThrow(TypeError);
    expect(() => {
      (config.orders.limits as { maxRows: number }).maxRows = 1;
    }).toThrow(TypeError);
    const derived = withConfig(config, { reports: { outDir: '/tmp/out', csvDialect: 'br' } });
    expect(derived.reports).toMatchObject({ outDir: '/tmp/out', csvDialect: 'br', maskDocuments: config.reports.maskDocuments });
    expect(config.reports.outDir).toBe(join(tmpdir(), 'data', 'reports'));
    expect(config.reports.csvDialect).toBe('rfc4180');
    expect(Object.isFrozen(derived.reports)).toBe(true);
    expect(derived.warehouse).toBe(config.warehouse);
  });
});
