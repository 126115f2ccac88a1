// A failed run's JSON log (stderr not a terminal) ends with an `error` event holding the message and the
// exit code, just before the CLI entry's `recon: ...` line, so that a reader of the log alone knows how
// the run ended.
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, expect, it } from 'vitest';
import { runCliInProcess } from './in-process.ts';

const dir = mkdtempSync(join(tmpdir(), 'recon-error-event-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));
const config = join(dir, 'recon.config.json');
// Under en the recon: line repeats the event's message word for word (under pt-BR it is the same
// sentence in Portuguese: error-locale.test.ts).
writeFileSync(config, JSON.stringify({ warehouse: { path: join(dir, 'w.duckdb') }, orders: { preset: 'recon-sandbox' }, reports: { locale: 'en' } }));

/** The last JSON line of stderr, parsed, and everything written after it. */
function lastEvent(stderr: string): [Record<string, unknown>, string] {
  const at = stderr.lastIndexOf('\n{"time"') + 1;
  const end = stderr.indexOf('\n', at) + 1;
  return [JSON.parse(stderr.slice(at, end)) as Record<string, unknown>, stderr.slice(end)];
}

it.each([
  ['a usage error', ['run', 'nightly', '--dte', '2026-11-20'], 2],
  ['a config error (no service)', ['sync'], 2],
  ['an input error (a missing export)', ['import', join(dir, 'missing.csv')], 2],
])('%s: an error event with the message and the exit code, then the recon: line', async (_name, args, code) => {
  const ran = await runCliInProcess(args, { env: { RECON_CONFIG: config } });
  expect(ran.code).toBe(code);
  const [event, rest] = lastEvent(ran.stderr);
  expect(event).toEqual({ time: expect.any(String), event: 'error', message: expect.any(String), exit_code: code });
  expect((event['message'] as string).length).toBeGreaterThan(10);
  expect(rest.startsWith(`recon: ${event['message']}\n`)).toBe(true);
});

it('a run that succeeds logs no error event', async () => {
  const ran = await runCliInProcess(['--version']);
  expect(ran.code).toBe(0);
  expect(ran.stderr).not.toContain('"event":"error"');
});
