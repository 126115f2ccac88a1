// Bench helper: serves the busy merchant's world (bench/busy-merchant.ts) with its clock at 02:30 after
// a night and prints {"url", "apiKey"}, so that one night of a kept series (`--only busy-merchant
// --keep`) can be run again on a copy of its warehouse:
//   node bin/run-ts.js bench/tasks/replay-night.ts --date 2026-03-31 &
//   RECON_API_KEY=<apiKey> node --max-semi-space-size=2 bin/recon.js run nightly --date 2026-03-31 --config <copy>
// (the copy's config with api.baseUrl set to <url>). It serves until killed.
import { DateTime } from 'luxon';
import { startSandbox } from '../../src/sandbox/index.ts';
import { busyMerchantHistory } from '../busy-merchant.ts';
import { ZONE, argValue } from './common.ts';

const date = argValue('--date');
if (date === undefined) throw new Error('replay-night expects --date YYYY-MM-DD, one of the series nights');
const now = DateTime.fromISO(date, { zone: ZONE }).plus({ days: 1, hours: 2, minutes: 30 }).toMillis();
const sandbox = await startSandbox({ history: busyMerchantHistory(), clock: { now: () => now } });
process.stdout.write(`${JSON.stringify({ url: sandbox.url, apiKey: sandbox.apiKey })}\n`);
