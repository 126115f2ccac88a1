// Which card transactions the fee check holds to the installment pricing: the charged ones (a refused
// transaction charged nothing, a rejected one is never listed). One definition for the price snapshot,
// the fee_mismatch rule and the fees report.

/** SQL condition on a `transactions` row `t` (plain text: it names no value). */
export const CHARGED_SALE_SQL = `t.status IN ('paid', 'review', 'refunded', 'chargeback') AND t.authorized_amount > 0`;

/** The net values the service prices (`net_value` at least 100 cents). */
export const MIN_PRICED_NET_VALUE = 100;
