// The built-in sandbox's bank statements for a `--sandbox` night: the merchant account's statement of
// every history day up to the night, put into the warehouse as an import would (loading a day again
// adds nothing). Stands in for the import of the statement files until the sandbox writes them.
import { loadStatementLines } from '../src/bank/load-statement.ts';
import { statementOfDay } from '../src/sandbox/index.ts';
import type { NightlyDeps } from './nightly.ts';
import type { EmbeddedSandbox } from './sandbox-default.ts';

export async function loadSandboxStatements(deps: Pick<NightlyDeps, 'db' | 'clock'>, sandbox: EmbeddedSandbox, upTo: string): Promise<number> {
  if (sandbox.bank === undefined) return 0;
  let lines = 0;
  for (const date of [...sandbox.exports.keys()].sort()) {
    if (date > upTo) break;
    lines += (await loadStatementLines(deps.db, sandbox.bank.accountId, statementOfDay(sandbox.bank, date), deps.clock.now())).linesLoaded;
  }
  return lines;
}
