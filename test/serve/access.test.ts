// Who can reach `recon serve` and when: the token rule (refusal to start, 401, Bearer, the ?token=
// cookie), the page while another process holds the warehouse's write lock, and the CLI command.
import { spawn } from 'node:child_process';
import { rmSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startReportServer, type RunningServer } from '../../src/serve/server.ts';
import { isReconError } from '../../src/shared/errors.ts';
import { NIGHTS, runTwoNights, type TwoNights } from './fixture.ts';
import { get, optionsFor } from './http.ts';

const TOKEN = 'serve-test-token-0123456789abcdef';

let run: TwoNights;
let server: RunningServer;
const servers: RunningServer[] = [];

beforeAll(async () => {
  run = await runTwoNights();
  server = await startReportServer(optionsFor(run));
  servers.push(server);
}, 60_000);

afterAll(async () => {
  await Promise.all(servers.map((s) => s.close()));
  if (run) rmSync(run.dir, { recursive: true, force: true });
});

describe('recon serve token rule', () => {
  it('refuses to start on a non-loopback host without RECON_SERVE_TOKEN', async () => {
    const error = await startReportServer(optionsFor(run, { host: '0.0.0.0' })).catch((e: unknown) => e);
    expect(isReconError(error, 'config')).toBe(true);
    expect((error as Error).message).toContain('RECON_SERVE_TOKEN');
  });

  it('with a token: 401 without it, 200 with Bearer, ?token= sets an HttpOnly SameSite=Strict cookie', async () => {
    const guarded = await startReportServer(optionsFor(run, { token: TOKEN }));
    servers.push(guarded);
    const denied = await get(guarded.url, '/');
    expect([denied.status, denied.headers['www-authenticate']]).toEqual([401, 'Bearer realm="recon"']);
    expect(denied.text).not.toContain('nights');
    expect((await get(guarded.url, `/nights/${NIGHTS[0]}/refunds.csv`)).status).toBe(401);
    expect((await get(guarded.url, '/', { Authorization: `Bearer ${TOKEN}x` })).status).toBe(401);
    expect((await get(guarded.url, '/', { Authorization: `Bearer ${TOKEN}` })).status).toBe(200);
    const trade = await get(guarded.url, `/nights/${NIGHTS[1]}?token=${TOKEN}`);
    expect([trade.status, trade.headers['location']]).toEqual([303, `/nights/${NIGHTS[1]}`]);
    const cookie = String(trade.headers['set-cookie']);
    expect(cookie).toMatch(/HttpOnly/);
    expect(cookie).toMatch(/SameSite=Strict/);
    expect(cookie).not.toContain(TOKEN);
    const viaCookie = await get(guarded.url, `/nights/${NIGHTS[1]}`, { Cookie: cookie.split(';')[0] ?? '' });
    expect(viaCookie.status).toBe(200);
    expect((await get(guarded.url, '/', { Host: 'recon.example.com', Authorization: `Bearer ${TOKEN}` })).status).toBe(200);
  });
});

describe('recon serve token exchange never redirects off-site', () => {
  let guarded: RunningServer;
  beforeAll(async () => {
    guarded = await startReportServer(optionsFor(run, { token: TOKEN }));
    servers.push(guarded);
  });

  // The request target is sent byte for byte; whatever it holds, Location is a path of this page.
  it.each([
    ['//evil.com', 303, '/'],
    ['/\\evil.com', 303, '/'],
    ['/\\\\evil.com', 303, '/'],
    ['https://evil.com', 303, '/'],
    ['http://evil.com/nights', 303, '/'],
    ['/%2F%2Fevil.com', 303, '/'],
    // Not a path at all: Node's HTTP parser answers 400 before any handler, so there is no Location.
    ['%2F%2Fevil.com', 400, undefined],
    ['/%2f%2fevil.com/', 303, '/'],
    ['/%5Cevil.com', 303, '/'],
    ['/.//evil.com', 303, '/'],
    ['/x/..//evil.com', 303, '/'],
    ['///evil.com', 303, '/'],
    ['/nights/..//evil.com', 303, '/'],
    ['/', 303, '/'],
    [`/nights/${NIGHTS[1]}`, 303, `/nights/${NIGHTS[1]}`],
    [`/nights/${NIGHTS[1]}/`, 303, `/nights/${NIGHTS[1]}`],
    [`/nights/${NIGHTS[0]}/refunds.csv`, 303, `/nights/${NIGHTS[0]}/refunds.csv`],
  ])('%s?token= answers %i with Location %s', async (target, status, location) => {
    const answer = await get(guarded.url, `${target}?token=${TOKEN}`);
    expect([answer.status, answer.headers['location']]).toEqual([status, location]);
    if (location !== undefined) expect(new URL(location, guarded.url).origin).toBe(new URL(guarded.url).origin);
  });

  it.each(['//evil.com', 'https://evil.com', '/\\evil.com', '%2F%2Fevil.com'])('a next=%s parameter stays a query of a page path', async (next) => {
    const answer = await get(guarded.url, `/?token=${TOKEN}&next=${next}`);
    expect(answer.status).toBe(303);
    expect(String(answer.headers['location'])).toMatch(/^\/\?next=[^/\\]*$/);
    expect(new URL(String(answer.headers['location']), guarded.url).origin).toBe(new URL(guarded.url).origin);
  });
});

