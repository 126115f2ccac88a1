// `recon check FILE... [--config FILE]`: reads an orders export or a bank statement as the nightly would
// and commits nothing (the warehouse is not opened; a Parquet file is read by an in-memory DuckDB). It
// prints the mapping it found, the first rows as they would be stored, and each problem with the
// setting that fixes it; exit 0 only when every file would import cleanly, else 2 (bad input). It
// speaks reports.locale: its words are the catalogue's `check`, its problems their sentences.
import { defineCommand } from 'citty';
import { statementKindOfFile } from '../../bank/detect-statement.ts';
import { readBounded } from '../../bank/import-statement.ts';
import { accountIdFor } from '../../bank/match-account.ts';
import { readStatementBytes } from '../../bank/read-statement.ts';
import type { BankConfig } from '../../config/schema.ts';
import { checkOrdersFile } from '../../imports/check-orders.ts';
import { textForOrdersCheck } from '../../imports/check-text.ts';
import { resolveOrdersConfig } from '../../imports/resolve-config.ts';
import { sampleOrders } from '../../imports/sample-orders.ts';
import { ReconError, isReconError } from '../../shared/errors.ts';
import { type Locale, messagesFor } from '../../shared/locale/index.ts';
import { keptOutReasonIn } from '../../shared/locale/kept-out-text.ts';
import { openWarehouse } from '../../warehouse/open.ts';
import { configArg, contextFor } from '../context.ts';

export default defineCommand({
  meta: { name: 'check' },
  args: {
    ...configArg,
    files: { type: 'positional', valueHint: 'FILE...', required: false },
  },
  async run({ args }) {
    const given = (args._ as string[]).filter((f) => f !== '');
    if (given.length === 0) throw new ReconError('usage', { id: 'checkNoFiles' });
    const ctx = contextFor(args);
    const { config } = ctx;
    const locale = config.reports.locale;
    const words = messagesFor(locale).check;
    let unclean = 0;
    const scratch = await openWarehouse(':memory:', { resources: config.warehouse });
    try {
      for (const file of given) {
        const statement = statementKindOfFile(file) !== undefined;
        const { text, clean } = statement
          ? checkStatement(file, config.bank, { locale, zone: config.timezone })
          : await checkOrders(scratch.connection, config, file);
        process.stdout.write(`${text}\n${words.clean(clean)}\n\n`);
        if (!clean) unclean++;
      }
    } finally {
      scratch.close();
    }
    if (unclean > 0) {
      throw new ReconError('input', { id: 'checkUnclean', unclean, total: given.length });
    }
  },
});

async function checkOrders(
  db: Parameters<typeof checkOrdersFile>[0]['db'],
  config: Parameters<typeof checkOrdersFile>[0]['config'],
  file: string,
): Promise<{ text: string; clean: boolean }> {
  const check = await checkOrdersFile({ db, config }, file);
  // Every row through the rules, for the counts: the pre-check's sample is only the first rows.
  const whole = check.sample.refusal
    ? check.sample
    : await sampleOrders({ db, resolved: resolveOrdersConfig(config), memoryLimit: config.warehouse.memoryLimit }, file, {
        limit: Number.POSITIVE_INFINITY,
        keep: 0,
      });
  const problems = check.problems.length + (whole.refusal ? 1 : 0);
  const locale = config.reports.locale;
  const refused = whole.refusal && whole !== check.sample ? `\n${messagesFor(locale).check.problem(undefined, whole.refusal.sayIn(locale))}` : '';
  const text = textForOrdersCheck(check, whole, locale) + refused;
  return { text, clean: problems === 0 && whole.counts.keptOut === 0 };
}

function checkStatement(file: string, bank: BankConfig, { locale, zone }: { locale: Locale; zone: string }): { text: string; clean: boolean } {
  const messages = messagesFor(locale);
  const words = messages.check;
  const reason = keptOutReasonIn(messages, zone);
  const out = [words.statementHead(file)];
  const problems: string[] = [];
  try {
    const read = readStatementBytes(file, readBounded(file, bank.limits.maxStatementBytes), bank.limits);
    const { account, periodStart, periodEnd, lines } = read.statement;
    out.push(words.statementRead(read.format, read.charset, periodStart, periodEnd, lines.length, read.rejected.length));
    out.push(words.account(account.bankCode || '?', account.agency || '?', account.account || '?', account.document || undefined));
    for (const line of lines.slice(0, 10)) out.push(words.statementLine(line.postedOn, line.type, line.amountCents, line.memo));
    // The reason the import stores with the line kept out, from its facts, in the locale.
    for (const rejected of read.rejected.slice(0, 10)) problems.push(words.lineKeptOut(rejected.line, reason(rejected)));
    if (bank.accounts.length === 0) problems.push(words.noAccounts);
    else {
      try {
        out.push(words.matches(accountIdFor(file, account, bank.accounts)));
      } catch (error) {
        if (!isReconError(error)) throw error;
        problems.push(error.sayIn(locale));
      }
    }
  } catch (error) {
    if (!isReconError(error)) throw error;
    problems.push(error.sayIn(locale));
  }
  if (problems.length === 0) out.push(words.noProblems);
  for (const problem of problems) out.push(words.problem(undefined, problem));
  return { text: out.join('\n'), clean: problems.length === 0 };
}
