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
] as const;
export type FindingCategory = (typeof FINDING_CATEGORIES)[number];

export const FINDING_STATES = ['new', 'open', 'resolved'] as const;
export type FindingState = (typeof FINDING_STATES)[number];

/** A v1 transaction as the listing returns it (plus item_id, which the listing carries). */
export interface ApiTransaction {
  transaction_id: string;
  item_id?: string | null;
  status: string;
  authorization_code: string | null;
  nsu: string | null;
  date_created: string;
  date_updated: string;
  net_value: number;
  authorized_amount: number;
  paid_amount: number;
  refunded_amount: number;
  installments: string;
  card_holder_name: string;
  card_brand: string;
  card_first_digits: string;
  card_last_digits: string;
  acquirer_status_code: string | null;
  acquirer_status_message: string | null;
  [extra: string]: unknown;
}

/** Cash-in as the operations listing returns it; amounts are decimal reais. */
export interface ApiCashIn {
  cash_in_id: string;
  item_id: string;
  status: string;
  date_created: string;
  date_updated: string;
  amount: number;
  paid_amount: number;
  customer_name: string;
  customer_document_number: string;
  [extra: string]: unknown;
}

/** Cash-out as the operations listing returns it; amounts are decimal reais. */
export interface ApiCashOut {
  cash_out_id: string;
  item_id: string;
  status: string;
  status_description: string;
  date_created: string;
  date_updated: string;
  amount: number;
  paid_off_amount: number;
  customer_name: string;
  customer_document_number: string;
  [extra: string]: unknown;
}

export type ApiOperation = ApiCashIn | ApiCashOut;
