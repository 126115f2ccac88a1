// What each route answers: gathers the data (reports folder first, warehouse read-only and briefly)
// and hands it to the pure page renderers, or streams a report file as a download.
import type { ServerResponse } from 'node:http';
import { yesterdayIn } from '../shared/business-day.ts';
import { readMonthClose } from '../shared/close-month.ts';
import { FINDING_CATEGORIES } from '../shared/domain.ts';
import { readCloseResidue } from './close-section.ts';
import type { SettlementConfig } from '../config/schema.ts';
import type { CsvDialect } from '../report/types.ts';
import type { Clock } from '../shared/clock.ts';
import type { Messages } from '../shared/locale/index.ts';
import { refundWindow } from './chart-data.ts';
import { readBankLeg } from './bank-section.ts';
import { readForecast } from './forecast-section.ts';
import { latestRunNight, listNights, nightDates, readNight } from './nights.ts';
import { renderHome, type HomeData } from './page-home.ts';
import { renderNight, type NightData } from './page-night.ts';
import { findingsOfNight, keptOutOrdersOfNight, openChargebacks, refundsBetween, syncRejectsOfNight } from './queries.ts';
import { contentTypeOf, downloadNameOf, openReportFile, realNightDir, type ReportCatalog } from './report-files.ts';
import { sendFile, type SendOutcome } from './send-file.ts';
import { staticAsset } from './static-assets.ts';
import { warehouseNoticeOf, type WarehouseReader } from './warehouse-reads.ts';
import { isView } from './page-actions.ts';
import { readActionDone } from './action-done.ts';
import { findingsFromSnapshot, latestReconciledNight, triageOfNight, triageRowsOfRun, type TriageSource } from './page-triage.ts';
import type { TableTriage } from './triage-panel.ts';

export interface SiteContext {
  reportsDir: string;
  zone: string;
  maskDocuments: boolean;
  /** reports.csvDialect: the machine CSV's dialect, which the page's CSV written on request follows too. */
  csvDialect: CsvDialect;
  warehouse: WarehouseReader;
  clock: Clock;
  /** Most findings rows a night page carries (the workbook has them all). */
  findingsLimit: number;
  catalog: ReportCatalog;
  /** The words of the page (reports.locale). */
  messages: Messages;
  /** The card settlement contract the night's cash forecast follows. */
  settlement: SettlementConfig;
  /** Where the triage journal is and how its deadlines are judged. */
  triage: TriageSource;
}

/** Who asks for a page: the CSRF token of their session, the name they gave, the page's query. */
export interface Visitor {
  csrfToken: string;
  actor: string | undefined;
  query: URLSearchParams;
}

export type Respond = (status: number, contentType: string, body: string | Buffer, headers?: Record<string, string>) => void;

export async function serveHome(site: SiteContext, respond: Respond): Promise<void> {
  const nights = await listNights(site.reportsDir, site.catalog.reportNames);
  const refundsEndDate = latestRunNight(nights)?.date ?? yesterdayIn(site.zone, site.clock.now());
  const window = refundWindow(site.zone, refundsEndDate, 30);
  const read = await site.warehouse.read(async (db) => ({
    chargebacks: await openChargebacks(db),
    refunds: await refundsBetween(db, window.startMs, window.endMs),
  }));
  const data: HomeData = {
    messages: site.messages,
    nights,
    zone: site.zone,
    nowMs: site.clock.now(),
    refundsEndDate,
    warehouse: read.ok ? { ok: true, ...read.value } : { ok: false, reason: warehouseNoticeOf(read, site.messages.page.warehouse, site.messages.fmt.locale) },
  };
  respond(200, 'text/html; charset=utf-8', renderHome(data));
}

