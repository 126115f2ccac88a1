// The CLI entry: the one place that maps errors to exit codes and messages. It only exports runCli:
// bin/recon.js sets the process's exit status from it, and tests call it in-process.
import { RECON_VERSION } from '../shared/version.ts';
import { defineCommand, runCommand, type CommandDef } from 'citty';
import { ReconError, exitCodeFor } from '../shared/errors.ts';
import { logRunFailure } from '../shared/log.ts';
import { redactSecrets } from '../shared/redact.ts';
import { safeText } from '../shared/display-text.ts';
import { isOutOfMemory } from '../warehouse/memory-limit.ts';
import { messagesFor } from '../shared/locale/index.ts';
import { errorFrameLocale, frameErrorsIn, localeBeforeConfig } from './frame-locale.ts';
import { usageTextOf } from './usage-text.ts';

/** A command whatever its flags. */
// biome-ignore lint/suspicious/noExplicitAny: CommandDef is contravariant in its flags (run and setup take them), so no other type admits every command
type AnyCommand = CommandDef<any>;

// Each subcommand lives in its own module and is loaded only when used, so `recon --help` stays fast.
const subCommands = {
  sandbox: () => import('./commands/sandbox.ts').then((m) => m.default),
  sync: () => import('./commands/sync.ts').then((m) => m.default),
  import: () => import('./commands/import.ts').then((m) => m.default),
  reconcile: () => import('./commands/reconcile.ts').then((m) => m.default),
  run: () => import('./commands/run.ts').then((m) => m.default),
  sql: () => import('./commands/sql.ts').then((m) => m.default),
  export: () => import('./commands/export.ts').then((m) => m.default),
  serve: () => import('./commands/serve.ts').then((m) => m.default),
  receive: () => import('./commands/receive.ts').then((m) => m.default),
  findings: () => import('./commands/findings.ts').then((m) => m.default),
  check: () => import('./commands/check.ts').then((m) => m.default),
  close: () => import('./commands/close.ts').then((m) => m.default),
} satisfies Record<string, () => Promise<AnyCommand>>;

// Its description, as every command's and flag's, is the locale catalogue's (help-en.ts, help-pt-BR.ts).
export const main = defineCommand({ meta: { name: 'recon', version: RECON_VERSION }, subCommands });

/**
 * The command the arguments name, and its parent renamed to the whole path before it ("recon run"),
 * so that usage lines read `recon run nightly`, not `run nightly`.
 */
async function resolveTarget(rawArgs: string[]): Promise<[AnyCommand, AnyCommand | undefined, string]> {
  let cmd: AnyCommand = main;
  let parent: AnyCommand | undefined;
  const path = ['recon'];
  for (const arg of rawArgs) {
    if (arg.startsWith('-')) break;
    const subs = (await (typeof cmd.subCommands === 'function' ? cmd.subCommands() : cmd.subCommands)) as
      | Record<string, AnyCommand | (() => Promise<AnyCommand>)>
      | undefined;
    const next = subs?.[arg];
    if (!next) break;
    const meta = (await (typeof cmd.meta === 'function' ? cmd.meta() : cmd.meta)) ?? {};
    parent = { ...cmd, meta: { ...meta, name: path.join(' ') } };
    path.push(arg);
    cmd = typeof next === 'function' ? await next() : next;
  }
  return [cmd, parent, path.join(' ')];
}

/**
 * `--help` of the command the arguments name, in the locale of the run before its config (the one the
 * config file states, else the environment's): the words a person reads are the catalogue's, the names
 * and flags as typed. Colours only on a terminal that takes them (citty's rule: not NO_COLOR=1,
 * TERM=dumb, TEST or CI).
 */
async function helpFor(rawArgs: string[]): Promise<string> {
  const [command, parent, path] = await resolveTarget(rawArgs);
  const { helpFactsFor } = await import('./help-facts.ts');
  const version = (parent?.meta as { version?: string } | undefined)?.version;
  const env = process.env;
  const paint = process.stdout.isTTY === true && !(env['NO_COLOR'] === '1' || env['TERM'] === 'dumb' || env['TEST'] || env['CI']);
  return usageTextOf({ command, path, version }, messagesFor(errorFrameLocale()).help, helpFactsFor, paint);
}

export async function runCli(rawArgs: string[]): Promise<number> {
  // No config is loaded yet: an error before a command loads one is said in the locale its file states, else the environment's.
  frameErrorsIn(localeBeforeConfig(rawArgs));
  try {
    // `recon help sync` is `recon sync --help`.
    if (rawArgs[0] === 'help') rawArgs = [...rawArgs.slice(1), '--help'];
    if (rawArgs.includes('--help') || rawArgs.includes('-h') || rawArgs.length === 0) {
      process.stdout.write(`${await helpFor(rawArgs)}\n`);
      return 0;
    }
    if (rawArgs.length === 1 && (rawArgs[0] === '--version' || rawArgs[0] === '-v')) {
      process.stdout.write(`${RECON_VERSION}\n`);
      return 0;
    }
    const [target, , path] = await resolveTarget(rawArgs);
    await rejectUnknownFlags(target, path, rawArgs);
    await runCommand(main, { rawArgs });
    return typeof process.exitCode === 'number' ? process.exitCode : 0;
  } catch (error) {
    return reportError(await sentenceForCittyError(error, rawArgs), rawArgs);
  }
}

