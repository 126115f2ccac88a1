// Which errors still say English text instead of a sentence with an id: only internal ones, each of which
// can mean nothing but a bug in recon (a caller that broke a helper's contract), listed here by file so
// that a new one is a decision, not an accident. tsc already refuses English text for any other code
// (ReconError's constructor); this list is what remains of the English-only errors.
import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';

const ROOT = join(import.meta.dirname, '..', '..');

const ENGLISH_ONLY: Record<string, number> = {
  // A sealed warehouse opened for writing: the callers of openWarehouse pass the two options together.
  'src/warehouse/open.ts': 1,
  // SQL text built by recon's own code: a date not YYYY-MM-DD, an empty identifier, a NUL or an unpaired
  // surrogate in a literal (values go as $name parameters), a $name without a value.
  'src/warehouse/sql.ts': 5,
  // A query parameter without a value: the API client's callers leave such a parameter out.
  'src/api/http.ts': 1,
  // The planner's own bookkeeping: the earlier failure is the error that surfaces.
  'src/sync/plan-windows.ts': 1,
  // A page's texts and rows out of step, and a connection openWarehouse did not prepare.
  'src/sync/page-lines.ts': 1,
  'src/sync/raw-files.ts': 1,
  // A finding's facts that do not fit the shapes recon itself wrote.
  'src/reconcile/lifecycle.ts': 1,
};

function sourcesUnder(dir: string): string[] {
  return readdirSync(join(ROOT, dir), { recursive: true, encoding: 'utf8' })
    .filter((f) => f.endsWith('.ts'))
    .map((f) => join(ROOT, dir, f));
}

/** Each `new ReconError(code, <text>` whose message is a string or a template instead of a sentence. */
function englishSites(): { file: string; code: string }[] {
  return [...sourcesUnder('src'), ...sourcesUnder('jobs')].flatMap((path) =>
    [...readFileSync(path, 'utf8').matchAll(/new ReconError\(\s*'(\w+)',\s*[`'"]/g)].map((m) => ({ file: relative(ROOT, path), code: m[1] as string })),
  );
}

describe('errors in English only', () => {
  const sites = englishSites();

  it('are internal ones, none of a code a person meets', () => {
    expect(sites.filter((s) => s.code !== 'internal')).toEqual([]);
  });

  it('are the ones listed, each a bug if it ever shows', () => {
    const byFile: Record<string, number> = {};
    for (const s of sites) byFile[s.file] = (byFile[s.file] ?? 0) + 1;
    expect(byFile).toEqual(ENGLISH_ONLY);
  });
});
