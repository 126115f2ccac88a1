// The only way the server touches the reports folder. A request names a night and a file; both must
// match the known shapes (a real calendar date, a report of the registry with .xlsx/.csv, or
// summary.json), the resolved path must stay inside the folder after following links, and the file
// itself is opened without following a symlink. Anything else is "not found", never an error page
// that echoes a path.
import { constants, type Stats } from 'node:fs';
import { lstat, open, realpath, type FileHandle } from 'node:fs/promises';
import { join, resolve, sep } from 'node:path';
import { DateTime } from 'luxon';

const REPORT_EXTENSIONS = ['xlsx', 'csv'] as const;
type ReportExtension = (typeof REPORT_EXTENSIONS)[number];

const CONTENT_TYPES: Record<ReportExtension | 'json', string> = {
  xlsx: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
  csv: 'text/csv; charset=utf-8',
  json: 'application/json; charset=utf-8',
};

/** What the page shows of the report definitions; the CLI builds it from reports/ and passes it in. */
export interface ReportCatalog {
  /** Base names of the files a night may hold, in display order (discrepancies, refunds, ...). */
  reportNames: readonly string[];
  /** The workbook sheet queries of what the night kept out (they take $date). */
  keptOutOrdersSql: string;
  syncRejectsSql: string;
}

export function isNightDate(text: string): boolean {
  return /^\d{4}-\d{2}-\d{2}$/.test(text) && DateTime.fromISO(text, { zone: 'UTC' }).isValid;
}

/**
 * Every file name a night may serve, in display order: each report's xlsx and csv, and the `br` copy of
 * its CSV that a night under pt-BR writes beside an RFC 4180 one (`<name>.br.csv`), then summary.json.
 */
export function knownFileNames(names: readonly string[]): string[] {
  return [...names.flatMap((n) => [...REPORT_EXTENSIONS.map((ext) => `${n}.${ext}`), `${n}.br.csv`]), 'summary.json'];
}

export function contentTypeOf(fileName: string): string {
  const ext = fileName.slice(fileName.lastIndexOf('.') + 1);
  return CONTENT_TYPES[ext as ReportExtension | 'json'] ?? 'application/octet-stream';
}

/** `discrepancies.xlsx` of 2026-03-10 downloads as `discrepancies-2026-03-10.xlsx` (`.br.csv` as `-2026-03-10.br.csv`). */
export function downloadNameOf(date: string, fileName: string): string {
  const dot = fileName.indexOf('.');
  return `${fileName.slice(0, dot)}-${date}${fileName.slice(dot)}`;
}

export interface OpenedReportFile {
  handle: FileHandle;
  stats: Stats;
}

/**
 * Opens `<reportsDir>/<date>/<fileName>` for reading, or returns undefined when the request is not a
 * known file that really lives inside the reports folder. The caller closes the handle.
 */
export async function openReportFile(reportsDir: string, date: string, fileName: string, names: readonly string[]): Promise<OpenedReportFile | undefined> {
  if (!isNightDate(date) || !knownFileNames(names).includes(fileName)) return undefined;
  const nightDir = await realNightDir(reportsDir, date);
  if (nightDir === undefined) return undefined;
  let handle: FileHandle;
  try {
    // O_NOFOLLOW: a symlink planted as the file itself is refused by the kernel, with no race.
    handle = await open(join(nightDir, fileName), constants.O_RDONLY | constants.O_NOFOLLOW);
  } catch {
    return undefined;
  }
  try {
    const stats = await handle.stat();
    if (!stats.isFile()) {
      await handle.close();
      return undefined;
    }
    return { handle, stats };
  } catch (error) {
    await handle.close();
    throw error;
  }
}

/** The night's folder when it is a real directory (not a link) inside the reports folder. */
export async function realNightDir(reportsDir: string, date: string): Promise<string | undefined> {
  if (!isNightDate(date)) return undefined;
  try {
    const root = await realpath(resolve(reportsDir));
    const candidate = resolve(root, date);
    if (!candidate.startsWith(root + sep)) return undefined;
    const stats = await lstat(candidate);
    if (!stats.isDirectory()) return undefined;
    const real = await realpath(candidate);
    return real.startsWith(root + sep) ? real : undefined;
  } catch {
    return undefined;
  }
}

/** The known files present in a night's folder (regular files only), in display order. */
export async function filesOfNight(reportsDir: string, date: string, names: readonly string[]): Promise<string[]> {
  const dir = await realNightDir(reportsDir, date);
  if (dir === undefined) return [];
  const present: string[] = [];
  for (const name of knownFileNames(names)) {
    try {
      if ((await lstat(join(dir, name))).isFile()) present.push(name);
    } catch {
      // absent: not listed
    }
  }
  return present;
}
