// The night page's download of every installment of the night's cash forecast horizon: the lines the
// forecast report's per-day figures add up (forecast_lines), which the nightly's forecast.csv holds only
// for the nearest days. Written on request by DuckDB (COPY, the reports' formula guard and dialect)
// into a private temporary folder while the warehouse is open read-only, then streamed and removed:
// DuckDB spills what it sorts and the file is sent in chunks, so the server's memory does not grow with
// the horizon (settlement.horizonDays bounds the lines). One download is written at a time, a HEAD
// writes nothing, and a client that goes away stops the COPY: the read lock is never held for no one,
// and the nightly job waits for it only warehouse.lockWaitSeconds.
import { mkdtemp, open, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { ServerResponse } from 'node:http';
import { ALL_FORECAST_LINES_SQL, FORECAST_LINE_COLUMNS, FORECAST_LINES_FILE } from '../report/forecast-lines.ts';
import { settlementParams } from '../forecast/receivables-sql.ts';
import { copyCsv } from '../report/csv-copy.ts';
import { dateParam } from '../warehouse/sql.ts';
import type { SiteContext } from './handlers.ts';
import { downloadNameOf, realNightDir } from './report-files.ts';
import { sendFile, type SendOutcome } from './send-file.ts';

/**
 * What became of a request for the lines: sent (whole or cut short by the client), no such night, or
 * answered with a refusal (503: a job holds the warehouse, or another download is being written; 500:
 * it could not be written, `said` being why, for the server's log only).
 */
export type LinesOutcome = SendOutcome | 'not_found' | 'refused' | { failed: string };

/** The servers writing a download right now: one at a time each. */
const writing = new WeakSet<SiteContext>();

/**
 * Writes and streams `forecast-lines[.br].csv` of the night `date`: the people's copy (`br`, the
 * workbook's headers) under pt-BR, the machine CSV of reports.csvDialect otherwise, as the page's
 * other CSV links.
 */
export async function serveForecastLines(site: SiteContext, request: { date: string; method: string }, res: ServerResponse): Promise<LinesOutcome> {
  const { date } = request;
  if ((await realNightDir(site.reportsDir, date)) === undefined) return 'not_found';
  const f = site.messages.page.forecast;
  const people = site.messages.fmt.locale === 'pt-BR';
  const headers = {
    'Content-Type': 'text/csv; charset=utf-8',
    // A validated calendar date and a fixed name: nothing to quote.
    'Content-Disposition': `attachment; filename="${downloadNameOf(date, people ? FORECAST_LINES_FILE.replace(/\.csv$/, '.br.csv') : FORECAST_LINES_FILE)}"`,
  };
  if (request.method === 'HEAD') {
    res.writeHead(200, headers);
    res.end();
    return 'complete';
  }
  if (writing.has(site)) return refuse(res, 503, f.linesWriting);
  writing.add(site);
  let folder: string | undefined;
  try {
    folder = await mkdtemp(join(tmpdir(), 'recon-forecast-lines-'));
    const path = join(folder, 'lines.csv');
    let written: Awaited<ReturnType<SiteContext['warehouse']['read']>>;
    try {
      written = await site.warehouse.read(async (db) => {
        // Gone while waiting for the warehouse, or while DuckDB writes: nothing more to do for it.
        if (res.destroyed) return false;
        const stop = () => db.interrupt();
        res.once('close', stop);
        try {
          await copyCsv(db, {
            sql: ALL_FORECAST_LINES_SQL,
            params: { date: dateParam(date), tz: site.zone, ...settlementParams(site.settlement) },
            columns: FORECAST_LINE_COLUMNS,
            options: {
              dialect: people ? 'br' : site.csvDialect,
              maskDocuments: site.maskDocuments,
              timezone: site.zone,
              ...(people ? { people: site.messages } : {}),
            },
            path,
            mode: 0o600,
            label: { report: 'forecast', sheet: 'forecast-lines' },
          });
        } finally {
          res.off('close', stop);
        }
        return true;
      });
    } catch (cause) {
      if (res.destroyed) return 'aborted';
      refuse(res, 500, f.linesFailed);
      return { failed: (cause as Error).message };
    }
    if (!written.ok) {
      if (written.busy) return refuse(res, 503, f.linesBusy);
      refuse(res, 500, f.linesFailed);
      return { failed: written.detail };
    }
    if (written.value === false || res.destroyed) return 'aborted';
    const handle = await open(path, 'r');
    try {
      const { size } = await handle.stat();
      res.writeHead(200, { ...headers, 'Content-Length': String(size) });
      return await sendFile(handle, res, size);
    } finally {
      await handle.close();
    }
  } finally {
    writing.delete(site);
    if (folder !== undefined) await rm(folder, { recursive: true, force: true });
  }
}

/** A plain-text refusal in the page's words (503s say when to try again). */
function refuse(res: ServerResponse, status: 500 | 503, text: string): 'refused' {
  res.writeHead(status, { 'Content-Type': 'text/plain; charset=utf-8', ...(status === 503 ? { 'Retry-After': '60' } : {}) });
  res.end(`${text}\n`);
  return 'refused';
}
