// The findings the CLI and the page triage: the latest reconcile run of the latest night, read from the
// warehouse opened read-only for this read only; while a night holds the warehouse, the snapshot the
// last night wrote beside the journal (said so to the caller, as the page says it shows the reports
// folder then). A caller that holds the warehouse open itself passes its connection, which is read instead.
import type { DuckDBConnection } from '@duckdb/node-api';
import { isReconError, ReconError } from '../shared/errors.ts';
import type { WarehouseResources } from '../warehouse/memory-limit.ts';
import { openWarehouse } from '../warehouse/open.ts';
import { LATEST_FINDINGS_SQL, findingRowOf, type FindingRow } from './finding-rows.ts';
import { readSnapshot, snapshotPathFor } from './snapshot.ts';

export interface CurrentFindings {
  rows: FindingRow[];
  /** The night the rows are of; undefined when the warehouse has no reconcile run yet. */
  night: string | undefined;
  /**
   * Set when the rows come from the snapshot because a job holds the warehouse: the night the snapshot
   * is of (the words are the CLI's, in the locale).
   */
  busyNight: string | undefined;
}

/** What the rows are read through when the caller already holds the warehouse open (a script between nights). */
export type FindingsReader = Pick<DuckDBConnection, 'runAndReadAll'>;

export async function readCurrentFindings(warehousePath: string, resources?: WarehouseResources, held?: FindingsReader): Promise<CurrentFindings> {
  if (held !== undefined) return rowsThrough(held);
  let warehouse;
  try {
    warehouse = await openWarehouse(warehousePath, { readOnly: true, resources });
  } catch (error) {
    if (!isReconError(error, 'locked')) throw error;
    const snapshot = readSnapshot(snapshotPathFor(warehousePath));
    if (snapshot === undefined) {
      // A locked error always says why; one without a sentence (an internal one) goes on as it is.
      if (error.sentence === undefined) throw error;
      throw new ReconError('locked', { id: 'lockedNoSnapshot', held: error.sentence }, { cause: error });
    }
    return {
      rows: snapshot.rows,
      night: snapshot.night,
      busyNight: snapshot.night,
    };
  }
  try {
    return await rowsThrough(warehouse.connection);
  } finally {
    warehouse.close();
  }
}

async function rowsThrough(db: FindingsReader): Promise<CurrentFindings> {
  const reader = await db.runAndReadAll(LATEST_FINDINGS_SQL);
  const rows = (reader.getRowObjects() as Record<string, unknown>[]).map(findingRowOf);
  return { rows, night: rows[0]?.businessDate, busyNight: undefined };
}
