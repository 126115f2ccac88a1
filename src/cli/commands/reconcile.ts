// `recon reconcile`: not built yet.
import { defineCommand } from 'citty';
import { ReconError } from '../../shared/errors.ts';

export default defineCommand({
  meta: { name: 'reconcile', description: 'Not available yet' },
  run() {
    throw new ReconError('usage', '`recon reconcile` is not available yet');
  },
});
