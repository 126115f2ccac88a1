// Realistic-looking Brazilian customers, cards, identifiers and order notes for the generated history.
// Deterministic: everything comes from the Rng passed in or from hashes of serial numbers.
import type { CardBrand } from '../shared/domain.ts';
import { hash32, type Rng } from './rng.ts';

const FIRST = [
  'Ana',
  'João',
  'Maria',
  'José',
  'Francisco',
  'Antônia',
  'Carlos',
  'Paulo',
  'Lúcia',
  'Pedro',
  'Luís',
  'Márcia',
  'Gabriel',
  'Júlia',
  'Rafael',
  'Fernanda',
  'Conceição',
  'Thiago',
  'Beatriz',
  'André',
  'Letícia',
  'Marcos',
  'Patrícia',
  'Raimundo',
  'Sebastião',
  'Camila',
  'Vitória',
  'Rodrigo',
  'Aline',
  'Felipe',
];
const LAST = [
  'Silva',
  'Santos',
  'Oliveira',
  'Souza',
  'Rodrigues',
  'Ferreira',
  'Alves',
  'Pereira',
  'Lima',
  'Gomes',
  'Costa',
  'Ribeiro',
  'Martins',
  'Carvalho',
  'Araújo',
  'Melo',
  'Barbosa',
  'Gonçalves',
  'Conceição',
  'Assunção',
  'Magalhães',
  'Brandão',
  'Simões',
  'Falcão',
];

/** Notes a shop's staff type: some with “smart quotes”, en dash and €, a few with ; and " to test quoting. */
const NOTES = [
  'Entregar “após as 18h” – portão azul',
  'Cupom “BEMVINDO10” aplicado',
  'Produto importado (€ 25,00 no site de origem)',
  'Frete grátis – promoção de inverno',
  'Cliente pediu embrulho para presente',
  'Presente; embrulhar com laço',
  'Frágil: "vidro"',
  'Troca de tamanho – ver e-mail do cliente',
  'Nota fiscal em nome da empresa',
  'Retirar na loja – Av. Paulista, 1.000',
];

export const BRAND_PREFIX: Record<CardBrand, readonly string[]> = {
  visa: ['411111', '453211', '401288', '476173'],
  mastercard: ['510510', '545454', '522688', '555555'],
  amex: ['378282', '371449', '341111'],
  hipercard: ['606282', '384100'],
  elo: ['636368', '438935', '504175', '451416'],
};

const BRAND_WEIGHTS: readonly [CardBrand, number][] = [
  ['visa', 0.42],
  ['mastercard', 0.36],
  ['elo', 0.12],
  ['amex', 0.05],
  ['hipercard', 0.05],
];

export interface Customer {
  name: string;
  /** The name as embossed on the card (holderOf). */
  holder?: string;
  document: string;
  brand: CardBrand;
  first6: string;
  last4: string;
}

// Names repeat across a million customers: one string per distinct name (and its embossed form), found
// by the indexes drawn, so no text is built per customer.
const namesByKey = new Map<number, { name: string; holder: string }>();

export function customerFrom(rng: Rng): Customer {
  // The same draws, in the same order, as `${pick(FIRST)} ${pick(LAST)}${chance(0.4) ? ` ${pick(LAST)}` : ''}`.
  const first = Math.floor(rng.next() * FIRST.length);
  const last = Math.floor(rng.next() * LAST.length);
  const second = rng.chance(0.4) ? Math.floor(rng.next() * LAST.length) : -1;
  const key = (first * LAST.length + last) * (LAST.length + 1) + second + 1;
  let entry = namesByKey.get(key);
  if (entry === undefined) {
    const name = `${FIRST[first]!} ${LAST[last]!}${second >= 0 ? ` ${LAST[second]!}` : ''}`;
    entry = { name, holder: holderOf(name) };
    namesByKey.set(key, entry);
  }
  const brand = brandFrom(rng.next());
  return { name: entry.name, holder: entry.holder, document: cpfFrom(rng), brand, first6: rng.pick(BRAND_PREFIX[brand]), last4: rng.digits(4) };
}

