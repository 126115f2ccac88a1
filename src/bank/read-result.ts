// What a statement reader gives back: the statement, where each of its lines starts in the file, and
// the lines it kept out (a bad date, a bad amount) with the reason, like order imports' rejected rows.
import type { Statement, StatementFormat } from './statement.ts';

export interface StatementRejection {
  line: number;
  reason: string;
  value: string | undefined;
}

export interface ReadStatement {
  format: StatementFormat;
  statement: Statement;
  /** lineNumbers[i] is the file line statement.lines[i] starts on. */
  lineNumbers: number[];
  rejected: StatementRejection[];
}
