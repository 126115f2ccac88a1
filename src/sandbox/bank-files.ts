// The sandbox merchant's bank statements as its bank would let it download them: for each night D, the
// statement from the history's first day through D ("extrato do período"), as OFX 1.x (windows-1252,
// what the built-in `--sandbox` night imports through bank.statementPath) and as CNAB 240 (the same
// lines, for trying `recon import` on the other format). Every night's file repeats the earlier days'
// lines, so a first night on an empty warehouse gets the whole history and the later ones add only
// their new day: the repeated lines are known by their FITID.
import { mkdir, writeFile } from 'node:fs/promises';
import { formatCnab240 } from '../bank/write-cnab240.ts';
import { formatOfx1, type Ofx1Options } from '../bank/write-ofx.ts';
import { ReconError } from '../shared/errors.ts';
import { statementOfDays } from './bank-statement.ts';
import { sandboxStatementPath } from './config-facts.ts';
import type { SandboxBank } from './model.ts';

export interface StatementFilesOptions {
  /** The history's first day: where every statement starts. */
  from: string;
  /** The nights to write a statement for. */
  dates: readonly string[];
  /** How the OFX files are written (the tests make a header lie about the charset). */
  ofx?: Ofx1Options | ((date: string) => Ofx1Options);
}

export async function writeStatementFiles(bank: SandboxBank, dir: string, options: StatementFilesOptions): Promise<void> {
  try {
    await mkdir(dir, { recursive: true });
    for (const date of options.dates) {
      const statement = statementOfDays(bank, options.from, date);
      const ofx = typeof options.ofx === 'function' ? options.ofx(date) : options.ofx;
      await writeFile(sandboxStatementPath(dir, 'ofx', date), formatOfx1(statement, ofx));
      await writeFile(sandboxStatementPath(dir, 'ret', date), formatCnab240(statement));
    }
  } catch (error) {
    throw new ReconError('report', { id: 'sandboxFileWrite', what: 'statements', path: dir, said: (error as Error).message }, { cause: error });
  }
}
