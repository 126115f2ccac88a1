// Every error sentence in English, seam by seam: what `error.message` holds (the JSON log and
// summary.json keep it) and what the terminal shows under reports.locale "en".
import type { ErrorCatalogue, ErrorParams } from './error-types.ts';
import { flagErrorsEn } from './errors-flags-en.ts';
import { configErrorsEn } from './errors-config-en.ts';
import { ordersErrorsEn } from './errors-orders-en.ts';
import { fileErrorsEn } from './errors-files-en.ts';
import { syncErrorsEn } from './errors-sync-en.ts';
import { storeErrorsEn } from './errors-store-en.ts';

export const errorsEn: ErrorCatalogue<ErrorParams> = {
  ...flagErrorsEn,
  ...configErrorsEn,
  ...ordersErrorsEn,
  ...fileErrorsEn,
  ...syncErrorsEn,
  ...storeErrorsEn,
};
