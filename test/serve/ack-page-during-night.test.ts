// Both processes real: `recon serve` (a child process) takes an acknowledgement through HTTP while a
// nightly job (another child, `recon run nightly`) holds the warehouse. The POST answers at once (the
// journal never needs the warehouse), the page shows it at once, the note survives, and the workbook
// that night writes shows it. The night before only sets the scene: it runs through runCli in this
// process (test/cli/in-process.ts), without a child's second of CPU.
import { spawn } from 'node:child_process';
import { join } from 'node:path';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { journalPathFor, readJournal } from '../../src/triage/journal.ts';
import { BIN, NIGHT1, NIGHT2, noteInWorkbook, startGatedNights, type GatedNights } from '../triage/gated-night.ts';
import { get, send } from './http.ts';

let nights: GatedNights;
beforeAll(async () => {
  nights = await startGatedNights('recon-page-ack-night-');
});
afterAll(() => nights?.close());

/** `recon serve` on a free loopback port; resolves with its address once it listens. */
function startServe(): Promise<string> {
  const { root, config, children } = nights;
  const child = spawn(process.execPath, [BIN, 'serve', '--port', '0', '--config', config], {
    cwd: root,
    env: { ...process.env, RECON_SERVE_TOKEN: '' },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  children.push(child);
  return new Promise<string>((ready, fail) => {
    let out = '';
    child.stdout!.on('data', (chunk: Buffer) => {
      out += chunk.toString();
      const match = /recon serve: (http:\/\/127\.0\.0\.1:\d+)\//.exec(out);
      if (match?.[1]) ready(match[1]);
    });
    child.once('exit', (code) => fail(new Error(`recon serve exited with ${code}: ${out}`)));
  });
}

it('acknowledges on the page while a night runs; the note is in that night’s workbook', async () => {
  const { root, startNight } = nights;
  expect(await nights.runNightInProcess(NIGHT1)).toBe(0);
  const url = await startServe();
  const page = await get(url, `/nights/${NIGHT1}`);
  const cookie = String(page.headers['set-cookie']).split(';')[0]!;
  const key = /<tr data-category="missing_payment" data-state="new"[^>]* data-key="([^"]+)"/.exec(page.text)?.[1];
  expect(key).toBeDefined();
  const panel = await get(url, `/nights/${NIGHT1}?finding=${encodeURIComponent(key!)}`, { Cookie: cookie });
  const csrf = /name="csrf" value="([^"]+)"/.exec(panel.text)?.[1] ?? '';

  const open = nights.shutGate();
  const second = startNight(NIGHT2);
  await second.holding;
  const body = new URLSearchParams({ action: 'ack', key: key!, note: 'credit note 456 issued', actor: 'bia', csrf, back: NIGHT1 }).toString();
  const ack = await send(url, '/findings/actions', body, { 'Content-Type': 'application/x-www-form-urlencoded', Cookie: cookie, Origin: url });
  // The night was still syncing when the page answered: it had not folded the journal yet.
  expect(second.child.exitCode).toBeNull();
  expect(second.log()).not.toContain('"step":"triage"');
  expect(ack.status).toBe(303);
  const { events } = await readJournal(journalPathFor(join(root, 'recon.duckdb')));
  expect(events.at(-1)).toMatchObject({ action: 'ack', key, by: 'bia', via: 'page', note: 'credit note 456 issued' });
  // The page shows it at once, from the journal and the last night's findings, while the night still runs.
  const meanwhile = await get(url, `/nights/${NIGHT1}?finding=${encodeURIComponent(key!)}`, { Cookie: cookie });
  expect(meanwhile.text).toContain('id="warehouse-notice">the warehouse is busy');
  expect(meanwhile.text).toContain('credit note 456 issued');
  expect(meanwhile.text).toMatch(/data-state="acknowledged"[^>]* data-key="missing_payment:/);
  // In the table's default order (new tonight first, then the most at stake), as the warehouse gave the rows.
  const keysOf = (text: string) => [...text.matchAll(/<tr data-category[^>]* data-key="([^"]+)"/g)].map((m) => m[1]);
  expect(keysOf(meanwhile.text)).toEqual(keysOf(page.text));
  expect(second.child.exitCode).toBeNull();
  open();
  expect(await second.exited).toBe(0);

  expect(await noteInWorkbook(root, NIGHT2, key!)).toEqual({ note: 'credit note 456 issued', by: 'bia' });
  // And the page, reading the journal again, shows it on the new night.
  const after = await get(url, `/nights/${NIGHT2}?finding=${encodeURIComponent(key!)}`, { Cookie: cookie });
  expect(after.text).toContain('credit note 456 issued');
}, 120_000);
