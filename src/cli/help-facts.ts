// The values `--help` states that the commands hold: the filter's states, the listing's and the
// sandbox export's formats, the page's and the receiver's default address. Taken from where the
// commands take them, so the help cannot name a format or a port the command does not have. Each is
// loaded only when a text about to be shown states it: the sandbox's formats load the whole sandbox
// (exceljs among it), which made `recon sql --help` take a second more of CPU for facts it never shows.
import type { HelpFacts, HelpText } from '../shared/locale/help-en.ts';

type Loaders = { readonly [K in keyof HelpFacts]: () => Promise<HelpFacts[K]> };

const LOADERS: Loaders = {
  filterStates: async () => (await import('../triage/filter.ts')).FILTER_STATES,
  listFormats: async () => (await import('../triage/listing-output.ts')).LIST_FORMATS,
  orderExportFormats: async () => (await import('../sandbox/index.ts')).ORDER_EXPORT_FORMATS,
  servePort: async () => (await import('../serve/open-hint.ts')).DEFAULT_SERVE_PORT,
  serveHost: async () => (await import('../serve/open-hint.ts')).DEFAULT_SERVE_HOST,
  receivePort: async () => (await import('./commands/receive.ts')).DEFAULT_RECEIVE_PORT,
};

/** The facts `texts` state, loaded; a fact none of them states is left out (no text reads it). */
export async function helpFactsFor(texts: readonly HelpText[]): Promise<HelpFacts> {
  const stated = new Set<keyof HelpFacts>();
  // A dry run of each text against a recorder: an empty list reads as any fact does (joined, or in a template).
  const recorder = new Proxy({} as HelpFacts, {
    get: (_target, key) => {
      if (typeof key === 'string' && key in LOADERS) stated.add(key as keyof HelpFacts);
      return [];
    },
  });
  for (const text of texts) if (typeof text === 'function') text(recorder);
  const loaded = await Promise.all([...stated].map(async (key) => [key, await LOADERS[key]()] as const));
  return Object.fromEntries(loaded) as unknown as HelpFacts;
}
