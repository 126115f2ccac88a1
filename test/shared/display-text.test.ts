// The one display rule of text from outside (src/shared/display-text.ts), output by output: bidi
// formatting removed (escaped in JSON), controls removed from files, shown escaped on the page and the
// terminal, escaped losslessly in JSON.
import { describe, expect, it } from 'vitest';
import { safeText, type TextOutput } from '../../src/shared/display-text.ts';
import { safeCellText } from '../../src/report/cells.ts';
import type { ImportResult } from '../../src/imports/import-orders.ts';
import { jsonLineForIssue, keptOutText } from '../../src/imports/import-text.ts';
import { html, userText } from '../../src/serve/html.ts';
import { rawControlsIn } from './raw-controls.ts';

const RLO = '\u202e';
const ESC = '\u001b';
const CSI = '\u009b';

describe('safeText', () => {
  it.each<[string, TextOutput, string, string]>([
    // name, output, input, expected
    ['plain text is kept', 'file', 'Maria José · R$ 10,00', 'Maria José · R$ 10,00'],
    ['an override is removed from a file cell', 'file', `abc${RLO}fdp.exe`, 'abcfdp.exe'],
    ['every embedding, override and isolate is removed', 'file', '\u202aa\u202bb\u202cc\u202dd\u202ee\u2066f\u2067g\u2068h\u2069', 'abcdefgh'],
    ['marks and right-to-left letters are kept', 'file', 'שלום\u200f \u200eok\u061c', 'שלום\u200f \u200eok\u061c'],
    ['an ANSI colour and CSI are removed from a file cell', 'file', `${ESC}[31mred${CSI}2J${ESC}[0m`, '[31mred2J[0m'],
    ['tab, CR and LF stay in a file cell', 'file', 'a\tb\r\nc', 'a\tb\r\nc'],
    ['NUL, BEL, DEL and C1 are removed from a file cell', 'file', 'a\u0000b\u0007c\u007fd\u0085e', 'abcde'],
    ['the page shows controls escaped', 'page', `${ESC}[31mred${CSI}2J\u0000`, '\\x1b[31mred\\x9b2J\\x00'],
    ['the page keeps line breaks and drops overrides', 'page', `line 1\nline 2${RLO}x`, 'line 1\nline 2x'],
    ['a terminal line escapes line breaks and tabs', 'line', 'a\tb\r\nc', 'a\\tb\\r\\nc'],
    ['a terminal line escapes ESC, C1 and the Unicode separators', 'line', `${ESC}]0;title\u0007${CSI}A\u2028\u2029`, '\\x1b]0;title\\x07\\x9bA\\u2028\\u2029'],
    ['a terminal line drops overrides', 'line', `${RLO}gnp.exe`, 'gnp.exe'],
    ['a terminal message keeps line feeds, escapes CR and tab', 'message', 'line 1\nfake\rreal\tx', 'line 1\nfake\\rreal\\tx'],
    ['a terminal message escapes ESC and C1, drops overrides', 'message', `got ${ESC}[2J${CSI}H${RLO}x`, 'got \\x1b[2J\\x9bHx'],
    ['JSON escapes C1, DEL, overrides and separators as \\u escapes', 'json', `"a${CSI}b\u007f${RLO}\u2066\u2028"`, '"a\\u009bb\\u007f\\u202e\\u2066\\u2028"'],
    ['JSON leaves its own line breaks and C0 escapes alone', 'json', '{\n  "a": "\\u001b[31m"\n}', '{\n  "a": "\\u001b[31m"\n}'],
  ])('%s', (_name, output, input, expected) => {
    expect(safeText(input, output)).toBe(expected);
  });

  it('JSON output parses back to the exact stored value', () => {
    const value = `note ${ESC}[2J ${CSI}31m ${RLO}txt.exe \u2066x\u2069 \u2028 \u0000 é 😀`;
    const text = safeText(JSON.stringify({ value }), 'json');
    expect(rawControlsIn(text, { breaks: false })).toEqual([]);
    expect(JSON.parse(text)).toEqual({ value });
  });

  it('never lets a raw control or bidi formatting character through, whatever the output', () => {
    let all = '';
    for (let c = 0; c <= 0x9f; c++) all += String.fromCharCode(c);
    all += '\u202a\u202b\u202c\u202d\u202e\u2066\u2067\u2068\u2069';
    expect(rawControlsIn(safeText(all, 'file'), { breaks: true })).toEqual([]);
    expect(rawControlsIn(safeText(all, 'page'), { breaks: true })).toEqual([]);
    expect(rawControlsIn(safeText(all, 'line'), { breaks: false })).toEqual([]);
    for (const line of safeText(all, 'message').split('\n')) expect(rawControlsIn(line, { breaks: false })).toEqual([]);
    expect(rawControlsIn(all, { breaks: false })).toHaveLength(32 + 33 + 9);
  });
});

