// Bench task: import the history's 1,000,000-order Brazilian export (Windows-1252, ';', decimal comma)
// into the warehouse. With --again the same file is imported a second time and that import is timed:
// every record is then one the first import loaded, skipped by its fingerprint (`unchanged`); with
// --whole too (orders.incremental false), every record is read, typed and compared again.
import { join } from 'node:path';
import { parseConfig } from '../../src/config/load.ts';
import { importOrders } from '../../src/imports/index.ts';
import { systemClock } from '../../src/shared/clock.ts';
import { silentLogger } from '../../src/shared/log.ts';
import { openWarehouse } from '../../src/warehouse/open.ts';
import { ZONE, argValue, report } from './common.ts';

const dir = argValue('--dir') as string;
const file = argValue('--orders') as string;
const config = parseConfig({ timezone: ZONE, orders: { preset: 'recon-sandbox', incremental: !process.argv.includes('--whole') } }, 'bench');
const warehouse = await openWarehouse(join(dir, 'recon.duckdb'), { resources: config.warehouse });
try {
  const deps = { db: warehouse.connection, clock: systemClock, logger: silentLogger };
  if (process.argv.includes('--again')) await importOrders(deps, { files: [file] }, config);
  const t0 = performance.now();
  const result = await importOrders(deps, { files: [file] }, config);
  const seconds = (performance.now() - t0) / 1000;
  const rows = result.files.reduce((n, f) => n + f.rowsLoaded, 0);
  report({
    rows,
    seconds,
    rowsPerSecond: Math.round(rows / seconds),
    rejected: result.files.reduce((n, f) => n + f.rowsRejected, 0),
    unchanged: result.files.reduce((n, f) => n + f.rowsUnchanged, 0),
  });
} finally {
  warehouse.close();
}
