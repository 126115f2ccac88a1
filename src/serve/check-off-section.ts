// A check that was off on the night (fees.check "off", no bank.accounts): where the page would show its
// figures, the sentence its report's one sheet says, from the same catalogue entry. The page reads which
// checks were off from summary.json (`reports_off`), so it says what the night ran with, whatever the
// config says now.
import type { Messages } from '../shared/locale/index.ts';
import type { ReportCheck } from '../report/types.ts';
import { html, type SafeHtml } from './html.ts';

/** The checks summary.json records as off (unknown names, from another release, are left out). */
export function checksOffOfNight(reportsOff: Readonly<Record<string, { check?: unknown }>> | undefined, m: Messages): ReportCheck[] {
  const known = Object.keys(m.checksOff) as ReportCheck[];
  const off = new Set(Object.values(reportsOff ?? {}).map((r) => r.check));
  return known.filter((check) => off.has(check));
}

export function checkOffSection(check: ReportCheck, m: Messages): SafeHtml {
  const words = m.checksOff[check];
  return html`<section id="${check}" class="check-off"><h2>${words.heading}</h2><p class="notice">${words.sentence}</p></section>`;
}
