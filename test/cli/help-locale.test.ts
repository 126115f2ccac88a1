// `--help` in the run's locale before its config (the one the config file states, else LANG and the
// like): every command and flag of the whole tree has its words in both catalogues and nowhere else;
// under en the text is the one citty wrote before (its renderUsage, given the English descriptions);
// under pt-BR the headings are Portuguese and, names, flags and placeholders aside, no common English
// word is left. Run in process (the spawned run is test/cli/help-spawned.test.ts).
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { type CommandDef, renderUsage } from 'citty';
import { afterAll, describe, expect, it } from 'vitest';
import { DEFAULT_RECEIVE_PORT } from '../../src/cli/commands/receive.ts';
import { helpFactsFor } from '../../src/cli/help-facts.ts';
import { main } from '../../src/cli/main.ts';
import { helpEntryOf, usageTextOf } from '../../src/cli/usage-text.ts';
import type { HelpText } from '../../src/shared/locale/help-en.ts';
import { LOCALES, messagesFor } from '../../src/shared/locale/index.ts';
import { ORDER_EXPORT_FORMATS } from '../../src/sandbox/index.ts';
import { DEFAULT_SERVE_HOST, DEFAULT_SERVE_PORT } from '../../src/serve/open-hint.ts';
import { FILTER_STATES } from '../../src/triage/filter.ts';
import { LIST_FORMATS } from '../../src/triage/listing-output.ts';
import { withoutNames, wordsOf } from '../shared/english-words.ts';
import { runCliInProcess } from './in-process.ts';

type AnyCommand = CommandDef<any>;
type Args = Record<string, Record<string, unknown>>;

const resolved = async <T>(value: T | (() => T | Promise<T>)): Promise<T> => (typeof value === 'function' ? (value as () => T | Promise<T>)() : value);

interface Node {
  path: string;
  command: AnyCommand;
  args: Args;
  subs: string[];
}

/** Every command of the tree, depth first, with the path a person types. */
async function walk(command: AnyCommand, path = 'recon'): Promise<Node[]> {
  const args = ((await resolved(command.args ?? {})) ?? {}) as Args;
  const subs = Object.entries(((await resolved(command.subCommands ?? {})) ?? {}) as Record<string, AnyCommand | (() => Promise<AnyCommand>)>);
  const below: Node[] = [];
  for (const [name, sub] of subs) below.push(...(await walk(await resolved(sub), `${path} ${name}`)));
  return [{ path, command, args, subs: subs.map(([name]) => name) }, ...below];
}

const TREE = await walk(main);
const VERSION = (main.meta as { version: string }).version;
// Every fact the catalogues state, loaded once for the texts the tests read outside a run.
const ALL_TEXTS = LOCALES.flatMap((locale) => Object.values(messagesFor(locale).help.commands).flatMap((c) => [c.about, ...Object.values(c.args)]));
const helpFacts = await helpFactsFor(ALL_TEXTS);
const said = (text: HelpText | undefined): string => (typeof text === 'function' ? text(helpFacts) : (text ?? ''));
const dir = mkdtempSync(join(tmpdir(), 'recon-help-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe('the help catalogues', () => {
  it('cover a tree of every command and subcommand', () => {
    expect(TREE.map((n) => n.path)).toEqual(
      expect.arrayContaining(['recon', 'recon run nightly', 'recon run backfill', 'recon findings list', 'recon check', 'recon close']),
    );
    expect(TREE.length).toBe(21);
  });

  it.each(TREE.flatMap((n) => LOCALES.map((locale) => [n.path, locale, n] as const)))('%s: described in %s, with each of its flags', (path, locale, node) => {
    const entry = helpEntryOf(messagesFor(locale).help, path);
    expect(said(entry?.about).trim()).toBeTruthy();
    for (const flag of Object.keys(node.args)) expect(said(entry?.args[flag]).trim(), `${path} --${flag}`).toBeTruthy();
    // Nothing the tree does not have: a renamed or removed flag leaves no words behind.
    expect(Object.keys(entry?.args ?? {}).sort()).toEqual(Object.keys(node.args).sort());
  });

  it.each(LOCALES)('%s words no command the tree does not have', (locale) => {
    expect(Object.keys(messagesFor(locale).help.commands).sort()).toEqual(TREE.map((n) => n.path).sort());
  });

  it.each(TREE.map((n) => [n.path, n] as const))('%s: its definition carries no words of its own (one English text, the catalogue)', async (_path, node) => {
    expect(((await resolved(node.command.meta ?? {})) as { description?: string }).description).toBeUndefined();
    for (const arg of Object.values(node.args)) expect(arg['description']).toBeUndefined();
  });
});

