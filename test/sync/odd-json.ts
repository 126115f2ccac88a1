// Odd but valid JSON for the sync tests: a seeded generator of strings (escapes, control characters,
// surrogate pairs and lone halves, braces and quotes, very long runs) and JSON writers that spell the
// same value the ways other services do (`\/` and `\u00e9` as PHP writes them, upper-case hex).
import type { Rng } from '../../src/sandbox/rng.ts';

/** How a body is written: JSON.stringify's text, or everything beyond printable ASCII escaped. */
export type Spelling = 'plain' | 'escaped' | 'escaped-upper';

const PIECES: readonly string[] = [
  '/',
  '\\',
  '"',
  '\\/',
  '},{',
  '{',
  '}',
  '[',
  ']',
  ',',
  ':',
  '"transaction_id":',
  ' ',
  'null',
  '\u0000',
  '\u0001',
  '\b',
  '\t',
  '\n',
  '\f',
  '\r',
  '\u001f',
  '\u007f',
  'é',
  'Ç',
  'ã',
  '\u00a0',
  '\u0085',
  '\u2028',
  '\u2029',
  '\ufeff',
  '中文',
  '\uffff',
  '😀',
  '\ud83d\ude00',
  '\ud800',
  '\udc00',
  '\udbff',
  '\udfff',
  'a\ud800b',
];

/** Pieces without a brace: rows made of them can still be cut out of the body's bytes (the fast path). */
const MILD = PIECES.filter((p) => !p.includes('{') && !p.includes('}'));

/**
 * A string of 0-12 pieces (plain text runs and odd pieces); one in `longEvery` calls is about 1 MB.
 * `mild` leaves braces out, so that a page of such rows takes the sync's fast path.
 */
export function oddString(rng: Rng, longEvery = 0, mild = false): string {
  const pieces = mild ? MILD : PIECES;
  if (longEvery > 0 && rng.int(1, longEvery) === 1) {
    const piece = rng.chance(0.5) ? pieces[rng.int(0, pieces.length - 1)]! : 'x';
    return piece.repeat(Math.ceil((1 << 20) / Math.max(1, piece.length)));
  }
  let out = '';
  for (let n = rng.int(0, 12); n > 0; n--) {
    out += rng.chance(0.4) ? plainRun(rng) : pieces[rng.int(0, pieces.length - 1)]!;
  }
  return out;
}

function plainRun(rng: Rng): string {
  let out = '';
  for (let n = rng.int(1, 8); n > 0; n--) {
    const c = rng.int(0x20, 0x7e);
    out += c === 0x7b || c === 0x7d ? 'b' : String.fromCharCode(c);
  }
  return out;
}

/** The JSON text of `value`, its strings spelled as `how` says (objects and arrays compact). */
export function writeJson(value: unknown, how: Spelling): string {
  if (how === 'plain') return JSON.stringify(value);
  if (typeof value === 'string') return quote(value, how === 'escaped-upper');
  if (Array.isArray(value)) return `[${value.map((v) => writeJson(v, how)).join(',')}]`;
  if (typeof value === 'object' && value !== null) {
    const entries = Object.entries(value).filter(([, v]) => v !== undefined);
    return `{${entries.map(([k, v]) => `${quote(k, how === 'escaped-upper')}:${writeJson(v, how)}`).join(',')}}`;
  }
  return JSON.stringify(value);
}

/** A string literal with `/` as `\/` and every code unit outside printable ASCII as \uXXXX. */
function quote(text: string, upper: boolean): string {
  let out = '"';
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (c === 0x22) out += '\\"';
    else if (c === 0x5c) out += '\\\\';
    else if (c === 0x2f) out += '\\/';
    else if (c >= 0x20 && c < 0x7f) out += text[i];
    else {
      const hex = c.toString(16).padStart(4, '0');
      out += `\\u${upper ? hex.toUpperCase() : hex}`;
    }
  }
  return `${out}"`;
}
