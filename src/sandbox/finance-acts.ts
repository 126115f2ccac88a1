// The sandbox merchant's finance team: the triage acts a real team takes each morning on what no record
// will ever close. resolutions.ts and late-credits.ts act on the service's and the shop's side, so most
// findings resolve from the data; what is left is what the service has no later status for. A payout that
// failed stays failed (the money went back to the balance and the next payout carries it), a Pix paid
// short stays short (the difference is written off or asked of the customer), and a bank credit no payout
// explains, or a payout credited another amount, stays as the statement wrote it. A team closes those by
// accepting them with a reason once it has looked at them: here, once a finding of such a category is
// first seen at least `olderThanDays` before the night, as `recon findings accept --category C
// --older-than Nd --yes --reason R` does. The policy is data, the same every run; applying it goes through
// the triage journal (jobs/sandbox-finance.ts), never by editing rows, so an accepted finding stays in
// the warehouse, in `recon findings list --state accepted` and in the workbook's triage columns, and
// leaves only the list finance works (the findings neither resolved nor accepted: docs/triage.md).
// The order side needs no act here: the shop puts every order mistake right within twenty days
// (resolutions.ts), so that part of the list levels off by itself.
import type { FindingCategory } from '../shared/domain.ts';

export interface FinanceAcceptance {
  category: FindingCategory;
  /** Accepted once first seen at least this many days before the night (`--older-than`). */
  olderThanDays: number;
  /** The reason recorded with each acceptance, in the team's words. */
  reason: string;
}

/** Who the journal says accepted them. */
export const SANDBOX_FINANCE_ACTOR = 'financeiro';

/**
 * The days are each category's deadline or a little more (docs/triage.md): a failed payout is seen re-paid
 * in the payouts of the next days; a Pix paid short is chased for the five days its deadline gives, then
 * written off; a bank line is checked with the bank within a week.
 */
export const SANDBOX_FINANCE_ACCEPTANCES: readonly FinanceAcceptance[] = Object.freeze([
  { category: 'cashout_failed', olderThanDays: 3, reason: 'saque falhou e o valor voltou ao saldo; pago de novo em repasse seguinte' },
  { category: 'cashin_amount_mismatch', olderThanDays: 5, reason: 'Pix pago a menor; diferença cobrada sem resposta e baixada como perda' },
  { category: 'payout_amount_differs', olderThanDays: 5, reason: 'diferença do repasse conferida com o banco' },
  { category: 'bank_credit_unexplained', olderThanDays: 5, reason: 'crédito identificado pela contabilidade: não é repasse' },
]);
