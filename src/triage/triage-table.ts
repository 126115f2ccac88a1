// The night's triage as a TEMP table of the nightly's connection, so the reports (plain SQL) can join it:
// the journal lives outside the warehouse, and a TEMP table is the one thing a writer can add for the
// length of a night without a migration. A report that runs without the nightly (tests, a future
// command) gets an empty view of that name from TRIAGE_TABLE_SETUP (a view: nothing to drop afterwards).
import type { DuckDBConnection } from '@duckdb/node-api';
import type { TriageView } from './fold.ts';

export const TRIAGE_TABLE = 'temp.main.finding_triage';

const COLUMNS = `finding_key VARCHAR PRIMARY KEY, triage_state VARCHAR NOT NULL, assignee VARCHAR, triage_note VARCHAR,
  noted_by VARCHAR, triage_since VARCHAR, triage_changed VARCHAR, due_date VARCHAR, overdue BOOLEAN NOT NULL`;

/** An empty stand-in of the same columns, unless the night already loaded its table. */
export const TRIAGE_TABLE_SETUP = `CREATE TEMP VIEW IF NOT EXISTS finding_triage AS
SELECT NULL::VARCHAR AS finding_key, NULL::VARCHAR AS triage_state, NULL::VARCHAR AS assignee, NULL::VARCHAR AS triage_note,
  NULL::VARCHAR AS noted_by, NULL::VARCHAR AS triage_since, NULL::VARCHAR AS triage_changed, NULL::VARCHAR AS due_date,
  NULL::BOOLEAN AS overdue
WHERE false`;

export async function loadTriageTable(db: Pick<DuckDBConnection, 'run' | 'runAndReadAll' | 'createAppender'>, views: readonly TriageView[]): Promise<void> {
  // An earlier report on this connection may have left the empty stand-in (DROP VIEW IF EXISTS fails on a table).
  const standIn = await db.runAndReadAll(`SELECT 1 FROM duckdb_views() WHERE temporary AND view_name = 'finding_triage'`);
  if (standIn.currentRowCount > 0) await db.run('DROP VIEW temp.main.finding_triage');
  await db.run(`CREATE OR REPLACE TEMP TABLE finding_triage (${COLUMNS})`);
  const appender = await db.createAppender('finding_triage', 'main', 'temp');
  try {
    const text = (v: string | null) => (v === null ? appender.appendNull() : appender.appendVarchar(v));
    for (const v of views) {
      appender.appendVarchar(v.key);
      appender.appendVarchar(v.state);
      text(v.assignee);
      text(v.note);
      text(v.noteBy);
      text(v.since);
      text(v.changed);
      text(v.dueDate);
      appender.appendBoolean(v.overdue);
      appender.endRow();
    }
    appender.flushSync();
  } finally {
    appender.closeSync();
  }
}
