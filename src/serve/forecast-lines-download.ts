// The night page's download of every installment of the night's cash forecast horizon: the lines the
// forecast report's per-day figures add up (forecast_lines), which the nightly's forecast.csv holds only
// for the nearest days. Written on request by DuckDB (COPY, the reports' formula guard and dialect)
// into a private temporary folder while the warehouse is open read-only, then streamed and removed:
// DuckDB spills what it sorts and the file is sent in chunks, so neither the server's memory nor the
// warehouse's read lock grows with the horizon beyond the COPY itself (settlement.horizonDays bounds the
// lines).
import { mkdtemp, open, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { ServerResponse } from 'node:http';
import { ALL_FORECAST_LINES_SQL, FORECAST_LINE_COLUMNS } from '../forecast/forecast-lines.ts';
import { settlementParams } from '../forecast/receivables-sql.ts';
import { copyCsv } from '../report/csv-copy.ts';
import { dateParam } from '../warehouse/sql.ts';
import type { SiteContext } from './handlers.ts';
import { downloadNameOf, realNightDir } from './report-files.ts';
import { sendFile, type SendOutcome } from './send-file.ts';
import { warehouseNoticeOf } from './warehouse-reads.ts';

/** What became of a request for the lines: sent (whole or cut short by the client), no such night, or the warehouse busy. */
export type LinesOutcome = SendOutcome | 'not_found' | 'unavailable';

/**
 * Writes and streams `forecast-lines[.br].csv` of the night `date`: the people's copy (`br`, the
 * workbook's headers) under pt-BR, the machine CSV of reports.csvDialect otherwise, as the page's
 * other CSV links. `unavailable` (503, said in plain text) when a job holds the warehouse.
 */
export async function serveForecastLines(site: SiteContext, date: string, res: ServerResponse): Promise<LinesOutcome> {
  if ((await realNightDir(site.reportsDir, date)) === undefined) return 'not_found';
  const people = site.messages.fmt.locale === 'pt-BR';
  const folder = await mkdtemp(join(tmpdir(), 'recon-forecast-lines-'));
  try {
    const path = join(folder, 'lines.csv');
    const written = await site.warehouse.read((db) =>
      copyCsv(db, {
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
      }),
    );
    if (!written.ok) {
      const text = warehouseNoticeOf(written, site.messages.page.warehouse, site.messages.fmt.locale);
      res.writeHead(503, { 'Content-Type': 'text/plain; charset=utf-8', 'Retry-After': '60' });
      res.end(`${text}\n`);
      return 'unavailable';
    }
    const handle = await open(path, 'r');
    try {
      const { size } = await handle.stat();
      const name = people ? 'forecast-lines.br.csv' : 'forecast-lines.csv';
      res.writeHead(200, {
        'Content-Type': 'text/csv; charset=utf-8',
        'Content-Length': String(size),
        // A validated calendar date and a fixed name: nothing to quote.
        'Content-Disposition': `attachment; filename="${downloadNameOf(date, name)}"`,
      });
      return await sendFile(handle, res, size);
    } finally {
      await handle.close();
    }
  } finally {
    await rm(folder, { recursive: true, force: true });
  }
}