/** Returns false when the reports folder has no such night. */
export async function serveNight(site: SiteContext, date: string, visitor: Visitor, respond: Respond): Promise<boolean> {
  if ((await realNightDir(site.reportsDir, date)) === undefined) return false;
  const night = await readNight(site.reportsDir, date, site.catalog.reportNames);
  const dates = await nightDates(site.reportsDir);
  const index = dates.indexOf(date);
  const read = await site.warehouse.read(async (db) => {
    const findings = await findingsOfNight(db, {
      date,
      runId: night.summary?.findings?.reconcile_run_id,
      maskDocuments: site.maskDocuments,
      limit: site.findingsLimit,
    });
    return {
      findings,
      // Every finding of the run, not only the rows the table carries: the views count the whole night.
      triageRows: await triageRowsOfRun(db, findings.runId),
      keptOut: await keptOutOrdersOfNight(db, { date, limit: site.findingsLimit, sql: site.catalog.keptOutOrdersSql }),
      syncRejects: await syncRejectsOfNight(db, { date, limit: site.findingsLimit, sql: site.catalog.syncRejectsSql }),
      forecast: await readForecast(db, { date, zone: site.zone, settlement: site.settlement }),
      bank: await readBankLeg(db, { date, runId: night.summary?.findings?.reconcile_run_id }),
      monthClose: await readMonthClose(db, date),
      residue:
        night.summary?.findings?.reconcile_run_id === undefined
          ? undefined
          : await readCloseResidue(db, night.summary.findings.reconcile_run_id, site.findingsLimit),
      latestNight: await latestReconciledNight(db),
    };
  });
  // While a job holds the warehouse, the findings of the last night (the snapshot beside the journal)
  // still show with their triage: an action taken meanwhile shows at once.
  const fromSnapshot = !read.ok && read.busy ? findingsFromSnapshot(site.triage.warehousePath, date, site.findingsLimit) : undefined;
  const rows = read.ok ? read.value.findings : fromSnapshot?.table;
  const triageRows = read.ok ? read.value.triageRows : fromSnapshot?.all;
  let triage: TableTriage | undefined;
  if (rows !== undefined && triageRows !== undefined) {
    const view = visitor.query.get('view');
    const nightTriage = await triageOfNight(site.triage, triageRows);
    triage = {
      night: nightTriage,
      done: readActionDone(visitor.query, nightTriage.events),
      // Actions are taken on the current findings: those of the latest night the warehouse reconciled
      // (never merely the last folder: a stray future-dated one must not take the actions away), or of
      // the snapshot (the latest reconciled night) while a job writes the next one.
      actions: (read.ok ? read.value.latestNight === date : fromSnapshot !== undefined)
        ? { csrfToken: visitor.csrfToken, finding: visitor.query.get('finding') ?? undefined }
        : undefined,
      view: isView(view) ? view : undefined,
      actor: visitor.actor,
    };
  }
  const notice = read.ok ? undefined : warehouseNoticeOf(read, site.messages.page.warehouse, site.messages.fmt.locale);
  const data: NightData = {
    messages: site.messages,
    triage,
    night,
    zone: site.zone,
    previous: index >= 0 ? dates[index + 1] : undefined,
    next: index > 0 ? dates[index - 1] : undefined,
    findings: rows === undefined ? { ok: false, reason: notice ?? '' } : { ok: true, value: rows, notice },
    keptOut: read.ok ? read.value.keptOut : undefined,
    syncRejects: read.ok ? read.value.syncRejects : undefined,
    forecast: read.ok ? read.value.forecast : undefined,
    bank: read.ok ? read.value.bank : undefined,
    monthClose: read.ok ? read.value.monthClose : undefined,
    residue: read.ok ? read.value.residue : undefined,
    category: categoryOf(visitor.query.get('category')),
  };
  respond(200, 'text/html; charset=utf-8', renderNight(data));
  return true;
}

/** A finding category the page's query names (a bar of the close's chart links with it); anything else is ignored. */
function categoryOf(value: string | null): string | undefined {
  return value !== null && (FINDING_CATEGORIES as readonly string[]).includes(value) ? value : undefined;
}

/** Streams a known report file as an attachment; `not_found` when there is no such file. */
export async function serveReportFile(site: SiteContext, date: string, file: string, res: ServerResponse): Promise<SendOutcome | 'not_found'> {
  const opened = await openReportFile(site.reportsDir, date, file, site.catalog.reportNames);
  if (!opened) return 'not_found';
  try {
    res.writeHead(200, {
      'Content-Type': contentTypeOf(file),
      'Content-Length': String(opened.stats.size),
      // Both names are validated (a calendar date and a name of the registry), so no quoting issue.
      'Content-Disposition': `attachment; filename="${downloadNameOf(date, file)}"`,
    });
    return await sendFile(opened.handle, res, opened.stats.size);
  } finally {
    await opened.handle.close();
  }
}

export async function serveStatic(name: string, respond: Respond): Promise<boolean> {
  const asset = await staticAsset(name);
  if (!asset) return false;
  respond(200, asset.contentType, asset.body, { 'Cache-Control': 'no-cache' });
  return true;
}
