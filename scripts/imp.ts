import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseConfig } from '../src/config/load.ts';
import { importOrders } from '../src/imports/index.ts';
import { systemClock } from '../src/shared/clock.ts';
import { silentLogger } from '../src/shared/log.ts';
import { openWarehouse } from '../src/warehouse/open.ts';
const dir = mkdtempSync(join(tmpdir(), 'imp-'));
const config = parseConfig({ timezone: 'America/Sao_Paulo', orders: { preset: 'recon-sandbox' }, warehouse: { memoryLimit: process.argv[2] } }, 'bench');
const warehouse = await openWarehouse(join(dir, 'recon.duckdb'));
const t0 = performance.now();
try {
  const r = await importOrders({ db: warehouse.connection, clock: systemClock, logger: silentLogger }, { files: [process.argv[3]!] }, config);
  console.error(process.argv[2], 'rows', r.files[0]?.rowsLoaded, 's', ((performance.now() - t0) / 1000).toFixed(1));
} finally {
  warehouse.close();
  rmSync(dir, { recursive: true, force: true });
}
