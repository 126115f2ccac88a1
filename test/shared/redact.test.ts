// Redaction: the whole key, its tail (the notification secret) and any run of 6+ characters of it are
// removed from any text, trimmed or cut, while the sentence around stays readable.
import { describe, expect, it } from 'vitest';
import { MIN_SECRET_FRAGMENT, redactSecrets, registerSecret } from '../../src/shared/redact.ts';

const KEY = 'live_Zq8"Rt 5mWx3Pk9Lv2Hn7';
const TAIL = KEY.slice('live_'.length);
registerSecret(KEY);

/** Every run of MIN_SECRET_FRAGMENT characters of the tail. */
const pieces = Array.from({ length: TAIL.length - MIN_SECRET_FRAGMENT + 1 }, (_, i) => TAIL.slice(i, i + MIN_SECRET_FRAGMENT));

describe('redactSecrets', () => {
  it.each([
    [`invalid key ${KEY}`, 'invalid key [redacted]'],
    [`signature ${TAIL} refused`, 'signature [redacted] refused'],
    [`cut: ${KEY.slice(0, 14)}`, 'cut: live_[redacted]'],
    [`trimmed: ${TAIL.slice(3, 15)}!`, 'trimmed: [redacted]!'],
    [`two: ${TAIL.slice(0, 7)} and ${TAIL.slice(-8)}.`, 'two: [redacted] and [redacted].'],
    [
      '(api_key: unknown api_key; expected a key starting with test_ (sandbox) or live_ (production))',
      '(api_key: unknown api_key; expected a key starting with test_ (sandbox) or live_ (production))',
    ],
    ['GET /v1/transactions?api_key=abcdefghijklmnop&page=2', 'GET /v1/transactions?api_key=[redacted]&page=2'],
    ['header api_key: live_ab.cd+ef/gh=ij== sent', 'header api_key: [redacted] sent'],
    [`five chars ${TAIL.slice(0, 5)} stay`, `five chars ${TAIL.slice(0, 5)} stay`],
  ])('%j -> %j', (text, expected) => {
    expect(redactSecrets(text)).toBe(expected);
  });

  it.each(pieces)('no run of %j survives, whatever surrounds it', (piece) => {
    for (const text of [piece, `x${piece}y`, `"${piece}"`, `<b>${piece}</b>`, JSON.stringify({ message: piece })]) {
      const out = redactSecrets(text);
      for (const p of pieces) expect(out).not.toContain(p);
    }
  });
});