/** The command as citty's renderUsage would have shown it with the English descriptions in its definition. */
async function describedInEnglish(node: Node): Promise<AnyCommand> {
  const entry = helpEntryOf(messagesFor('en').help, node.path);
  const args = Object.fromEntries(Object.entries(node.args).map(([name, arg]) => [name, { ...arg, description: said(entry?.args[name]) }]));
  const subCommands = Object.fromEntries(
    node.subs.map((name) => [name, { meta: { name, description: said(helpEntryOf(messagesFor('en').help, `${node.path} ${name}`)?.about) } }]),
  );
  const meta = { ...((await resolved(node.command.meta ?? {})) ?? {}), description: said(entry?.about) };
  return { ...node.command, meta, args, ...(node.subs.length > 0 ? { subCommands } : {}) };
}

const plain = (text: string) =>
  text
    // biome-ignore lint/suspicious/noControlCharactersInRegex: an ANSI colour code starts with ESC
    .replace(/\u001b\[[0-9;]*m/g, '')
    .replace(/[ \t]+$/gm, '');

describe('the facts a help states', () => {
  const en = messagesFor('en').help.commands;
  it.each([
    ['no fact for fixed words', [en['recon sql'].about, en['recon sql'].args.format], []],
    ["the page's address", [en['recon serve'].about], ['serveHost', 'servePort']],
    ["the filter's states and the listing's formats", Object.values(en['recon findings list'].args), ['filterStates', 'listFormats']],
    ["the sandbox export's formats", [en['recon sandbox'].args['orders-format']], ['orderExportFormats']],
  ])('%s: loads only those', async (_what, texts, keys) => {
    const facts = await helpFactsFor(texts);
    expect(Object.keys(facts).sort()).toEqual(keys);
  });

  it('are the values the commands hold', () => {
    expect(helpFacts).toEqual({
      filterStates: FILTER_STATES,
      listFormats: LIST_FORMATS,
      orderExportFormats: ORDER_EXPORT_FORMATS,
      servePort: DEFAULT_SERVE_PORT,
      serveHost: DEFAULT_SERVE_HOST,
      receivePort: DEFAULT_RECEIVE_PORT,
    });
  });
});

describe('recon --help in English', () => {
  it.each(TREE.map((n) => [n.path, n] as const))("%s reads as citty's usage of today", async (path, node) => {
    const words = path.split(' ');
    const parentPath = words.slice(0, -1).join(' ');
    const parent = words.length > 1 ? { meta: { name: parentPath, ...(words.length === 2 ? { version: VERSION } : {}) } } : undefined;
    const citty = await renderUsage(await describedInEnglish(node), parent);
    const ours = await usageTextOf(
      { command: node.command, path, version: words.length === 2 ? VERSION : undefined },
      messagesFor('en').help,
      helpFactsFor,
      false,
    );
    expect(ours).toBe(plain(citty));
  });

  it.each(TREE.filter((n) => ['recon', 'recon sql', 'recon run backfill'].includes(n.path)).map((n) => [n.path, n] as const))(
    '%s on a terminal: coloured as citty colours it, the same text and columns once the colours are taken out',
    async (path, node) => {
      const target = { command: node.command, path, version: VERSION };
      const [painted, bare] = await Promise.all([true, false].map((paint) => usageTextOf(target, messagesFor('en').help, helpFactsFor, paint)));
      expect(painted).toContain(`\u001b[4m\u001b[1mUSAGE\u001b[22m\u001b[24m \u001b[36m${path}`);
      expect(plain(painted ?? '')).toBe(bare);
    },
  );

  it.each([
    [
      ['run', '--help'],
      [
        'Run a scheduled job: nightly or backfill (recon run v0.1.0)',
        '',
        'USAGE recon run nightly|backfill',
        '',
        'COMMANDS',
        '',
        "   nightly    Sync, import the day's orders, reconcile and write the reports of one business day",
        '  backfill    Run the nightly job for every day from --from to --to, skipping nights already done',
        '',
        'Use recon run <command> --help for more information about a command.',
      ],
    ],
    [
      ['run', 'backfill', '--help'],
      ['USAGE recon run backfill [OPTIONS] --from=<D1> --to=<D2>', '                 --from=<D1>    First business day YYYY-MM-DD (Required)'],
    ],
    [
      ['sql', '--help'],
      ['ARGUMENTS', '  QUERY    SQL to run, e.g. "SELECT * FROM refunds LIMIT 10"', '  --format=<format>    Output: table, csv or json (Default: table)'],
    ],
  ])('recon %j says, as before, %j', async (args, lines) => {
    const ran = await runCliInProcess(args, { cwd: dir });
    expect(ran.code).toBe(0);
    expect(ran.stdout.split('\n')).toEqual(expect.arrayContaining(lines));
    expect(ran.stdout).not.toContain('\u001b[');
  });
});

// Common English words a Portuguese help must not hold, once its names (commands, --flags, <placeholders>,
// UPPERCASE arguments, `code`, "examples", config keys and paths) are taken out.
const ENGLISH = new Set(
  'use the of for with run command commands required options option usage default arguments and or to from only when this file files more information about write read into without day night reports findings order orders bank statement'.split(
    ' ',
  ),
);

/** The words of a usage text a person reads as prose: not the commands' names (at the start of their rows, or a|b|c in the usage line), not flags and placeholders. */
function proseOf(usage: string): string[] {
  return usage
    .split('\n')
    .map((line) =>
      line
        .replace(/^\s+[a-z]+(?:, [a-z]+)*(?= {4})/, '')
        .replace(/=?<[^>]*>/g, ' ')
        .replace(/[a-z-]+(?:\|[a-z-]+)+/g, ' '),
    )
    .flatMap((line) => wordsOf(withoutNames(line)));
}

const statesPt = join(dir, 'states-pt.json');
writeFileSync(statesPt, JSON.stringify({ reports: { locale: 'pt-BR' } }));
const PORTUGUESE_RUNS = [
  ...TREE.map((n) => [n.path, { env: { LANG: 'pt_BR.UTF-8' } }] as const),
  ['recon run nightly', { env: { LANG: 'C', RECON_CONFIG: statesPt } }] as const,
  ['recon findings', { env: { LANG: 'en_US.UTF-8', RECON_CONFIG: statesPt } }] as const,
];

describe('recon --help in Portuguese', () => {
  it.each(PORTUGUESE_RUNS)('%s --help under %j', async (path, { env }) => {
    const node = TREE.find((n) => n.path === path) as Node;
    const ran = await runCliInProcess([...path.split(' ').slice(1), '--help'], { env, cwd: dir });
    expect(ran.code).toBe(0);
    expect(ran.stdout).toMatch(new RegExp(`^USO ${path}( |$)`, 'm'));
    if (Object.keys(node.args).length > 0) expect(ran.stdout).toMatch(/^OPÇÕES$/m);
    if (node.subs.length > 0) expect(ran.stdout).toContain(`Veja ${path} <comando> --help para saber mais sobre um comando.`);
    expect(proseOf(ran.stdout).filter((w) => ENGLISH.has(w))).toEqual([]);
    expect(ran.stdout).not.toMatch(/\b(USAGE|OPTIONS|ARGUMENTS|COMMANDS)\b/);
    // The names stay: every flag as typed.
    for (const flag of Object.keys(node.args).filter((f) => node.args[f]?.['type'] !== 'positional')) expect(ran.stdout).toContain(`--${flag}`);
  });

  it('finds the English the same check is for: the English help of the same command is full of it', async () => {
    const ran = await runCliInProcess(['run', 'nightly', '--help'], { cwd: dir });
    expect(proseOf(ran.stdout).filter((w) => ENGLISH.has(w))).toEqual(
      expect.arrayContaining(['the', 'of', 'with', 'default', 'file', 'when', 'orders', 'reports']),
    );
  });

  it('says what is required and what a flag defaults to in Portuguese', async () => {
    const backfill = await runCliInProcess(['run', 'backfill', '--help'], { env: { LANG: 'pt_BR.UTF-8' }, cwd: dir });
    expect(backfill.stdout).toContain('USO recon run backfill [OPÇÕES] --from=<D1> --to=<D2>');
    expect(backfill.stdout).toContain('--from=<D1>    Primeiro dia útil AAAA-MM-DD (obrigatório)');
    const sql = await runCliInProcess(['help', 'sql'], { env: { LANG: 'pt_BR.UTF-8' }, cwd: dir });
    expect(sql.stdout.split('\n')).toEqual(expect.arrayContaining(['ARGUMENTOS', '  --format=<format>    Saída: table, csv ou json (padrão: table)']));
  });
});
