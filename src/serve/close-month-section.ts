// The month to date under the night's close (docs/close.md): each tie-out summed over the nights the
// warehouse holds from the 1st of the night's month to the night, read by the one function the month's
// workbook and `recon close --month` read too (readMonthClose), so the page cannot state another sum.
// The days with no close stored are named: a sum that lacks a night must say so, not look complete.
import { TIE_OUTS, isTieOutShown } from '../shared/close.ts';
import type { MonthClose } from '../shared/close-month.ts';
import type { Messages } from '../shared/locale/index.ts';
import { localizeCloseLine, localizeDaySpans } from '../shared/locale/localize.ts';
import { tieOutRows } from './close-section.ts';
import { html, type SafeHtml } from './html.ts';

/** The month's tables, or nothing when no night of the month stored a close. */
export function monthCloseSection(month: MonthClose, m: Messages): SafeHtml | '' {
  if (month.nights.length === 0) return '';
  const p = m.page.close;
  const tables = TIE_OUTS.flatMap((name) => {
    const t = month.close[name];
    if (!isTieOutShown(t)) return [];
    const rows = tieOutRows(name, t, m, 'month');
    return [
      html`<table id="month-close-${name}" class="close"><caption>${p.monthCaption(localizeCloseLine(m, name))}</caption><thead><tr><th>${p.line}</th><th class="num">${p.items}</th><th class="num">${p.amount}</th></tr></thead><tbody>${rows}</tbody></table>`,
    ];
  });
  const missing =
    month.missing.length === 0 ? '' : html`<p class="notice" id="month-close-missing">${p.monthMissing(localizeDaySpans(m, month.missingSpans))}</p>`;
  return html`<h3 id="month-close-heading">${p.monthHeading(m.fmt.day(month.from), m.fmt.day(month.upTo))}</h3>
<p class="muted" id="month-close-nights">${p.monthNights(month.nights.length)}</p>
${missing}${tables}`;
}
