// `recon sync`: not built yet.
import { defineCommand } from 'citty';
import { ReconError } from '../../shared/errors.ts';

export default defineCommand({
  meta: { name: 'sync', description: 'Not available yet' },
  run() {
    throw new ReconError('usage', '`recon sync` is not available yet');
  },
});
