// The payments service client (payments-api.ts): listings, bounded requests, checked rows.
export * from './payments-api.ts';
