// The stable, documented views analysts and the reports query (docs/warehouse.md) are created by the
// migrations in ./migrations; this module only names the ones `recon export` writes as files.

/** Views `recon export` writes besides the tables, with the column that gives each row its day. */
export const EXPORTED_VIEWS: Readonly<Record<string, string>> = {
  refunds: 'refunded_at',
  chargebacks: 'charged_back_at',
  // The listed rows' texts, kept beside the warehouse (raw-store.ts): an export carries them too.
  transactions_raw: 'date_created',
  operations_raw: 'date_created',
};
