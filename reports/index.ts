// The report registry: the nightly job writes every report listed here. To add a report, write a
// ReportDefinition in its own file in reports/ and append it below.
import type { ReportDefinition } from '../src/report/types.ts';
import { discrepancies } from './discrepancies.ts';
import { refunds } from './refunds.ts';
import { chargebacks } from './chargebacks.ts';

export const REPORTS: readonly ReportDefinition[] = [discrepancies, refunds, chargebacks];