/**
 * The usage errors citty finds before a command runs (an unknown command, a missing command or required
 * flag) as recon's own sentences, so that they read in the run's locale; any other of citty's errors is
 * quoted as citty wrote it.
 */
async function sentenceForCittyError(error: unknown, rawArgs: string[]): Promise<unknown> {
  if (!(error instanceof Error) || error.name !== 'CLIError') return error;
  const code = (error as Error & { code?: string }).code;
  const said = stripAnsi(error.message);
  // The command as far as it is known: the parent of an unknown one, the one missing a command or a flag.
  const [, , command] = await resolveTarget(rawArgs);
  const unknown = /^Unknown command (\S+)$/.exec(said)?.[1];
  if (code === 'E_UNKNOWN_COMMAND' && unknown !== undefined) return new ReconError('usage', { id: 'unknownCommand', got: unknown, command });
  if (code === 'E_NO_COMMAND') return new ReconError('usage', { id: 'noSubcommand', command });
  const flag = /^Missing required argument: (--\S+)$/.exec(said)?.[1];
  if (code === 'EARG' && flag !== undefined) return new ReconError('usage', { id: 'missingFlag', flag, command });
  return error;
}

/** citty accepts any flag; a typo such as --dte must fail instead of being ignored. */
async function rejectUnknownFlags(cmd: AnyCommand, path: string, rawArgs: string[]): Promise<void> {
  const args = ((await (typeof cmd.args === 'function' ? cmd.args() : cmd.args)) ?? {}) as Record<string, { alias?: string | string[] }>;
  const known = new Set<string>();
  for (const [name, def] of Object.entries(args)) {
    known.add(name);
    known.add(name.replace(/[A-Z]/g, (c) => `-${c.toLowerCase()}`));
    for (const alias of [def.alias ?? []].flat()) known.add(alias);
  }
  for (const raw of rawArgs) {
    if (raw === '--') break;
    if (!raw.startsWith('-') || /^-\d/.test(raw)) continue;
    const name = raw.replace(/^--?(no-)?/, '').split('=')[0] ?? '';
    if (!known.has(name)) throw new ReconError('usage', { id: 'unknownOption', option: raw.split('=')[0] ?? raw, command: path });
  }
}

// The message and the frame around it (the hints, "unexpected error") are in the config's reports.locale
// once a command has loaded it (frame-locale.ts); the JSON log's error event keeps the English message
// (error.message, rendered from the English catalogue), a contract engineers grep.
function reportError(error: unknown, rawArgs: string[]): number {
  const locale = errorFrameLocale();
  const frame = messagesFor(locale).terminal.errors;
  if (error instanceof Error && error.name === 'CLIError') {
    const message = stripAnsi(error.message);
    logRunFailure(message, 2);
    const command = ['recon', ...rawArgs.filter((a) => !a.startsWith('-')).slice(0, 2)].join(' ');
    process.stderr.write(`recon: ${message}\n${frame.usage(command)}\n`);
    return 2;
  }
  if (error instanceof ReconError) {
    const code = exitCodeFor(error);
    logRunFailure(redactSecrets(error.message), code);
    process.stderr.write(`recon: ${safeText(redactSecrets(error.sayIn(locale)), 'message')}\n${outOfMemoryHint(error, frame.outOfMemory)}`);
    if (process.env['RECON_DEBUG'] && error.cause)
      process.stderr.write(`${frame.cause}: ${redactSecrets(String((error.cause as Error).stack ?? error.cause))}\n`);
    return code;
  }
  const detail = redactSecrets(error instanceof Error ? error.message : String(error));
  logRunFailure(`unexpected error: ${detail}`, 1);
  process.stderr.write(`recon: ${safeText(`${frame.unexpected}: ${detail}`, 'message')}\n${outOfMemoryHint(error, frame.outOfMemory)}`);
  if (process.env['RECON_DEBUG'] && error instanceof Error) process.stderr.write(`${redactSecrets(error.stack ?? '')}\n`);
  else process.stderr.write(`${frame.report}\n`);
  return 1;
}

/** A step that ran out of DuckDB's share of the budget says which setting holds it (unless it already did). */
function outOfMemoryHint(error: unknown, hint: string): string {
  const cause = error instanceof Error ? error.cause : undefined;
  if (!isOutOfMemory(error) && !isOutOfMemory(cause)) return '';
  if (error instanceof Error && error.message.includes('warehouse.memoryLimit')) return '';
  return `recon: ${hint}\n`;
}

function stripAnsi(text: string): string {
  // biome-ignore lint/suspicious/noControlCharactersInRegex: an ANSI colour code starts with ESC
  return text.replace(/\u001b\[[0-9;]*m/g, '');
}
