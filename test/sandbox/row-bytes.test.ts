// The listing's byte encoder must give exactly the bytes of the reference row text (transactionJson),
// whatever the strings hold: quotes, control characters, accents, emoji, lone surrogates, huge ids.
import { describe, expect, it } from 'vitest';
import type { SandboxTransaction, TxVersion } from '../../src/sandbox/model.ts';
import { BufferPool, PageCache, PageWriter } from '../../src/sandbox/page-bytes.ts';
import { writeTransactionRow } from '../../src/sandbox/row-bytes.ts';
import { transactionJson } from '../../src/sandbox/serialize.ts';

const at = Date.parse('2025-03-10T12:34:56.789Z');

function tx(overrides: Partial<SandboxTransaction> = {}): SandboxTransaction {
  return {
    serial: 77,
    id: 'tr_0abc12d25',
    itemId: 'PED-100123',
    createdMs: at,
    netValue: 12_990,
    installments: 3,
    holder: 'MARIA SILVA',
    brand: 'visa',
    first6: '411111',
    last4: '0042',
    approved: true,
    seed: 7,
    versions: [],
    cur: 0,
    ...overrides,
  };
}

const paid: TxVersion = { atMs: at, status: 'paid', authorized: 13_378, paid: 13_378, refunded: 0, code: '0000' };
const refunded: TxVersion = { atMs: at + 86_400_000 * 40 + 1, status: 'refunded', authorized: 13_378, paid: 0, refunded: 13_378, code: '0000' };
const refused: TxVersion = { atMs: at, status: 'refused', authorized: 0, paid: 0, refunded: 0, code: '1011' };
const rejected: TxVersion = { atMs: at + 999, status: 'rejected', authorized: 0, paid: 0, refunded: 0, code: null };
const odd: TxVersion = { atMs: 0, status: 'paid', authorized: 9_007_199_254_740_991, paid: 1.5, refunded: -3, code: '9999' };

function encoded(t: SandboxTransaction, v: TxVersion, dropItemId: boolean, estimate = 16): Buffer {
  const out = new PageWriter(estimate);
  writeTransactionRow(out, t, v, dropItemId);
  return out.copy();
}

/** What the server used to send: the reference text, UTF-8 encoded (a lone surrogate becomes U+FFFD). */
const wire = (text: string) => Buffer.from(text, 'utf8');

describe('writeTransactionRow', () => {
  it.each([
    ['a plain paid row', tx(), paid],
    ['a refund 40 days later', tx(), refunded],
    ['a refused row (not approved)', tx({ approved: false }), refused],
    ['a rejected row: codes and message null', tx(), rejected],
    ['an unknown code, extreme and fractional amounts, the epoch', tx({ netValue: 0, installments: 12 }), odd],
    ['quotes and backslashes in item_id', tx({ itemId: 'A"B\\C' }), paid],
    ['control characters', tx({ itemId: 'line1\nline2\t\u0001' }), paid],
    ['accents in the holder name', tx({ holder: 'JOÃO CONCEIÇÃO' }), paid],
    ['emoji and a lone surrogate', tx({ itemId: 'PED-😀', holder: 'X\ud800Y' }), paid],
    ['line and paragraph separators', tx({ itemId: 'a\u2028b\u2029c' }), paid],
    ['non-ASCII in raw fields', tx({ id: 'tr_ação', brand: 'elo', first6: '63€368', last4: 'ç12' }), paid],
    ['a 5,000-character item id', tx({ itemId: 'P'.repeat(5_000) }), paid],
  ])('gives the bytes of transactionJson for %s', (_name, t, v) => {
    for (const dropItemId of [false, true]) {
      expect(encoded(t, v, dropItemId).equals(wire(transactionJson(t, v, { dropItemId })))).toBe(true);
    }
  });

  it('grows the page buffer (pooled or not) without losing bytes', () => {
    const rows = Array.from({ length: 300 }, (_, i) => tx({ serial: i + 1, itemId: `PED-${i}-${'é'.repeat(i % 7)}` }));
    const expected = wire(rows.map((t) => transactionJson(t, paid)).join(','));
    for (const pool of [undefined, new BufferPool()]) {
      const out = new PageWriter(100, pool);
      rows.forEach((t, i) => {
        if (i > 0) out.write(',');
        writeTransactionRow(out, t, paid, false);
      });
      expect(out.bytes().equals(expected)).toBe(true);
      out.release();
    }
  });
});

describe('PageCache', () => {
  it('keeps small pages up to its byte budget, least recently used dropped first', () => {
    const cache = new PageCache(30, 10);
    cache.set('a', Buffer.alloc(10));
    cache.set('b', Buffer.alloc(10));
    cache.set('big', Buffer.alloc(11));
    expect(cache.get('a')?.length).toBe(10);
    cache.set('c', Buffer.alloc(10));
    cache.set('d', Buffer.alloc(10));
    expect([cache.get('a') !== undefined, cache.get('b') !== undefined, cache.get('c') !== undefined, cache.get('d') !== undefined, cache.get('big')]).toEqual([
      true,
      false,
      true,
      true,
      undefined,
    ]);
  });
});
