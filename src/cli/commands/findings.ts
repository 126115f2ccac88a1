// `recon findings`: work the list of findings. `list` shows them with their triage; `ack`, `assign`,
// `accept`, `reopen` and `note` write to the triage journal beside the warehouse, by key or by filter
// (a filter asks for confirmation, or takes --yes). Works while a night holds the warehouse: the
// findings are then those the last night left (said on stderr), and the action is journalled at once.
import { createInterface } from 'node:readline/promises';
import { userInfo } from 'node:os';
import { defineCommand } from 'citty';
import { systemClock } from '../../shared/clock.ts';
import { ReconError } from '../../shared/errors.ts';
import { listFindings, recordAction, type ActionRequest, type TriageContext } from '../../triage/actions.ts';
import { actionTargets, isFilterEmpty, parseAge, parseFilterState, type FindingFilter } from '../../triage/filter.ts';
import { LIST_FORMATS, renderListing, type ListFormat, type ListingWords } from '../../triage/listing-output.ts';
import { messagesFor, type Messages } from '../../shared/locale/index.ts';
import { journalBoundsOf, skippedLinesWarning } from '../../triage/journal-read.ts';
import { sayLog } from '../../shared/locale/log-text.ts';
import { journalPathFor } from '../../triage/journal.ts';
import { configArg, contextFor, sandboxArg } from '../context.ts';

const filterArgs = {
  state: { type: 'string', valueHint: 'STATE' },
  category: { type: 'string', valueHint: 'C' },
  'older-than': { type: 'string', valueHint: 'AGE' },
  assignee: { type: 'string', valueHint: 'NAME' },
} as const;

type FilterArgs = { state?: string | undefined; category?: string | undefined; 'older-than'?: string | undefined; assignee?: string | undefined };

function filterOf(args: FilterArgs): FindingFilter {
  return {
    state: args.state === undefined ? undefined : parseFilterState(args.state),
    category: args.category,
    olderThanDays: args['older-than'] === undefined ? undefined : parseAge(args['older-than']),
    assignee: args.assignee,
  };
}

function triageContextOf(args: { config?: string | undefined; sandbox?: boolean | undefined }): TriageContext & { words: ListingWords } {
  const { config } = contextFor(args);
  return {
    words: { messages: messagesFor(config.reports.locale), zone: config.timezone },
    warehousePath: config.warehouse.path,
    resources: config.warehouse,
    fileMode: config.warehouse.fileMode,
    zone: config.timezone,
    slaDays: config.reconcile.slaDays,
    clock: systemClock,
    journal: journalBoundsOf(config.triage),
  };
}

const list = defineCommand({
  meta: { name: 'list' },
  args: {
    ...filterArgs,
    format: { type: 'string', default: 'table', valueHint: 'table|csv|json' },
    ...configArg,
    ...sandboxArg,
  },
  async run({ args }) {
    const format = args.format as ListFormat;
    if (!LIST_FORMATS.includes(format)) throw new ReconError('usage', { id: 'tableFormat', got: String(args.format) });
    const filter = filterOf(args);
    const ctx = triageContextOf(args);
    const listing = await listFindings(ctx, filter);
    printBusy(listing, ctx.words);
    // One line whatever the number of skipped lines, naming the first few.
    const skipped = skippedLinesWarning(journalPathFor(ctx.warehousePath), listing);
    if (skipped !== undefined) process.stderr.write(`recon: ${sayLog(ctx.words.messages.fmt.locale, skipped)}\n`);
    process.stdout.write(renderListing(listing.items, format, ctx.words));
  },
});

/** Says, in the locale, that the findings come from the last night's snapshot because a job holds the warehouse. */
function printBusy(listing: { busyNight: string | undefined }, words: ListingWords): void {
  if (listing.busyNight === undefined) return;
  const { fmt, terminal } = words.messages;
  process.stderr.write(`recon: ${terminal.listing.busy(fmt.day(listing.busyNight))}\n`);
}

/** One of the action subcommands: KEY... or a filter, then one journal event per finding. */
function actionCommand(
  action: ActionRequest['action'],
  own: Record<string, { type: 'string'; valueHint?: string }>,
  requestOf: (args: Record<string, unknown>) => Pick<ActionRequest, 'note' | 'to'>,
) {
  return defineCommand({
    meta: { name: action },
    args: {
      ...own,
      by: { type: 'string', valueHint: 'NAME' },
      ...filterArgs,
      yes: { type: 'boolean' },
      ...configArg,
      ...sandboxArg,
    },
    async run({ args }) {
      const keys = (args._ as string[]).filter((k) => k !== '');
      const filter = filterOf(args);
      if (keys.length > 0 && !isFilterEmpty(filter)) throw new ReconError('usage', { id: 'keysAndFilter', on: 'cli' });
      if (keys.length === 0 && isFilterEmpty(filter)) throw new ReconError('usage', { id: 'keysOrFilter' });
      const ctx = triageContextOf(args);
      const { fmt, terminal } = ctx.words.messages;
      const listing = await listFindings(ctx);
      printBusy(listing, ctx.words);
      let targets = keys;
      if (keys.length === 0) {
        targets = actionTargets(listing.items, filter, action).map((i) => i.row.key);
        if (targets.length === 0) {
          process.stdout.write(`${terminal.listing.noneToWrite}\n`);
          return;
        }
        if (!args.yes) await confirm(action, targets.length, ctx.words.messages);
      }
      const request: ActionRequest = { action, keys: targets, by: (args.by as string | undefined) ?? actorName(), via: 'cli', ...requestOf(args) };
      const written = await recordAction(ctx, request, listing.items);
      process.stdout.write(`${terminal.listing.recorded(action, written.length, fmt.count(written.length))}\n`);
    },
  });
}

/** Asks before an action on every finding a filter matches; the words (and the answers that say yes) are the locale's. */
async function confirm(action: ActionRequest['action'], count: number, messages: Messages): Promise<void> {
  if (!process.stdin.isTTY) throw new ReconError('usage', { id: 'confirmNoTerminal', action, count });
  const words = messages.terminal.listing;
  const question = words.confirm(action, count, messages.fmt.count(count));
  const rl = createInterface({ input: process.stdin, output: process.stderr });
  try {
    const answer = await rl.question(`${question} ${words.answers} `);
    if (!words.yes.test(answer.trim())) throw new ReconError('usage', { id: 'notConfirmed' });
  } finally {
    rl.close();
  }
}

function actorName(): string {
  try {
    return userInfo().username || 'unknown';
  } catch {
    return process.env['USER'] ?? 'unknown';
  }
}

const text = (args: Record<string, unknown>, name: string) => args[name] as string | undefined;

export default defineCommand({
  meta: { name: 'findings' },
  subCommands: {
    list,
    ack: actionCommand('ack', { note: { type: 'string', valueHint: 'TEXT' } }, (a) => ({
      note: text(a, 'note'),
    })),
    assign: actionCommand('assign', { to: { type: 'string', valueHint: 'NAME' } }, (a) => ({
      to: text(a, 'to'),
    })),
    accept: actionCommand('accept', { reason: { type: 'string', valueHint: 'TEXT' } }, (a) => ({ note: text(a, 'reason') })),
    reopen: actionCommand('reopen', {}, () => ({})),
    note: actionCommand('note', { note: { type: 'string', valueHint: 'TEXT' } }, (a) => ({
      note: text(a, 'note'),
    })),
  },
});
