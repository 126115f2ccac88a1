// The values of the errors of a run: the payments service and the sync, the warehouse, the reports, a
// held warehouse and a stopped backfill. Each id's sentences are in errors-run-*.ts.

export type RunErrorParams = Record<never, never>;
