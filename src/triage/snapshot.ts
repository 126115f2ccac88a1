// The last night's findings, beside the journal (<warehouse>.triage/findings.json): what the CLI and the
// page read when the nightly holds the warehouse (DuckDB refuses even a read-only open then). Written by
// the nightly once it has reconciled, to a temporary name and renamed, so a reader sees a whole file. Not
// fsynced: it is a copy of what the warehouse holds, rewritten every night (a crash costs nothing).
import { readFileSync, renameSync, statSync } from 'node:fs';
import { writeExclusiveFile } from '../shared/exclusive-file.ts';
import { join } from 'node:path';
import { ReconError } from '../shared/errors.ts';
import { REASON_FACTS } from '../shared/locale/reason-types.ts';
import type { FindingRow } from './finding-rows.ts';
import { triageDirFor } from './journal.ts';

/**
 * The snapshot is recon's own file, but it is read from outside the process: bounded all the same, and
 * within Node's share of the memory budget (warehouse.memoryLimit keeps 384 MB for Node): about 250,000
 * findings.
 */
const MAX_SNAPSHOT_BYTES = 128 * 1024 * 1024;

export interface FindingsSnapshot {
  night: string;
  runId: string;
  rows: FindingRow[];
}

export function snapshotPathFor(warehousePath: string): string {
  return join(triageDirFor(warehousePath), 'findings.json');
}

const CENTS = ['orderAmountCents', 'paymentAmountCents', 'differenceCents'] as const;

export function writeSnapshot(path: string, snapshot: FindingsSnapshot, fileMode: string): void {
  const partial = `${path}.partial`;
  const body = JSON.stringify(snapshot, (_key, value: unknown) => (typeof value === 'bigint' ? value.toString() : value));
  writeExclusiveFile(partial, body, parseInt(fileMode, 8));
  renameSync(partial, path);
}

/** The snapshot, or undefined when no night has written one yet. */
export function readSnapshot(path: string): FindingsSnapshot | undefined {
  const size = statSync(path, { throwIfNoEntry: false })?.size;
  if (size === undefined) return undefined;
  if (size > MAX_SNAPSHOT_BYTES) throw new ReconError('internal', { id: 'snapshotTooBig', path, bytes: size, maxBytes: MAX_SNAPSHOT_BYTES });
  try {
    const parsed = JSON.parse(readFileSync(path, 'utf8')) as FindingsSnapshot;
    for (const row of parsed.rows) {
      for (const c of CENTS) row[c] = row[c] === null ? null : BigInt(row[c] as unknown as string);
      // Facts of an older snapshot (or none) leave the stored sentence to be shown.
      row.facts = REASON_FACTS.safeParse(row.facts ?? null).data ?? null;
    }
    return parsed;
  } catch (cause) {
    throw new ReconError('internal', { id: 'snapshotUnreadable', path, said: (cause as Error).message }, { cause });
  }
}
