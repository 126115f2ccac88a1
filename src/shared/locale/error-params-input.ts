// The values of the errors of the files recon reads: order exports, bank statements, the raw pages of a
// replay, and the triage journal's lines (code input). Each id's sentences are in errors-input-*.ts.

export type InputErrorParams = Record<never, never>;
