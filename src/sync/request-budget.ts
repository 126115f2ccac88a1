// The run's request budget: a PaymentsApi that refuses to send more requests than the run's plan can
// justify, so that no loop of the sync (re-reads, verification passes, look-ups, retries) can run
// without end whatever the service answers. Retries count: they are requests too.
import { ReconError } from '../shared/errors.ts';
import type { PaymentsApi } from '../api/index.ts';
import type { BudgetReason } from '../shared/locale/error-params-run.ts';

export interface BudgetedApi extends PaymentsApi {
  /** Sets the most requests the run may have sent in all, and why (for the message). */
  allow(requests: number, why: BudgetReason): void;
}

export function budgetedApi(api: PaymentsApi, initial: number, why: BudgetReason): BudgetedApi {
  const start = api.counters().requests;
  let allowed = initial;
  let reason = why;
  const check = () => {
    const sent = api.counters().requests - start;
    if (sent > allowed) {
      throw new ReconError('api_http', { id: 'syncBudget', sent, allowed, reason });
    }
  };
  return {
    async listTransactionsPage(query, page, options) {
      check();
      return api.listTransactionsPage(query, page, options);
    },
    async listOperationsPage(query, page, options) {
      check();
      return api.listOperationsPage(query, page, options);
    },
    async listInstallments(netValueCents, brand) {
      check();
      return api.listInstallments(netValueCents, brand);
    },
    counters: () => api.counters(),
    allow(requests, why) {
      allowed = requests;
      reason = why;
    },
  };
}
