// `recon close --month YYYY-MM`: the close's tie-outs summed over the month up to its latest night the
// warehouse holds with a close (docs/close.md), written as the "Fechamento do mês" workbook (and its CSV)
// into that night's report folder, with one line per tie-out on the terminal. The figures come from the
// one reading of the month (src/shared/close-month.ts) that the night page and the workbook state too.
import { defineCommand } from 'citty';
import { relative } from 'node:path';
import { reportDirFor, writeMonthClose } from '../../../jobs/night-reports.ts';
import { businessDayOf } from '../../shared/business-day.ts';
import { TIE_OUTS, isTieOutShown } from '../../shared/close.ts';
import { readLastClosedNight, readMonthClose } from '../../shared/close-month.ts';
import { ReconError } from '../../shared/errors.ts';
import { messagesFor } from '../../shared/locale/index.ts';
import { localizeDaySpans } from '../../shared/locale/localize.ts';
import { configArg, contextFor, sandboxArg, withWarehouse } from '../context.ts';
import { closeLine } from '../print-night.ts';

/** A calendar month: a year and a month from 01 to 12. */
const MONTH = /^\d{4}-(0[1-9]|1[0-2])$/;

export default defineCommand({
  meta: { name: 'close' },
  args: {
    month: { type: 'string', valueHint: 'YYYY-MM', required: true },
    ...configArg,
    ...sandboxArg,
  },
  async run({ args }) {
    // A month that cannot be one is refused before the config or the warehouse is read.
    if (!MONTH.test(args.month)) throw new ReconError('usage', { id: 'closeMonth', got: args.month });
    const ctx = contextFor(args);
    const { config } = ctx;
    const locale = config.reports.locale;
    const m = messagesFor(locale);
    const text = await withWarehouse(ctx, { readOnly: true }, async (warehouse) => {
      const db = warehouse.connection;
      const upTo = await readLastClosedNight(db, args.month);
      if (upTo === undefined) throw new ReconError('usage', { id: 'closeMonthNoNight', month: args.month, latest: (await readLastClosedNight(db)) ?? null });
      const month = await readMonthClose(db, upTo);
      const day = businessDayOf(upTo, config.timezone);
      const written = await writeMonthClose({ db, logger: ctx.logger }, config, day);
      const words = m.commands.close;
      const folder = reportDirFor(config, upTo);
      return [
        words.heading(month.month, m.fmt.day(month.from), m.fmt.day(month.upTo), month.nights.length),
        ...TIE_OUTS.filter((name) => isTieOutShown(month.close[name])).map((name) => `  ${closeLine(name, month.close[name], locale)}`),
        ...(month.missing.length === 0 ? [] : [`  ${words.missing(localizeDaySpans(m, month.missingSpans))}`]),
        `${words.written}: ${folder}`,
        ...written.files.map((f) => `  ${relative(folder, f)}`),
      ].join('\n');
    });
    process.stdout.write(`${text}\n`);
  },
});
