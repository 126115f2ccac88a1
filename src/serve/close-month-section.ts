// The month to date under the night's close (docs/close.md): each tie-out summed over the nights the
// warehouse holds from the 1st of the night's month to the night, read by the one function the month's
// workbook and `recon close --month` read too (readMonthClose), so the page cannot state another sum.
// The days with no close stored are named: a sum that lacks a night must say so, not look complete.
import { TIE_OUTS, isTieOutShown } from '../shared/close.ts';
import type { MonthClose } from '../shared/close-month.ts';
import type { Messages } from '../shared/locale/index.ts';
import { localizeCloseLine } from '../shared/locale/localize.ts';
import { closeRow } from './close-section.ts';
import { html, type SafeHtml } from './html.ts';

/** The month's tables, or nothing when no night of the month stored a close. */
export function monthCloseSection(month: MonthClose, m: Messages): SafeHtml | '' {
  if (month.nights.length === 0) return '';
  const p = m.page.close;
  const tables = TIE_OUTS.flatMap((name) => {
    const t = month.close[name];
    if (!isTieOutShown(t)) return [];
    // What the service did first, then what the shop says, then how the difference is made up.
    const rows = [
      closeRow(`${name}.service`, t.service.items, t.service.amount_cents, m),
      closeRow(`${name}.shop`, t.shop.items, t.shop.amount_cents, m),
      closeRow('difference', null, t.difference_cents, m, true),
      ...t.explained.map((l) => closeRow(l.line, l.items, l.amount_cents, m)),
      closeRow('unexplained', t.unexplained.items, t.unexplained.amount_cents, m, true),
    ];
    return [
      html`<table id="month-close-${name}" class="close"><caption>${p.monthCaption(localizeCloseLine(m, name))}</caption><thead><tr><th>${p.line}</th><th class="num">${p.items}</th><th class="num">${p.amount}</th></tr></thead><tbody>${rows}</tbody></table>`,
    ];
  });
  const missing =
    month.missing.length === 0 ? '' : html`<p class="notice" id="month-close-missing">${p.monthMissing(month.missing.map((d) => m.fmt.day(d)).join(', '))}</p>`;
  return html`<h3 id="month-close-heading">${p.monthHeading(m.fmt.day(month.from), m.fmt.day(month.upTo))}</h3>
<p class="muted" id="month-close-nights">${p.monthNights(month.nights.length)}</p>
${missing}${tables}`;
}
