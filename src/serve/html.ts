// HTML built by a tagged template that escapes every interpolated value unless it is already markup
// made by this module: data from the warehouse or summary.json can never become markup or script.
// Text a person reads also goes through the one display rule (src/shared/display-text.ts): bidi
// overrides removed, controls shown escaped. A value that goes back to recon exactly as it came (a hidden
// form field, a `data-*` attribute the page's script reads) is only HTML-escaped, so a finding whose key
// holds such a character can still be acted on; the browser shows neither.
import { safeText } from '../shared/display-text.ts';

const ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };

/** Markup that is already safe (built by `html`). */
export class SafeHtml {
  constructor(readonly text: string) {}
  toString(): string {
    return this.text;
  }
}

export type HtmlValue = SafeHtml | string | number | bigint | boolean | null | undefined | readonly HtmlValue[];

export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => ESCAPES[c] ?? c);
}

function htmlOf(value: HtmlValue, exact: boolean): string {
  if (value === null || value === undefined || value === false) return '';
  if (value instanceof SafeHtml) return value.text;
  if (Array.isArray(value)) return value.map((v: HtmlValue) => htmlOf(v, exact)).join('');
  const text = String(value);
  return escapeHtml(exact ? text : safeText(text, 'page'));
}

/**
 * An attribute whose value is read back by a program, not by a person: a hidden field's value (the
 * finding's key goes back to the action route) and a `data-*` attribute (table.js). A visible field's
 * value (a name, an assignee) is text a person reads, and goes through the rule.
 */
const EXACT_ATTRIBUTE = /\sdata-[a-z-]+="$|<input type="hidden"[^<>]*\svalue="$/;

export function html(strings: TemplateStringsArray, ...values: HtmlValue[]): SafeHtml {
  let out = strings[0] ?? '';
  values.forEach((value, i) => {
    out += htmlOf(value, EXACT_ATTRIBUTE.test(strings[i] ?? '')) + (strings[i + 1] ?? '');
  });
  return new SafeHtml(out);
}

/**
 * Text someone else wrote (a note, a name) inside a line of the page's own words: in a `<bdi>`, so its
 * direction (right-to-left letters) cannot reorder the words around it.
 */
export function userText(text: string | null | undefined): SafeHtml {
  return text === null || text === undefined || text === '' ? new SafeHtml('') : html`<bdi>${text}</bdi>`;
}

export interface PageParts {
  title: string;
  body: SafeHtml;
  /** Scripts served by recon itself from /static. */
  scripts?: string[];
  /** The page's words (reports.locale): its lang attribute and the header's tagline. */
  page: { lang: string; tagline: string };
}

export function renderPage(parts: PageParts): string {
  const scripts = (parts.scripts ?? []).map((name) => html`<script src="/static/${name}" defer></script>`);
  return html`<!doctype html>
<html lang="${parts.page.lang}">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="referrer" content="same-origin">
<title>${parts.title}</title>
<link rel="stylesheet" href="/static/style.css">
<link rel="icon" href="/static/icon.svg" type="image/svg+xml">
${scripts}
</head>
<body>
<header class="top"><a href="/" class="brand">recon</a> <span class="muted">${parts.page.tagline}</span></header>
<main>
${parts.body}
</main>
</body>
</html>
`.text;
}
