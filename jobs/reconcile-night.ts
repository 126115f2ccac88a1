// One night's checks, the same for the nightly job and for `recon reconcile`: the reconcile run (orders
// with payments, the fee check, the notification checks, the bank check) and the triage fold of the
// journal onto its findings. The request is derived from the config here and nowhere else, so a night
// reconciled again over the same data gives the same findings (category, key, state).
import type { DuckDBConnection } from '@duckdb/node-api';
import type { ReconConfig } from '../src/config/schema.ts';
import { reconcileDay, type ReconcileRequest, type ReconcileResult } from '../src/reconcile/reconcile.ts';
import type { BusinessDay } from '../src/shared/business-day.ts';
import type { Clock } from '../src/shared/clock.ts';
import type { Logger } from '../src/shared/log.ts';
import { newRunId } from '../src/shared/run-id.ts';
import { triageNight, type NightTriage } from '../src/triage/night.ts';
import { journalBoundsOf } from '../src/triage/journal-read.ts';

export interface ReconcileNightDeps {
  db: Pick<DuckDBConnection, 'run' | 'runAndReadAll' | 'prepare' | 'createAppender'>;
  clock: Clock;
  logger: Logger;
}

/** How the caller times and follows the steps (the nightly records each step's seconds in summary.json). */
export interface ReconcileNightHooks {
  step?: <T>(name: 'reconcile' | 'triage', work: () => Promise<T>) => Promise<T>;
  /** Called once the reconcile run and its findings are committed, before the triage fold. */
  reconciled?: (result: ReconcileResult) => void;
}

export interface ReconciledNight {
  reconcile: ReconcileResult;
  triage: NightTriage;
}

/** Every check the config turns on, for one night: the one place a reconcile request is made. */
export function reconcileRequestFor(config: ReconConfig, day: BusinessDay, runId: string): ReconcileRequest {
  return {
    runId,
    day,
    fees: config.fees,
    notifications: config.notifications,
    bank: { ...config.bank, zone: config.timezone },
  };
}

/**
 * Reconciles the night (a new reconcile run; its lifecycle carries from the latest run of an earlier
 * night) and folds the triage journal onto its findings, loading the TEMP table the reports join.
 * The fee check reads the prices the night's snapshot stored and the bank check the statements already
 * imported: nothing here sends a request.
 */
export async function reconcileNight(
  deps: ReconcileNightDeps,
  night: { day: BusinessDay },
  config: ReconConfig,
  hooks: ReconcileNightHooks = {},
): Promise<ReconciledNight> {
  const step = hooks.step ?? ((_name, work) => work());
  const { day } = night;
  const reconcile = await step('reconcile', () =>
    reconcileDay(deps, reconcileRequestFor(config, day, newRunId('reconcile', deps.clock.now())), config.reconcile),
  );
  hooks.reconciled?.(reconcile);
  // The journal's notes and acknowledgements, folded onto the night's findings for the reports to join.
  const triage = await step('triage', () =>
    triageNight(deps, {
      runId: reconcile.runId,
      day,
      fileMode: config.warehouse.fileMode,
      slaDays: config.reconcile.slaDays,
      journal: journalBoundsOf(config.triage),
    }),
  );
  return { reconcile, triage };
}
