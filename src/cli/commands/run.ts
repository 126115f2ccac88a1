// `recon run`: not built yet.
import { defineCommand } from 'citty';
import { ReconError } from '../../shared/errors.ts';

export default defineCommand({
  meta: { name: 'run', description: 'Not available yet' },
  run() {
    throw new ReconError('usage', '`recon run` is not available yet');
  },
});
