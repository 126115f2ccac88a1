// The nights the page lists come from the reports folder alone (summary.json of each night), so the
// page works even while a nightly job holds the warehouse. A summary that does not parse is shown as
// such instead of breaking the page.
import { readdir } from 'node:fs/promises';
import { z } from 'zod';
import { closeSummarySchema } from './close-section.ts';
import { filesOfNight, isNightDate, openReportFile } from './report-files.ts';

const count = z.number().int().nonnegative();
const lifecycle = z.looseObject({ new: count, open: count, resolved: count });

const summarySchema = z.looseObject({
  run_id: z.string(),
  date: z.string(),
  timezone: z.string().optional(),
  outcome: z.string(),
  source: z.string().optional(),
  started_at: z.string(),
  finished_at: z.string(),
  window: z.looseObject({ start: z.string(), end: z.string() }).optional(),
  error: z.string().optional(),
  sync: z
    .looseObject({
      windows: count,
      pages: count,
      requests: count.optional(),
      retries: count.optional(),
      rows: z.looseObject({ new: count, changed: count, unchanged: count }),
      rejected: count.optional(),
      data_fresh_until: z.looseObject({ transactions: z.string(), operations: z.string() }).optional(),
    })
    .optional(),
  import: z
    .looseObject({ files: z.array(z.looseObject({ file: z.string(), rows_read: count, rows_loaded: count, rejected: count, conflicts: count.optional() })) })
    .optional(),
  findings: z
    .looseObject({
      totals: lifecycle,
      by_category: z.record(z.string(), lifecycle.extend({ amountCents: z.number().int() })),
      matches: z.looseObject({ exact: count, variance: count }).optional(),
      reconcile_run_id: z.string().optional(),
    })
    .optional(),
  /** The day's close (docs/close.md), absent on nights before it existed. */
  close: closeSummarySchema.optional(),
  reports: z.array(z.string()).optional(),
  /** The reports written as "check off" (jobs/summary.ts): which check, so the page says the same sentence. */
  reports_off: z.record(z.string(), z.looseObject({ check: z.string() })).optional(),
  timings: z.record(z.string(), z.number()).optional(),
  last_attempt: z.looseObject({ run_id: z.string(), at: z.string(), outcome: z.string(), error: z.string() }).optional(),
});

type NightSummaryView = z.infer<typeof summarySchema>;

export interface Night {
  date: string;
  summary?: NightSummaryView;
  /** Why summary.json could not be used, when it could not. */
  problem?: string;
  /** Known report files present in the night's folder. */
  files: string[];
}

const MAX_SUMMARY_BYTES = 4 * 1024 * 1024;

/** Dates of the night folders (real directories named YYYY-MM-DD), newest first; none when the folder is missing. */
export async function nightDates(reportsDir: string): Promise<string[]> {
  try {
    const entries = await readdir(reportsDir, { withFileTypes: true });
    return entries
      .filter((e) => e.isDirectory() && isNightDate(e.name))
      .map((e) => e.name)
      .sort()
      .reverse();
  } catch {
    return [];
  }
}

/**
 * The newest night a run wrote: its summary.json parses and is of that date. A folder is not a night
 * (a stray or future-dated `reports/2099-01-01/` has no such summary), so it never moves the home page's
 * charts off the real latest night.
 */
export function latestRunNight(nights: readonly Night[]): Night | undefined {
  return nights.find((n) => n.summary !== undefined && n.summary.date === n.date);
}

/** Nights found in the reports folder, newest first. */
export async function listNights(reportsDir: string, names: readonly string[]): Promise<Night[]> {
  return Promise.all((await nightDates(reportsDir)).map((date) => readNight(reportsDir, date, names)));
}

/** One night's summary and files; a night without a usable summary.json says why in `problem`. */
export async function readNight(reportsDir: string, date: string, names: readonly string[]): Promise<Night> {
  const files = await filesOfNight(reportsDir, date, names);
  const night: Night = { date, files: files.filter((f) => f !== 'summary.json') };
  const opened = await openReportFile(reportsDir, date, 'summary.json', names);
  if (!opened) return { ...night, problem: 'no summary.json (the night did not finish writing it)' };
  try {
    if (opened.stats.size > MAX_SUMMARY_BYTES) return { ...night, problem: `summary.json is ${opened.stats.size} bytes, more than expected` };
    const text = await opened.handle.readFile('utf8');
    const parsed = summarySchema.safeParse(JSON.parse(text));
    if (!parsed.success) return { ...night, problem: `summary.json does not have the expected shape (${parsed.error.issues[0]?.path.join('.') ?? '?'})` };
    return { ...night, summary: parsed.data };
  } catch (error) {
    return { ...night, problem: `summary.json is not valid JSON (${(error as Error).message})` };
  } finally {
    await opened.handle.close();
  }
}
