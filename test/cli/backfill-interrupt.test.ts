// Ctrl-C during a backfill on the built-in sandbox, as a user presses it: the real CLI in a child
// process, SIGINT once the first night's line is out. The run says which nights are done and the exact
// command that resumes; that command, run as printed, finishes the rest.
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, expect, it } from 'vitest';
import { addDays, yesterdayIn } from '../../src/shared/business-day.ts';
import { cleanEnv, runRecon, STACK_FRAME } from '../proof/cli.ts';

const BIN = join(import.meta.dirname, '..', '..', 'bin', 'recon.js');
const ZONE = 'America/Sao_Paulo';
const cwd = mkdtempSync(join(tmpdir(), 'recon-backfill-int-'));
afterAll(() => rmSync(cwd, { recursive: true, force: true }));

// The embedded sandbox's last day, as jobs/sandbox-default.ts picks it, and the two nights before it.
const last = yesterdayIn(ZONE, Date.now() - 11 * 60_000);
const [d1, d2, d3] = [addDays(last, -2), addDays(last, -1), last];

/** Runs the CLI and sends SIGINT once stdout shows `when`. */
function interruptWhen(args: string[], when: RegExp): Promise<{ code: number | null; signal: string | null; stdout: string; stderr: string }> {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, [BIN, ...args], { cwd, env: cleanEnv(), stdio: ['ignore', 'pipe', 'pipe'] });
    let [stdout, stderr, sent] = ['', '', false];
    child.stdout.on('data', (chunk: Buffer) => {
      stdout += chunk.toString();
      if (!sent && when.test(stdout)) {
        sent = true;
        child.kill('SIGINT');
      }
    });
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    child.on('close', (code, signal) => resolve({ code, signal, stdout, stderr }));
  });
}

/** A day as the pt-BR terminal writes it: 2026-11-20 -> 20/11/2026. */
const br = (date: string) => date.split('-').reverse().join('/');

it('says which nights are done and the command that resumes, which then finishes the rest', async () => {
  const stopped = await interruptWhen(['run', 'backfill', '--sandbox', '--from', d1, '--to', d3], /\(1 de 3\): concluída/);
  expect(stopped.signal, stopped.stderr).toBeNull();
  // A failed run as far as cron is concerned: no exit code of its own.
  expect(stopped.code, stopped.stderr).toBe(1);
  expect(stopped.stderr).not.toMatch(STACK_FRAME);

  // The first night's one-line summary came out as it finished; nothing after it.
  expect(stopped.stdout).toMatch(
    new RegExp(
      `^${br(d1)} \\(1 de 3\\): concluída em (?:[\\d,]+ s|\\d+ min \\d{2} s); achados \\d+ novos, \\d+ ainda em aberto, \\d+ resolvidos; relatórios em \\S+\\n$`,
    ),
  );

  // The JSON log (stderr is not a terminal) ends with the error event, in English (a contract), then the
  // CLI's recon: line in the config's locale.
  const lines = stopped.stderr.trimEnd().split('\n');
  const final = lines.at(-1) ?? '';
  expect(JSON.parse(lines.at(-2) ?? '')).toEqual({ time: expect.any(String), event: 'error', message: expect.any(String), exit_code: 1 });
  const logged = (JSON.parse(lines.at(-2) ?? '') as { message: string }).message;
  expect(logged).toContain(`interrupted (Ctrl-C) during the night of ${d2}`);
  expect(logged).toContain(`done: ${d1} (1 of 3 nights); not done: ${d2} to ${d3} (2 of 3 nights)`);
  expect(final).toContain(`recon: interrompido (Ctrl-C) durante a noite de ${br(d2)}`);
  expect(final).toContain(`concluídas: ${br(d1)} (1 de 3 noite(s)); não concluídas: ${br(d2)} a ${br(d3)} (2 de 3 noite(s))`);
  // Outside the project folder the command names the entry point by its path.
  const resume = /continue com: (.+)$/.exec(final)?.[1] ?? '';
  expect(resume).toBe(`${BIN} run backfill --from ${d2} --sandbox --to ${d3}`);

  const resumed = await runRecon(resume.split(' ').slice(1), { cwd, timeoutMs: 120_000 });
  expect(resumed.code, resumed.stderr).toBe(0);
  expect(resumed.stdout).toMatch(
    new RegExp(
      `^${br(d2)} \\(1 de 2\\): concluída .*\\n${br(d3)} \\(2 de 2\\): concluída .*\\nReprocessamento de ${br(d2)} a ${br(d3)}: 2 noite\\(s\\) executada\\(s\\), 0 pulada\\(s\\)\\.\\n`,
    ),
  );
}, 240_000);
