// The payments service client (payments-api.ts): listings, bounded requests, checked rows.
export * from './payments-api.ts';
export { checkApiKeyShape } from './key-shape.ts';
