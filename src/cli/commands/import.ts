// `recon import`: not built yet.
import { defineCommand } from 'citty';
import { ReconError } from '../../shared/errors.ts';

export default defineCommand({
  meta: { name: 'import', description: 'Not available yet' },
  run() {
    throw new ReconError('usage', '`recon import` is not available yet');
  },
});
