// Bench task: serve a large sandbox history (1M transactions by default) until killed; prints its URL.
import { generateHistory, startSandbox, writeOrdersExport } from '../../src/sandbox/index.ts';
import { END, argValue, report, scaleFromArgs } from './common.ts';

const { transactions, days } = scaleFromArgs();
const t0 = performance.now();
const history = generateHistory({ seed: 1, days, perDay: Math.ceil(transactions / days), endDate: END });
const generateSeconds = (performance.now() - t0) / 1000;
const ordersOut = argValue('--orders-out');
if (ordersOut) await writeOrdersExport(history, ordersOut, { format: 'csv-br' });
const sandbox = await startSandbox({ history, clock: { now: () => Date.parse('2026-04-01T12:00:00Z') } });
report({
  url: sandbox.url,
  apiKey: sandbox.apiKey,
  transactions: history.transactions.length,
  operations: history.operations.length,
  orders: history.orders.length,
  generateSeconds,
});
process.on('SIGTERM', () => void sandbox.close().then(() => process.exit(0)));
