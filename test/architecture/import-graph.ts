// The seams' import graph against the arrows docs/architecture.md allows. The allowed arrows live in one
// place, the ```arrows block of that page, which a person reads and this module parses: a line per seam,
// `seam -> seam, seam (why), ...`, each seam on a line below every seam it may import, so that the arrows
// run one way by construction. The production code's imports (src/, jobs/, reports/, bin/) are read with
// TypeScript's own pre-processor (static imports, `export ... from`, dynamic imports), resolved to a seam:
// the first folder under src/, else the top folder. Each problem is a sentence naming the file and the
// arrow, and what to do about it.
import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join, relative, resolve, sep } from 'node:path';
import ts from 'typescript';

/** The folders whose code the arrows govern (tests import what they like). */
const CODE_ROOTS = ['src', 'jobs', 'reports', 'bin'] as const;

/** One import of one file, between two seams. */
interface SeamImport {
  /** The importing file, relative to the repository. */
  file: string;
  specifier: string;
  from: string;
  to: string;
}

/** The arrows block: each seam in the order listed, with the seams it may import. */
export type AllowedArrows = ReadonlyMap<string, ReadonlySet<string>>;

/**
 * The seam of a path relative to the repository: src/<seam>/..., else the top folder (jobs, reports, bin,
 * ...). dist/ is the build of the CLI (scripts/build.mjs), so an import of it is one of the cli seam.
 */
function seamOf(path: string): string {
  const parts = path.split(sep);
  if (parts[0] === 'dist') return 'cli';
  return parts[0] === 'src' && parts.length > 2 ? (parts[1] ?? 'src') : (parts[0] ?? path);
}

/** Parses the ```arrows block of the markdown page; throws when the page has none or a line is malformed. */
export function parseArrows(markdown: string): AllowedArrows {
  const block = /^ *```arrows\n([\s\S]*?)^ *```/m.exec(markdown)?.[1];
  if (block === undefined) throw new Error('docs/architecture.md has no ```arrows block');
  const arrows = new Map<string, Set<string>>();
  for (const raw of block.split('\n')) {
    const line = raw.replace(/#.*/, '').trim();
    if (line === '') continue;
    const match = /^([a-z-]+)\s*->(.*)$/.exec(line);
    if (!match?.[1]) throw new Error(`docs/architecture.md, arrows block: "${raw}" is not "seam -> seam, seam (why), ..."`);
    // A why in parentheses may hold commas; drop it before splitting.
    const targets = (match[2] ?? '')
      .replace(/\([^)]*\)/g, '')
      .split(',')
      .map((t) => t.trim())
      .filter((t) => t !== '');
    arrows.set(match[1], new Set(targets));
  }
  return arrows;
}

/** Problems of the table itself: an arrow to a seam that has no line, or to a seam listed below it. */
export function tableProblems(arrows: AllowedArrows): string[] {
  const order = [...arrows.keys()];
  const problems: string[] = [];
  for (const [seam, targets] of arrows) {
    for (const target of targets) {
      const at = order.indexOf(target);
      if (at < 0) problems.push(`docs/architecture.md allows ${seam} -> ${target}, but ${target} has no line of its own in the arrows block: add one`);
      else if (at >= order.indexOf(seam)) {
        problems.push(
          `docs/architecture.md allows ${seam} -> ${target}, but ${target} is listed below ${seam}: arrows run one way, so list ${target} above it (or break the cycle)`,
        );
      }
    }
  }
  return problems;
}

function codeFiles(dir: string, root: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return codeFiles(path, root);
    return /\.(ts|js|mjs)$/.test(entry.name) ? [relative(root, path)] : [];
  });
}

/** The code's import graph: every seam that holds code, and every import that crosses from one seam into another. */
export interface ImportGraph {
  seams: ReadonlySet<string>;
  imports: readonly SeamImport[];
}

/** Reads the graph of the code under `root`. */
export function readImportGraph(root: string): ImportGraph {
  const files = CODE_ROOTS.flatMap((folder) => codeFiles(join(root, folder), root));
  const imports: SeamImport[] = [];
  for (const file of files) {
    for (const { fileName: specifier } of ts.preProcessFile(readFileSync(join(root, file), 'utf8'), true, true).importedFiles) {
      if (!specifier.startsWith('.')) continue;
      const from = seamOf(file);
      const to = seamOf(relative(root, resolve(root, dirname(file), specifier)));
      if (from !== to) imports.push({ file, specifier, from, to });
    }
  }
  return { seams: new Set(files.map(seamOf)), imports };
}

/**
 * Every seam without its line, every import the table does not allow, and every line or arrow the code no
 * longer has (the page would be stale).
 */
export function graphProblems({ seams, imports }: ImportGraph, arrows: AllowedArrows): string[] {
  const problems: string[] = [];
  for (const seam of seams) {
    if (!arrows.has(seam))
      problems.push(`seam ${seam} holds code but has no line in the arrows block of docs/architecture.md: add one, listing the seams it may import`);
  }
  for (const seam of arrows.keys()) {
    if (!seams.has(seam)) problems.push(`docs/architecture.md lists seam ${seam}, which holds no code: remove its line from the arrows block`);
  }
  const used = new Set<string>();
  for (const { file, specifier, from, to } of imports) {
    used.add(`${from} -> ${to}`);
    if (arrows.has(from) && !arrows.get(from)?.has(to)) {
      problems.push(
        `${file} imports '${specifier}': ${from} -> ${to} is not an arrow docs/architecture.md allows. Move what both need down (into src/shared), pass it in, or, if the arrow is right, add it to the arrows block with a one-line why`,
      );
    }
  }
  for (const [from, targets] of arrows) {
    for (const to of targets) {
      if (!used.has(`${from} -> ${to}`))
        problems.push(`docs/architecture.md allows ${from} -> ${to}, but no file of ${from} imports ${to}: remove it from the arrows block`);
    }
  }
  return problems;
}
