// `recon sql`: not built yet.
import { defineCommand } from 'citty';
import { ReconError } from '../../shared/errors.ts';

export default defineCommand({
  meta: { name: 'sql', description: 'Not available yet' },
  run() {
    throw new ReconError('usage', '`recon sql` is not available yet');
  },
});
