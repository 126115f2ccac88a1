// What a statement reader gives back: the statement, where each of its lines starts in the file, and
// the lines it kept out (a bad date, a bad amount) with the reason, like order imports' rejected rows.
import type { KeptOut } from '../shared/locale/kept-out-text.ts';
import type { Statement, StatementFormat } from './statement.ts';

/** A line kept out: its English reason (the stored `reason`) and the facts it is written from. */
export interface StatementRejection extends KeptOut {
  line: number;
  value: string | undefined;
}

export interface ReadStatement {
  format: StatementFormat;
  statement: Statement;
  /** lineNumbers[i] is the file line statement.lines[i] starts on. */
  lineNumbers: number[];
  rejected: StatementRejection[];
}
