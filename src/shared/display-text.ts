// Text from outside (notes, actor names, reasons, customer names, ids, memos, query results) made safe
// for a person who reads it through another program: the page in a browser, a workbook or CSV in a
// spreadsheet, a terminal. Two kinds of characters are never passed through as they came:
// - bidi formatting characters (embeddings and overrides U+202A–U+202E, isolates U+2066–U+2069): they
//   reorder what is shown after them, so `abc‮fdp.exe` reads as `abcexe.pdf` and a note can make an
//   amount or a name read backwards. They are removed; the letters stay, so right-to-left text
//   (Arabic, Hebrew) still shows in its own direction. The marks U+200E/U+200F/U+061C are kept: each
//   acts like one strong letter, no more than a Hebrew letter in a name does.
// - controls, C0 (U+0000–U+001F), DEL and C1 (U+0080–U+009F): ESC and CSI drive a terminal (colours,
//   cursor, title, clearing the screen), and most of them make a workbook's XML invalid.
// What happens to them depends on the output (`TextOutput`); docs/reports.md lists it. Pure.

/** Where the text goes. */
export type TextOutput =
  /** A cell of a file (CSV, XLSX, `--format csv` on a terminal or a pipe): controls other than tab, CR and LF are removed. */
  | 'file'
  /** The page's text: controls other than tab, CR and LF are shown escaped (`\x1b`), so a reader sees they were there. */
  | 'page'
  /** One line of a terminal table: every control, tab and line breaks included, is shown escaped. */
  | 'line'
  /**
   * A message on the terminal (stderr: errors, sentences): line feeds kept, every other control shown
   * escaped, CR included (it would move the cursor back over what the line said).
   */
  | 'message'
  /**
   * JSON text made by JSON.stringify (which escapes C0 already): DEL, C1, the bidi formatting characters
   * and U+2028/U+2029 become `\uXXXX` escapes, so the value a parser reads is exactly the stored one.
   */
  | 'json';

const BIDI_FORMATTING = /[\u202a-\u202e\u2066-\u2069]/g;
// biome-ignore lint/suspicious/noControlCharactersInRegex: the control characters are what is replaced
const CONTROLS_BUT_TAB_AND_BREAKS = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f-\u009f]/g;
// biome-ignore lint/suspicious/noControlCharactersInRegex: the control characters are what is replaced
const CONTROLS_BUT_LINE_FEED = /[\u0000-\u0009\u000b-\u001f\u007f-\u009f\u2028\u2029]/g;
// biome-ignore lint/suspicious/noControlCharactersInRegex: the control characters are what is replaced
const CONTROLS_AND_SEPARATORS = /[\u0000-\u001f\u007f-\u009f\u2028\u2029]/g;
const JSON_UNSAFE = /[\u007f-\u009f\u202a-\u202e\u2066-\u2069\u2028\u2029]/g;

const NAMED: Record<string, string> = { '\t': '\\t', '\n': '\\n', '\r': '\\r' };

/** A control as text a person can read: `\n`, `\x1b`, `\u2028`. */
function escapedControl(c: string): string {
  const code = c.charCodeAt(0);
  return NAMED[c] ?? (code < 0x100 ? `\\x${code.toString(16).padStart(2, '0')}` : `\\u${code.toString(16).padStart(4, '0')}`);
}

function unicodeEscape(c: string): string {
  return `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`;
}

/** The text as `output` may show it: the one rule of every text recon hands to a reader's program. */
export function safeText(text: string, output: TextOutput): string {
  switch (output) {
    case 'json':
      return text.replace(JSON_UNSAFE, unicodeEscape);
    case 'file':
      return text.replace(BIDI_FORMATTING, '').replace(CONTROLS_BUT_TAB_AND_BREAKS, '');
    case 'page':
      return text.replace(BIDI_FORMATTING, '').replace(CONTROLS_BUT_TAB_AND_BREAKS, escapedControl);
    case 'line':
      return text.replace(BIDI_FORMATTING, '').replace(CONTROLS_AND_SEPARATORS, escapedControl);
    case 'message':
      return text.replace(BIDI_FORMATTING, '').replace(CONTROLS_BUT_LINE_FEED, escapedControl);
  }
}
