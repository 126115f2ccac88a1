// The text of `--help` in a locale. The layout is citty's renderUsage (0.2.2) line for line: the
// description with the command path and version, USAGE, then ARGUMENTS, OPTIONS and COMMANDS, names
// right-aligned before their descriptions. citty's own renderer writes its headings and hints in
// English and takes descriptions from the command definitions, which carry none: every word a person
// reads here comes from the locale's catalogue (help-en.ts, help-pt-BR.ts), by command path and flag
// name. Names, flags and value placeholders are written as typed in every locale. Columns are padded by
// the width a person sees, and no line ends in blanks (citty counted colour codes as width).
import type { ArgDef, CommandDef } from 'citty';
import type { HelpFacts, HelpText, HelpWords } from '../shared/locale/help-en.ts';

/** A command whatever its flags (see main.ts). */
// biome-ignore lint/suspicious/noExplicitAny: CommandDef is contravariant in its flags, so no other type admits every command
type AnyCommand = CommandDef<any>;

/** What `--help` is about: the command, the path a person types to reach it, and the version recon states. */
export interface HelpTarget {
  command: AnyCommand;
  path: string;
  version: string | undefined;
}

type Resolvable<T> = T | Promise<T> | (() => T | Promise<T>);
const resolved = async <T>(value: Resolvable<T>): Promise<T> => (typeof value === 'function' ? (value as () => T | Promise<T>)() : value);

type Entry = { about: HelpText; args: Readonly<Record<string, HelpText>> };

/** The catalogue's entry of a command path; none for a command the catalogue lacks (test/cli/help-locale.test.ts keeps that from happening). */
export function helpEntryOf(words: HelpWords, path: string): Entry | undefined {
  return (words.commands as Readonly<Record<string, Entry>>)[path];
}

const said = (text: HelpText | undefined, facts: HelpFacts): string => (typeof text === 'function' ? text(facts) : (text ?? ''));

/** The facts the texts about to be shown state (help-facts.ts loads only those). */
export type FactsFor = (texts: readonly HelpText[]) => Promise<HelpFacts>;

