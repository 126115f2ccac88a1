// The words the CLI prints for a person, in English: the `recon findings list` table, the counts
// `recon reconcile` prints, and the frame the CLI entry puts around an error. Figures come formatted.
import type { Messages } from './index.ts';

const CONFIRM_EN = { ack: 'Acknowledge', assign: 'Assign', accept: 'Accept', reopen: 'Reopen', note: 'Add a note to' } as const;

export const terminalEn: Messages['terminal'] = {
  listing: {
    headers: {
      key: 'key',
      category: 'category',
      state: 'state',
      firstSeen: 'first seen',
      due: 'due',
      amount: 'amount',
      assignee: 'assignee',
      note: 'note',
      reason: 'reason',
    },
    overdue: 'OVERDUE',
    none: 'No findings match.',
    noneToWrite: 'No findings match the filter; nothing written.',
    recorded: (action, count, n) => `${action}: ${count === 1 ? '1 finding' : `${n} findings`} recorded in the triage journal.`,
    confirm: (action, count, n) => `${CONFIRM_EN[action]} ${count === 1 ? '1 finding' : `${n} findings`}?`,
    answers: '[y/N]',
    noTerminal: 'There is no terminal to ask: pass --yes to go ahead.',
    notConfirmed: 'not confirmed; nothing written',
    yes: /^y(es)?$/i,
    busy: (night) => `a recon job is writing the warehouse right now: these are the findings of the night of ${night}, as that night left them`,
    count: (count, n) => (count === 1 ? '1 finding' : `${n} findings`),
    changedMark: ' (* changed since it was acknowledged)',
    figures: (fresh, open, overdue, overdueAmount, atStake) => `new ${fresh}, open ${open}, overdue ${overdue} (${overdueAmount}); at stake ${atStake}`,
  },
  reconcile: {
    title: (day, runId, previousRunId) => `Reconciliation of ${day} (run ${runId}${previousRunId === null ? '' : `, carried from ${previousRunId}`})`,
    headers: { category: 'category', new: 'new', open: 'open', resolved: 'resolved', amount: 'amount' },
    total: 'total',
    matched: (exact, variance) => `matched orders: ${exact} exact, ${variance} within tolerance (variance)`,
  },
  errors: {
    usage: (command) => `Run \`${command} --help\` for usage.`,
    unexpected: 'unexpected error',
    cause: 'cause',
    report: 'Set RECON_DEBUG=1 for the stack trace, and please report it.',
    outOfMemory:
      'DuckDB ran out of its share of warehouse.memoryLimit (the memory recon may use, "512MB" by default): raise it in the config (DuckDB spills to a temp folder beside the warehouse up to its share)',
  },
};