function brandFrom(u: number): CardBrand {
  let acc = 0;
  for (const [brand, weight] of BRAND_WEIGHTS) {
    acc += weight;
    if (u < acc) return brand;
  }
  return 'visa';
}

/** A CPF with valid check digits (11 digits, no punctuation), as the service's document fields carry it. */
function cpfFrom(rng: Rng): string {
  const base = rng.digits(9);
  const d1 = cpfCheckDigit(base);
  const d2 = cpfCheckDigit(base + d1);
  return base + d1 + d2;
}

function cpfCheckDigit(digits: string): string {
  let sum = 0;
  for (let i = 0; i < digits.length; i++) sum += Number(digits[i]) * (digits.length + 1 - i);
  const rest = (sum * 10) % 11;
  return String(rest === 10 ? 0 : rest);
}

export function isValidCpf(text: string): boolean {
  if (!/^\d{11}$/.test(text) || /^(\d)\1{10}$/.test(text)) return false;
  const d1 = cpfCheckDigit(text.slice(0, 9));
  return text[9] === d1 && text[10] === cpfCheckDigit(text.slice(0, 10));
}

export function noteFrom(rng: Rng): string {
  return rng.chance(0.25) ? rng.pick(NOTES) : '';
}

/** The card holder's name as embossed: upper case, no accents. */
const holders = new Map<string, string>();
export function holderOf(name: string): string {
  let out = holders.get(name);
  if (out === undefined) {
    out = name
      .normalize('NFD')
      .replace(/[\u0300-\u036f]/g, '')
      .toUpperCase();
    if (holders.size < 100_000) holders.set(name, out);
  }
  return out;
}

/** Fixed-width hash prefix + serial: unique, stable for a seed, and not obviously sequential. */
export function idFor(prefix: string, seed: number, serial: number): string {
  return `${prefix}${hash32(seed, serial, prefix.length).toString(36).padStart(7, '0')}${serial.toString(36)}`;
}

function nsuFor(seed: number, serial: number): string {
  return String(hash32(seed, serial, 17) % 1_000_000_000).padStart(9, '0');
}

function authCodeFor(seed: number, serial: number): string {
  return (hash32(seed, serial, 29) % 2_176_782_336).toString(36).toUpperCase().padStart(6, '0');
}

/** The transaction's NSU (null when the acquirer did not approve it). */
export function nsuOf(tx: { approved: boolean; seed: number; serial: number }): string | null {
  return tx.approved ? nsuFor(tx.seed, tx.serial) : null;
}

/** The transaction's authorization code (null when the acquirer did not approve it). */
export function authCodeOf(tx: { approved: boolean; seed: number; serial: number }): string | null {
  return tx.approved ? authCodeFor(tx.seed, tx.serial) : null;
}

export function brandFromCardNumber(cardNumber: string): CardBrand {
  if (/^3[47]/.test(cardNumber)) return 'amex';
  if (/^(606282|3841)/.test(cardNumber)) return 'hipercard';
  if (/^(636368|438935|504175|451416|636297|5067|4576|4011)/.test(cardNumber)) return 'elo';
  if (/^5[1-5]|^2[2-7]/.test(cardNumber)) return 'mastercard';
  return 'visa';
}

export function netAmountFrom(rng: Rng): number {
  let cents = Math.round(Math.exp(Math.log(12_000) + 0.9 * rng.normal()));
  cents = Math.min(800_000, Math.max(500, cents));
  if (rng.chance(0.4)) cents = Math.floor(cents / 100) * 100 + (rng.chance(0.5) ? 90 : 0);
  return cents;
}

export function installmentsFrom(rng: Rng): number {
  const u = rng.next();
  if (u < 0.5) return 1;
  if (u < 0.7) return rng.int(2, 3);
  if (u < 0.85) return rng.int(4, 6);
  return rng.int(7, 12);
}
