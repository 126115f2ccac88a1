// First run on the embedded sandbox: the shop's earlier order exports are loaded once, as a merchant
// would on installing recon, so refunds and chargebacks on older sales have their orders.
import type { ReconConfig } from '../src/config/schema.ts';
import { importOrders } from '../src/imports/index.ts';
import type { NightlyDeps } from './nightly.ts';
import type { EmbeddedSandbox } from './sandbox-default.ts';

export async function preloadSandboxOrders(
  deps: Pick<NightlyDeps, 'db' | 'clock' | 'logger'>,
  sandbox: EmbeddedSandbox,
  before: string,
  config: ReconConfig,
): Promise<number> {
  const reader = await deps.db.runAndReadAll('SELECT count(*) AS n FROM order_imports');
  if (Number(reader.getRowObjects()[0]?.['n'] ?? 0) > 0) return 0;
  let files = 0;
  for (const [date, file] of [...sandbox.exports].sort(([a], [b]) => a.localeCompare(b))) {
    if (date >= before) continue;
    await importOrders(deps, { files: [file], businessDate: date }, config);
    files += 1;
  }
  deps.logger.info({ id: 'sandboxExportsLoaded', files });
  return files;
}
