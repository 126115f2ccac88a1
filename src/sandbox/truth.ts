// The ground truth file: every injected discrepancy with its category, key and the business day whose
// nightly reconciliation first reports it, so that tests can score a reconciliation exactly.
import { writeFile } from 'node:fs/promises';
import { ReconError } from '../shared/errors.ts';
import type { SandboxHistory, TruthEntry } from './model.ts';

export interface GroundTruth {
  seed: number;
  days: number;
  perDay: number;
  endDate: string;
  timezone: string;
  discrepancies: TruthEntry[];
}

export function groundTruthOf(history: SandboxHistory): GroundTruth {
  return {
    seed: history.seed,
    days: history.days,
    perDay: history.perDay,
    endDate: history.endDate,
    timezone: history.timezone,
    discrepancies: history.discrepancies,
  };
}

export async function writeGroundTruth(history: SandboxHistory, path: string): Promise<void> {
  try {
    await writeFile(path, `${JSON.stringify(groundTruthOf(history), null, 2)}\n`);
  } catch (error) {
    throw new ReconError('report', { id: 'sandboxFileWrite', what: 'truth', path, said: (error as Error).message }, { cause: error });
  }
}
