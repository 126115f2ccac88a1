// The vocabulary every seam shares: statuses of the service's resources and the finding categories.

/** Statuses a v1 transaction can have in the listing (rejected ones are never listed). */
export const TRANSACTION_STATUSES = ['processing', 'paid', 'review', 'refused', 'refunded', 'chargeback'] as const;

export const CASH_IN_STATUSES = ['active', 'paid', 'expired'] as const;

export const CASH_OUT_STATUSES = ['processing', 'pending', 'fulfilled', 'failed'] as const;

export const ACQUIRER_CODES = {
  '0000': 'Authorized, captured or refunded',
  '1000': 'Not approved by the bank',
  '1011': 'Incorrect card data',
  '1016': 'Card without balance',
  '5000': 'Generic bank error; the cardholder contacts the issuing bank',
} as const;

export const CARD_BRANDS = ['visa', 'mastercard', 'amex', 'hipercard', 'elo'] as const;
export type CardBrand = (typeof CARD_BRANDS)[number];

/** Finding categories: a contract with finance, the reports and the sandbox's ground truth. */
export const FINDING_CATEGORIES = [
  'missing_payment',
  'unmatched_payment',
  'amount_mismatch',
  'duplicate_charge',
  'refund_owed',
  'refund_not_recorded',
  'chargeback_open',
  'stale_review',
  'order_status_behind',
  'cashin_amount_mismatch',
  'cashout_failed',
  'cashout_stale_pending',
  'cashout_short',
  'fee_mismatch',
  'notification_missed',
  'notification_contradicted',
  'payout_not_in_bank',
  'payout_amount_differs',
  'bank_credit_unexplained',
] as const;
export type FindingCategory = (typeof FINDING_CATEGORIES)[number];

/** The four families finance reads the categories in (the page colours a finding by its family). */
const CATEGORY_FAMILIES = ['orders', 'payments', 'refunds_chargebacks', 'payouts'] as const;
export type CategoryFamily = (typeof CATEGORY_FAMILIES)[number];

export const FAMILY_OF_CATEGORY: Readonly<Record<FindingCategory, CategoryFamily>> = Object.freeze({
  missing_payment: 'orders',
  amount_mismatch: 'orders',
  order_status_behind: 'orders',
  unmatched_payment: 'payments',
  duplicate_charge: 'payments',
  stale_review: 'payments',
  refund_owed: 'refunds_chargebacks',
  refund_not_recorded: 'refunds_chargebacks',
  chargeback_open: 'refunds_chargebacks',
  cashin_amount_mismatch: 'payouts',
  cashout_failed: 'payouts',
  cashout_stale_pending: 'payouts',
  cashout_short: 'payouts',
  fee_mismatch: 'payments',
  notification_missed: 'payments',
  notification_contradicted: 'payments',
  payout_not_in_bank: 'payouts',
  payout_amount_differs: 'payouts',
  bank_credit_unexplained: 'payouts',
});

export const FINDING_STATES = ['new', 'open', 'resolved'] as const;
export type FindingState = (typeof FINDING_STATES)[number];
