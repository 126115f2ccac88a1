// `recon export`: not built yet.
import { defineCommand } from 'citty';
import { ReconError } from '../../shared/errors.ts';

export default defineCommand({
  meta: { name: 'export', description: 'Not available yet' },
  run() {
    throw new ReconError('usage', '`recon export` is not available yet');
  },
});
