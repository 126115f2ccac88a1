// The report registry: the nightly job writes every report listed here, and the page offers their files.
// To add a report, write a ReportDefinition in its own file in reports/ and append it below.
import type { ReportDefinition } from '../src/report/types.ts';
import type { ReportCatalog } from '../src/serve/report-files.ts';
import { discrepancies } from './discrepancies.ts';
import { refunds } from './refunds.ts';
import { chargebacks } from './chargebacks.ts';
import { fees } from './fees.ts';
import { forecast } from './forecast.ts';
import { payouts } from './payouts.ts';
import { monthClose } from './month-close.ts';
import { KEPT_OUT_ORDERS_SQL, SYNC_REJECTS_SQL, ordersRejected } from './kept-out.ts';

export const REPORTS: readonly ReportDefinition[] = [discrepancies, refunds, chargebacks, fees, forecast, payouts];

/** What `recon serve` shows: every report's files, the month's close where one was written, then the rows a stopped night kept out. */
export const REPORT_CATALOG: ReportCatalog = Object.freeze({
  reportNames: Object.freeze([...REPORTS.map((r) => r.name), monthClose.name, ordersRejected.name]),
  keptOutOrdersSql: KEPT_OUT_ORDERS_SQL,
  syncRejectsSql: SYNC_REJECTS_SQL,
});