describe('safeCellText', () => {
  it.each([
    ['a formula hidden behind an override still gets its quote', `${RLO}=HYPERLINK("x")`, `'=HYPERLINK("x")`],
    ['a formula hidden behind ESC still gets its quote', `${ESC}@SUM(A1)`, `'@SUM(A1)`],
    ['plain text is kept', 'Loja Ltda', 'Loja Ltda'],
    ['a negative-looking text is neutralised as before', '-10', `'-10`],
  ])('%s', (_name, input, expected) => {
    expect(safeCellText(input)).toBe(expected);
  });
});

describe('recon import lines', () => {
  const hostile = `got "${ESC}]0;pwn\u0007${RLO}txt.exe${CSI}2J"`;

  it("a kept-out row on the terminal shows the file's text escaped", () => {
    const result = {
      files: [{ file: 'orders.csv', importId: 'imp-1', rowsRejected: 1, conflicts: [], rejected: [{ line: 7, reason: `amount: ${hostile}` }] }],
    } as unknown as ImportResult;
    const text = keptOutText(result, 20);
    for (const line of text.split('\n')) expect(rawControlsIn(line, { breaks: false })).toEqual([]);
    expect(text).toContain('orders.csv:7  rejected  amount: got "\\x1b]0;pwn\\x07txt.exe\\x9b2J"');
  });

  it('a kept-out row as a JSON line parses back to the exact value', () => {
    const issue = {
      import_id: 'imp-1',
      file: 'orders.csv',
      line: 7,
      item_id: `A${RLO}`,
      kind: 'rejected',
      reason: hostile,
      column_name: 'amount',
      value: hostile,
    };
    const line = jsonLineForIssue(issue);
    expect(rawControlsIn(line, { breaks: false })).toEqual([]);
    expect(JSON.parse(line)).toMatchObject({ item_id: `A${RLO}`, reason: hostile, value: hostile });
  });
});

describe("the page's html", () => {
  const value = `<b>${RLO}x${ESC}[2J`;

  it.each([
    ['text', () => html`<td>${value}</td>`.text, '<td>&lt;b&gt;x\\x1b[2J</td>'],
    ['a title a person reads on hover', () => html`<td title="${value}"></td>`.text, '<td title="&lt;b&gt;x\\x1b[2J"></td>'],
    ['a visible field', () => html`<input name="to" value="${value}">`.text, '<input name="to" value="&lt;b&gt;x\\x1b[2J">'],
    [
      'a hidden field goes back exactly',
      () => html`<input type="hidden" name="key" value="${value}">`.text,
      `<input type="hidden" name="key" value="&lt;b&gt;${RLO}x${ESC}[2J">`,
    ],
    ['a data attribute goes back exactly', () => html`<tr data-key="${value}">`.text, `<tr data-key="&lt;b&gt;${RLO}x${ESC}[2J">`],
    ['a note is isolated', () => html`<dd>${userText(value)} por ana</dd>`.text, '<dd><bdi>&lt;b&gt;x\\x1b[2J</bdi> por ana</dd>'],
    ['no note, no element', () => userText(null).text, ''],
  ])('%s', (_name, render, expected) => {
    expect(render()).toBe(expected);
  });
});
