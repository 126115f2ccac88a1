// The order-imports seam: exports of the shop's orders into the warehouse (import-orders.ts).
export * from './import-orders.ts';
export { precheckOrders } from './check-orders.ts';
export { tooManyKeptOut, type KeptOutShare } from './kept-out-share.ts';
