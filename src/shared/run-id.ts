// Run identifiers: sortable by start time, unique across concurrent processes.
import { randomBytes } from 'node:crypto';

export function newRunId(kind: string, nowMs: number): string {
  const stamp = new Date(nowMs).toISOString().replace(/[-:]/g, '').replace('.', '').replace('Z', 'Z');
  return `${kind}-${stamp}-${randomBytes(3).toString('hex')}`;
}