describe('recon serve while a job holds the warehouse', () => {
  it('lists the nights from the reports folder and says the warehouse is busy', async () => {
    // A separate process takes the write lock, as a running nightly job would.
    const holder = spawn(
      process.execPath,
      [
        '--input-type=module',
        '-e',
        `import { DuckDBInstance } from '@duckdb/node-api'; const i = await DuckDBInstance.create(process.argv[1]); await i.connect(); console.log('ready'); setInterval(() => {}, 1000);`,
        run.config.warehouse.path,
      ],
      { cwd: process.cwd(), stdio: ['ignore', 'pipe', 'inherit'] },
    );
    try {
      await new Promise<void>((resolve, reject) => {
        holder.stdout.on('data', (d: Buffer) => d.toString().includes('ready') && resolve());
        holder.once('exit', (code) => reject(new Error(`lock holder exited with ${code}`)));
      });
      const home = await get(server.url, '/');
      expect(home.status).toBe(200);
      expect(home.text).toContain('id="warehouse-notice">the warehouse is busy');
      for (const date of NIGHTS) expect(home.text).toContain(`href="/nights/${date}/discrepancies.xlsx"`);
      const night = await get(server.url, `/nights/${NIGHTS[1]}`);
      expect(night.status).toBe(200);
      expect(night.text).toContain('the warehouse is busy');
      expect(night.text).toContain('<table id="categories">');
    } finally {
      holder.kill();
    }
  }, 20_000);
});

describe('recon serve on the command line', () => {
  const cli = (args: string[], env: Record<string, string> = {}) =>
    spawn(process.execPath, [join(process.cwd(), 'bin', 'recon.js'), 'serve', ...args], {
      cwd: run.dir,
      env: { ...process.env, RECON_SERVE_TOKEN: '', ...env },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
  const exitOf = (child: ReturnType<typeof cli>) => new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));

  it('--sandbox serves data/sandbox of the folder until SIGTERM', async () => {
    const child = cli(['--sandbox', '--port', '0']);
    const exited = exitOf(child);
    try {
      const url = await new Promise<string>((resolve, reject) => {
        let out = '';
        child.stdout.on('data', (d: Buffer) => {
          out += d.toString();
          const match = /recon serve: (http:\/\/127\.0\.0\.1:\d+)\//.exec(out);
          if (match?.[1]) resolve(match[1]);
        });
        child.once('exit', (code) => reject(new Error(`recon serve exited with ${code}: ${out}`)));
      });
      const night = await get(url, `/nights/${NIGHTS[1]}`);
      expect(night.status).toBe(200);
      expect(night.text).toContain('<table id="findings" class="fit">');
    } finally {
      child.kill('SIGTERM');
    }
    expect(await exited).toBe(0);
  }, 20_000);

  it('--host 0.0.0.0 without RECON_SERVE_TOKEN exits 2 and says why', async () => {
    const child = cli(['--host', '0.0.0.0']);
    let err = '';
    child.stderr.on('data', (d: Buffer) => (err += d.toString()));
    expect(await exitOf(child)).toBe(2);
    expect(err).toContain('needs a token: set RECON_SERVE_TOKEN');
  }, 20_000);
});
