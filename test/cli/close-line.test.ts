// The night summary's line per tie-out, as a person reads it in each locale: what explains a day that
// closes, counted in words that agree with their numbers (1 achado, 2 achados), and what is left when
// it does not close.
import { describe, expect, it } from 'vitest';
import { closeLine } from '../../src/cli/print-night.ts';
import type { TieOut } from '../../src/shared/close.ts';

const line = (l: string, items: number, amount_cents: number) => ({ line: l, items, amount_cents });

function tieOut(explained: ReturnType<typeof line>[], unexplained = { items: 0, amount_cents: 0 }): TieOut {
  const explainedCents = explained.reduce((n, l) => n + l.amount_cents, 0);
  const difference = explainedCents + unexplained.amount_cents;
  return {
    shop: { items: 10, amount_cents: 100_000 },
    service: { items: 10, amount_cents: 100_000 + difference },
    difference_cents: difference,
    explained,
    unexplained,
    closes: unexplained.items === 0 && unexplained.amount_cents === 0,
  } as TieOut;
}

const CASES = [
  ['pt-BR', tieOut([]), 'Vendas: fecha, diferença R$ 0,00'],
  ['pt-BR', tieOut([line('amount_mismatch', 1, 267)]), 'Vendas: fecha, diferença R$ 2,67 explicada por 1 achado'],
  [
    'pt-BR',
    tieOut([line('amount_mismatch', 1, 267), line('missing_payment', 1, -18_700), line('other_day', 1, 55_734)]),
    'Vendas: fecha, diferença R$ 373,01 explicada por 2 achados e 1 item de outro dia ou dentro da tolerância',
  ],
  ['pt-BR', tieOut([line('other_day', 7, -50_803)]), 'Vendas: fecha, diferença -R$ 508,03 explicada por 7 itens de outro dia ou dentro da tolerância'],
  ['pt-BR', tieOut([], { items: 1, amount_cents: 20_718 }), 'Vendas: NÃO fecha, R$ 207,18 da diferença R$ 207,18 sem explicação em 1 item (close_residue)'],
  ['pt-BR', tieOut([], { items: 2, amount_cents: 31_140 }), 'Vendas: NÃO fecha, R$ 311,40 da diferença R$ 311,40 sem explicação em 2 itens (close_residue)'],
  ['en', tieOut([line('amount_mismatch', 1, 267)]), 'Sales: closes, difference R$ 2.67 explained by 1 finding'],
  [
    'en',
    tieOut([line('amount_mismatch', 2, 534), line('other_day', 1, 100)]),
    'Sales: closes, difference R$ 6.34 explained by 2 findings and 1 item of another day or within tolerance',
  ],
  ['en', tieOut([], { items: 2, amount_cents: 31_140 }), 'Sales: does NOT close, R$ 311.40 of the difference R$ 311.40 unexplained in 2 items (close_residue)'],
] as const;

describe('the close line of the night summary', () => {
  it.each(CASES.map(([locale, t, expected]) => [locale, expected, t] as const))('%s: %s', (locale, expected, t) => {
    expect(closeLine('sales', t, locale)).toBe(expected);
  });
});
