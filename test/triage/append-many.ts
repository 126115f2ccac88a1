// Run by the journal test in several processes at once (node bin/run-ts.js): appends N events to the
// journal given, each its own write, as the page and the CLI do while the nightly reads.
import { appendEvents } from '../../src/triage/journal.ts';

const [journal, who, count] = process.argv.slice(2);
for (let i = 0; i < Number(count); i++) {
  appendEvents(journal!, [{ by: who!, via: 'cli', action: 'note', key: `k:${i % 7}`, note: `${who} note ${i} ${'x'.repeat(i % 900)}` }], { nowMs: Date.now() });
}
