// The sandbox finance team's morning (src/sandbox/finance-acts.ts) after a night, through the triage path
// `recon findings accept --category C --older-than Nd --yes --reason R` runs: the current findings with
// the journal folded (listFindings), the filter's targets, which skip the resolved and the accepted
// (actionTargets), and one journal event per finding (recordAction). Nothing else writes: the next night
// folds the journal as it would a person's acceptances. The findings are read through the caller's own
// connection (scripts/sandbox-list-size.ts holds the warehouse between nights): closing it for the CLI's
// read-only open and opening it again cost a checkpoint and two opens a night, a second of each.
import type { ReconConfig } from '../src/config/schema.ts';
import { SANDBOX_FINANCE_ACCEPTANCES, SANDBOX_FINANCE_ACTOR, type FinanceAcceptance } from '../src/sandbox/index.ts';
import type { Clock } from '../src/shared/clock.ts';
import { listFindings, recordAction, type TriageContext } from '../src/triage/actions.ts';
import type { FindingsReader } from '../src/triage/current-findings.ts';
import { actionTargets } from '../src/triage/filter.ts';
import { journalBoundsOf } from '../src/triage/journal-read.ts';

/** The context `recon findings` builds from a config, at the caller's clock, reading through the caller's connection. */
export function triageContextOf(config: ReconConfig, clock: Clock, held: FindingsReader): TriageContext {
  return {
    held,
    warehousePath: config.warehouse.path,
    resources: config.warehouse,
    fileMode: config.warehouse.fileMode,
    zone: config.timezone,
    slaDays: config.reconcile.slaDays,
    clock,
    journal: journalBoundsOf(config.triage),
  };
}

/**
 * Accepts what the policy says of the current findings; returns how many acceptances were written. One
 * read serves every act: each takes a category of its own, so no act changes what another one targets.
 */
export async function actAsSandboxFinance(ctx: TriageContext, policy: readonly FinanceAcceptance[] = SANDBOX_FINANCE_ACCEPTANCES): Promise<number> {
  const listing = await listFindings(ctx);
  let written = 0;
  for (const act of policy) {
    const keys = actionTargets(listing.items, { category: act.category, olderThanDays: act.olderThanDays }, 'accept').map((i) => i.row.key);
    if (keys.length === 0) continue;
    const events = await recordAction(ctx, { action: 'accept', keys, by: SANDBOX_FINANCE_ACTOR, via: 'cli', note: act.reason }, listing.items);
    written += events.length;
  }
  return written;
}
