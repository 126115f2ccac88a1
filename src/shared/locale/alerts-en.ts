// The words of the alerts a night sends (src/alerts/compose.ts), in English. Figures come formatted.
import type { Messages } from './index.ts';

export const alertsEn: Messages['alerts'] = {
  subject: (night, what, atStake) => `recon, night of ${night}: ${what}, ${atStake} at stake`,
  fresh: (count, n) => (count === 1 ? '1 new finding' : `${n} new findings`),
  overdue: (count, n) => (count === 1 ? '1 finding past the deadline' : `${n} findings past the deadline`),
  category: (label, n, amount) => `• ${label}: ${n} (${amount})`,
  openNight: 'Open the night',
  failed: (night) => `recon: the night of ${night} failed`,
  failedText: (night, error) => `recon: the night of ${night} failed: ${error}`,
};
