// Todas as frases de erro em português, por área: o que o terminal mostra sob reports.locale "pt-BR".
import type { ErrorCatalogue, ErrorParams } from './error-types.ts';
import { flagErrorsPtBR } from './errors-flags-pt-BR.ts';
import { configErrorsPtBR } from './errors-config-pt-BR.ts';
import { ordersErrorsPtBR } from './errors-orders-pt-BR.ts';
import { fileErrorsPtBR } from './errors-files-pt-BR.ts';
import { syncErrorsPtBR } from './errors-sync-pt-BR.ts';
import { storeErrorsPtBR } from './errors-store-pt-BR.ts';

export const errorsPtBR: ErrorCatalogue<ErrorParams> = {
  ...flagErrorsPtBR,
  ...configErrorsPtBR,
  ...ordersErrorsPtBR,
  ...fileErrorsPtBR,
  ...syncErrorsPtBR,
  ...storeErrorsPtBR,
};
