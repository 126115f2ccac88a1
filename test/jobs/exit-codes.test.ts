// The exit codes cron users script against, on the embedded sandbox (--sandbox: no key, no config): 3 with
// --fail-on new when a night has new findings, 0 once those nights are done and skipped. Exit 3 is a real
// process's exit status; the other runs go through runCli in this process (test/cli/in-process.ts), whose
// return value bin/recon.js makes the exit status, without a child's second of CPU to load.
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, expect, it } from 'vitest';
import { runRecon, STACK_FRAME } from '../proof/cli.ts';
import { runCliInProcess } from '../cli/in-process.ts';
import { yesterdayIn, addDays } from '../../src/shared/business-day.ts';

const cwd = mkdtempSync(join(tmpdir(), 'recon-exit-'));
afterAll(() => rmSync(cwd, { recursive: true, force: true }));
// The embedded sandbox's last day, as jobs/sandbox-default.ts picks it.
const last = yesterdayIn('America/Sao_Paulo', Date.now() - 11 * 60_000);

it('exits 3 with --fail-on new when the night has new findings, 0 without it', async () => {
  const alert = await runRecon(['run', 'nightly', '--sandbox', '--fail-on', 'new'], { cwd, timeoutMs: 120_000 });
  expect(alert.stderr).not.toMatch(STACK_FRAME);
  expect(alert.code, alert.stderr).toBe(3);
  // The night summary speaks the default locale, pt-BR.
  expect(alert.stdout).toMatch(/no SANDBOX embutido/);
  // The built-in sandbox's night closes all three, its first import of thirty exports included (an order the shop
  // canceled before this warehouse ever saw it paid, refunded tonight, is the shop's earlier record).
  expect(alert.stdout).toMatch(/^ {2}Vendas: fecha, /m);
  expect(alert.stdout).toMatch(/^ {2}Estornos e chargebacks: fecha, /m);
  expect(alert.stdout).toMatch(/^ {2}Repasses e banco: fecha, /m);
  // --out wins over the sandbox's own reports folder.
  const plain = await runCliInProcess(['run', 'nightly', '--sandbox', '--out', 'elsewhere'], { cwd });
  expect(plain.code, plain.stderr).toBe(0);
  expect(existsSync(join(cwd, 'elsewhere', last, 'summary.json'))).toBe(true);
}, 240_000);

it('backfill: exits 3 for new findings, then 0 when every night is already done', async () => {
  const from = addDays(last, -1);
  const first = await runCliInProcess(['run', 'backfill', '--sandbox', '--from', from, '--to', last, '--fail-on', 'new'], { cwd });
  expect(first.code, first.stderr).toBe(3);
  const again = await runCliInProcess(['run', 'backfill', '--sandbox', '--from', from, '--to', last, '--fail-on', 'new'], { cwd });
  expect(again.code, again.stderr).toBe(0);
  expect(again.stdout).toMatch(/pulada \(já concluída/);
}, 240_000);
