// `recon sandbox`: generate a seeded history, write the merchant's order exports and the ground truth,
// and serve the payments service's interface locally until SIGINT/SIGTERM.
import { defineCommand } from 'citty';
import { messagesFor } from '../../shared/locale/index.ts';
import { errorFrameLocale } from '../frame-locale.ts';
import { datesBetween, yesterdayIn } from '../../shared/business-day.ts';
import { ReconError } from '../../shared/errors.ts';
import {
  ORDER_EXPORT_FORMATS,
  SANDBOX_TIMEZONE,
  generateHistory,
  parseFaultsFlag,
  startSandbox,
  writeGroundTruth,
  writeOrdersExport,
  type OrdersExportFormat,
} from '../../sandbox/index.ts';

function wholeNumber(name: string, text: string | undefined, fallback: number, min = 0): number {
  if (text === undefined) return fallback;
  if (!/^-?\d+$/.test(text) || Number(text) < min) throw new ReconError('usage', { id: 'wholeNumberFlag', name, min, got: text });
  return Number(text);
}

export default defineCommand({
  meta: { name: 'sandbox' },
  args: {
    seed: { type: 'string', default: '1' },
    days: { type: 'string', default: '30' },
    'per-day': { type: 'string', default: '1000' },
    'end-date': { type: 'string' },
    'discrepancy-rate': { type: 'string', default: '0.02' },
    'mispriced-rate': { type: 'string', default: '0' },
    'orders-out': { type: 'string' },
    'orders-format': { type: 'string', default: 'csv-br' },
    'orders-double-amounts': { type: 'boolean' },
    'truth-out': { type: 'string' },
    faults: { type: 'string', default: 'none' },
    'fault-seed': { type: 'string' },
    port: { type: 'string', default: '4010' },
    host: { type: 'string', default: '127.0.0.1' },
  },
  async run({ args }) {
    const seed = wholeNumber('seed', args.seed, 1, Number.MIN_SAFE_INTEGER);
    const days = wholeNumber('days', args.days, 30, 1);
    const perDay = wholeNumber('per-day', args['per-day'], 1000);
    const endDate = args['end-date'] ?? yesterdayIn(SANDBOX_TIMEZONE, Date.now());
    const rate = Number(args['discrepancy-rate']);
    if (!Number.isFinite(rate)) throw new ReconError('usage', { id: 'numberFlag', flag: '--discrepancy-rate', got: String(args['discrepancy-rate']) });
    const mispriced = Number(args['mispriced-rate']);
    if (!Number.isFinite(mispriced)) throw new ReconError('usage', { id: 'numberFlag', flag: '--mispriced-rate', got: String(args['mispriced-rate']) });
    const format = args['orders-format'] as OrdersExportFormat;
    if (!ORDER_EXPORT_FORMATS.includes(format))
      throw new ReconError('usage', { id: 'ordersExportFormat', flag: true, formats: ORDER_EXPORT_FORMATS, got: format });
    const faults = parseFaultsFlag(args.faults ?? 'none');
    const port = wholeNumber('port', args.port, 4010);

    const started = performance.now();
    const history = generateHistory({ seed, days, perDay, endDate, discrepancyRate: rate, mispricedRate: mispriced });
    const out = process.stderr;
    // No config here: the words of the locale a config file states, else the environment's (frame-locale.ts).
    const { commands, fmt } = messagesFor(errorFrameLocale());
    const words = commands.sandbox;
    const counts = [history.transactions.length, history.operations.length, history.orders.length, history.discrepancies.length].map((n) => fmt.count(n));
    const period = `${fmt.day(history.startDate)} .. ${fmt.day(history.endDate)}`;
    out.write(`${words.generated(counts, period, fmt.count(Math.round(performance.now() - started)))}\n`);

    const ordersOut = args['orders-out'];
    const doubleAmounts = args['orders-double-amounts'] === true;
    if (ordersOut) {
      if (ordersOut.includes('{date}')) {
        for (const date of datesBetween(history.startDate, history.endDate, history.timezone)) {
          await writeOrdersExport(history, ordersOut.replaceAll('{date}', date), { format, date, doubleAmounts });
        }
        out.write(`wrote ${days} order exports (${format}) to ${ordersOut}\n`);
      } else {
        await writeOrdersExport(history, ordersOut, { format, doubleAmounts });
        out.write(`wrote the order export (${format}) to ${ordersOut}\n`);
      }
    }
    if (args['truth-out']) {
      await writeGroundTruth(history, args['truth-out']);
      out.write(`wrote the ground truth to ${args['truth-out']}\n`);
    }

    const sandbox = await startSandbox({
      history,
      port,
      host: args.host ?? '127.0.0.1',
      faults,
      faultSeed: wholeNumber('fault-seed', args['fault-seed'], seed, Number.MIN_SAFE_INTEGER),
    });
    process.stdout.write(
      [
        words.listening(sandbox.url, args.faults ?? 'none'),
        words.apiKey(sandbox.apiKey),
        words.tryThese,
        `  curl -H 'api_key: ${sandbox.apiKey}' '${sandbox.url}/v1/transactions?count=5'`,
        `  curl -H 'api_key: ${sandbox.apiKey}' '${sandbox.url}/v1/operations?count=5'`,
        `  curl -H 'api_key: ${sandbox.apiKey}' '${sandbox.url}/_sandbox'`,
        words.stop,
        '',
      ].join('\n'),
    );
    await new Promise<void>((resolve) => {
      const stop = () => resolve();
      process.once('SIGINT', stop);
      process.once('SIGTERM', stop);
    });
    await sandbox.close();
    out.write('sandbox stopped\n');
  },
});
