// `recon sandbox`: not built yet.
import { defineCommand } from 'citty';
import { ReconError } from '../../shared/errors.ts';

export default defineCommand({
  meta: { name: 'sandbox', description: 'Not available yet' },
  run() {
    throw new ReconError('usage', '`recon sandbox` is not available yet');
  },
});
