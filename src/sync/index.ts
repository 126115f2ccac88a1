// The sync seam: one drift-proof copy of the service's listings per run (sync-all.ts).
export * from './sync-all.ts';
export { backfillListing, type BackfillResult } from './backfill-listing.ts';
