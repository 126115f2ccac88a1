// The night's report step: which folder, locale, dialect and contract the workbooks and CSVs follow,
// derived from the config in one place, so the nightly and a re-reconcile (`recon reconcile`) write
// the same files for the same findings.
import { join } from 'node:path';
import type { DuckDBConnection } from '@duckdb/node-api';
import type { ReconConfig } from '../src/config/schema.ts';
import { checksOffOf, writeReports, type OpenWorkbook, type WriteReportsRequest, type WriteReportsResult } from '../src/report/index.ts';
import type { ReportDefinition } from '../src/report/types.ts';
import type { BusinessDay } from '../src/shared/business-day.ts';
import type { Logger } from '../src/shared/log.ts';
import { isMonthsLastNight } from '../src/shared/close-month.ts';
import { REPORTS } from '../reports/index.ts';
import { monthClose } from '../reports/month-close.ts';

type ReportDeps = { db: Pick<DuckDBConnection, 'prepare' | 'runAndReadAll'>; logger: Logger; openWorkbook?: OpenWorkbook | undefined };

/** The night's report folder: <reports.outDir>/<date>. */
export function reportDirFor(config: ReconConfig, date: string): string {
  return join(config.reports.outDir, date);
}

/** Everything of a report request but what is written and from which run. */
export function reportRequestFor(config: ReconConfig, day: BusinessDay): Omit<WriteReportsRequest, 'runId' | 'definitions'> {
  return {
    day,
    outDir: config.reports.outDir,
    maskDocuments: config.reports.maskDocuments,
    csvDialect: config.reports.csvDialect,
    locale: config.reports.locale,
    fileMode: config.reports.fileMode,
    settlement: config.settlement,
    checksOff: checksOffOf(config),
  };
}

/** The reports a night writes: every report of reports/index.ts, and on a month's last night the month's close too. */
export function nightReportDefinitions(date: string): readonly ReportDefinition[] {
  return isMonthsLastNight(date) ? [...REPORTS, monthClose] : REPORTS;
}

/**
 * Writes the night's reports of one reconcile run (nightReportDefinitions unless others are named: the
 * month's close on its last night, so finance has it the morning the month ends).
 * The triage TEMP table the night's triage step loaded must be on this connection.
 */
export function writeNightReports(
  deps: ReportDeps,
  config: ReconConfig,
  night: { day: BusinessDay; runId?: string | undefined; definitions?: readonly ReportDefinition[] | undefined },
): Promise<WriteReportsResult> {
  return writeReports(deps, {
    ...reportRequestFor(config, night.day),
    runId: night.runId,
    definitions: night.definitions ?? nightReportDefinitions(night.day.date),
  });
}

/** Writes the month's close of the month to night `upTo` (`recon close --month`) into that night's folder. */
export function writeMonthClose(deps: ReportDeps, config: ReconConfig, upTo: BusinessDay): Promise<WriteReportsResult> {
  return writeReports(deps, { ...reportRequestFor(config, upTo), definitions: [monthClose] });
}
