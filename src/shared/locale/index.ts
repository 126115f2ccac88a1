// The one place the words people read live: a catalogue per locale (pt-BR.ts, en.ts). The catalogue
// type is derived from pt-BR, so a key missing from `en` is a compile error (and a test checks both at
// run time). Machine interfaces never go through here: CSV keys, category keys, summary.json and the
// warehouse stay as they are in every locale.
import { en } from './en.ts';
import { ptBR } from './pt-BR.ts';

export const LOCALES = ['pt-BR', 'en'] as const;
export type Locale = (typeof LOCALES)[number];

export type Messages = typeof ptBR;
export type HeaderKey = keyof Messages['headers'];

const CATALOGUES: Readonly<Record<Locale, Messages>> = { 'pt-BR': ptBR, en };

export function messagesFor(locale: Locale): Messages {
  return CATALOGUES[locale];
}