/** The usage text of `target` in the words given; `paint` adds citty's colours (a terminal that takes them). */
export async function usageTextOf(target: HelpTarget, words: HelpWords, factsFor: FactsFor, paint: boolean): Promise<string> {
  const { layout } = words;
  const colour =
    (open: number, close = 39) =>
    (text: string) =>
      paint ? `\u001b[${open}m${text}\u001b[${close}m` : text;
  const [bold, cyan, gray, underline] = [colour(1, 22), colour(36), colour(90), colour(4, 24)];
  const entry = helpEntryOf(words, target.path);
  const meta = (await resolved(target.command.meta ?? {})) ?? {};
  const args = Object.entries(((await resolved(target.command.args ?? {})) ?? {}) as Record<string, ArgDef>);
  const subs = Object.entries(((await resolved(target.command.subCommands ?? {})) ?? {}) as Record<string, Resolvable<AnyCommand>>);
  const shown = [entry?.about, ...args.map(([name]) => entry?.args[name]), ...subs.map(([name]) => helpEntryOf(words, `${target.path} ${name}`)?.about)];
  const facts = await factsFor(shown.filter((text) => text !== undefined));

  const hints = (name: string, arg: ArgDef, required: boolean) =>
    [said(entry?.args[name], facts), required ? gray(layout.required) : '', arg.default === undefined ? '' : gray(layout.byDefault(String(arg.default)))]
      .filter(Boolean)
      .join(' ');
  const posLines: string[][] = [];
  const argLines: string[][] = [];
  const usageLine: string[] = [];
  for (const [name, arg] of args) {
    if (arg.type === 'positional') {
      const required = arg.required !== false && arg.default === undefined;
      posLines.push([cyan(name.toUpperCase() + valueHintOf(name, arg)), hints(name, arg, required)]);
      usageLine.push(required ? `<${name.toUpperCase()}>` : `[${name.toUpperCase()}]`);
      continue;
    }
    const required = arg.required === true && arg.default === undefined;
    const aliases = ['alias' in arg ? (arg.alias ?? []) : []].flat();
    argLines.push([cyan([...aliases.map((a) => `-${a}`), `--${name}`].join(', ') + valueHintOf(name, arg)), hints(name, arg, required)]);
    // A flag on by default is also shown as its negation, as citty shows it.
    if (arg.type === 'boolean' && arg.default === true && !/^no[-A-Z]/.test(name))
      argLines.push([cyan([...aliases.map((a) => `--no-${a}`), `--no-${name}`].join(', ')), required ? gray(layout.required) : '']);
    if (required) usageLine.push(`--${name}${valueHintOf(name, arg)}`);
  }
  const commandLines: string[][] = [];
  if (target.command.subCommands) {
    const names: string[] = [];
    for (const [name, sub] of subs) {
      const subMeta = (await resolved((await resolved(sub)).meta ?? {})) ?? {};
      if (subMeta.hidden) continue;
      const label = [name, ...[subMeta.alias ?? []].flat()];
      commandLines.push([cyan(label.join(', ')), said(helpEntryOf(words, `${target.path} ${name}`)?.about, facts)]);
      names.push(...label);
    }
    usageLine.push(names.join('|'));
  }

  const version = meta.version ?? target.version;
  const lines = [gray(`${said(entry?.about, facts)} (${target.path}${version ? ` v${version}` : ''})`), ''];
  const hasOptions = argLines.length > 0 || posLines.length > 0;
  lines.push(`${underline(bold(layout.usage))} ${cyan(`${target.path}${hasOptions ? ` ${layout.optionsSlot}` : ''} ${usageLine.join(' ')}`)}`, '');
  for (const [heading, rows] of [
    [layout.arguments, posLines],
    [layout.options, argLines],
    [layout.commands, commandLines],
  ] as const) {
    if (rows.length === 0) continue;
    lines.push(underline(bold(heading)), '', columns(rows), '');
  }
  if (commandLines.length > 0) lines.splice(-1, 1, '', layout.more(cyan(`${target.path} ${layout.commandSlot} --help`)));
  return lines.map((line) => line.replace(/[ \t]+(\n|$)/g, '$1')).join('\n');
}

/** citty's value placeholder: the flag's valueHint, its enum's options, else its name in snake_case. */
function valueHintOf(name: string, arg: ArgDef): string {
  const hint = 'valueHint' in arg && arg.valueHint ? `=<${arg.valueHint}>` : '';
  if (!arg.type || arg.type === 'positional' || arg.type === 'boolean') return hint;
  if (arg.type === 'enum' && arg.options?.length) return `=<${arg.options.join('|')}>`;
  return (
    hint ||
    `=<${name
      .replace(/([a-z\d])([A-Z])/g, '$1_$2')
      .replace(/-/g, '_')
      .toLowerCase()}>`
  );
}

/** Rows of cells: the first right-aligned, the others left-aligned, each after two blanks (citty's formatLineColumns), by visible width. */
function columns(rows: readonly string[][]): string {
  const width = (text: string) => text.replace(ANSI, '').length;
  const widths: number[] = [];
  for (const row of rows) for (const [i, cell] of row.entries()) widths[i] = Math.max(widths[i] ?? 0, width(cell));
  const pad = (cell: string, i: number) => {
    const fill = ' '.repeat((widths[i] ?? 0) - width(cell));
    return `  ${i === 0 ? fill + cell : cell + fill}`;
  };
  return rows.map((row) => row.map(pad).join('  ')).join('\n');
}

// biome-ignore lint/suspicious/noControlCharactersInRegex: an ANSI colour code starts with ESC
const ANSI = /\u001b\[[0-9;]*m/g;
