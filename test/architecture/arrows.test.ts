// The seams import one another only along the arrows docs/architecture.md allows (its ```arrows block),
// every arrow it allows is one the code uses, and the page's figures that code can count are the code's.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { FINDING_CATEGORIES } from '../../src/shared/domain.ts';
import { graphProblems, parseArrows, readImportGraph, tableProblems } from './import-graph.ts';

const ROOT = join(import.meta.dirname, '..', '..');
const PAGE = readFileSync(join(ROOT, 'docs', 'architecture.md'), 'utf8');

describe('docs/architecture.md', () => {
  it('lists each seam below every seam it may import', () => {
    const problems = tableProblems(parseArrows(PAGE));
    expect(problems, problems.join('\n')).toEqual([]);
  });

  it('allows exactly the arrows the code has', () => {
    const graph = readImportGraph(ROOT);
    expect(graph.imports.length).toBeGreaterThan(100);
    const problems = graphProblems(graph, parseArrows(PAGE));
    expect(problems, problems.join('\n')).toEqual([]);
  });

  it('counts the rules there are: one per finding category', () => {
    expect(PAGE).toContain(`${FINDING_CATEGORIES.length} rules`);
  });
});

const page = (lines: string) => `# t\n\n\`\`\`arrows\n${lines}\n\`\`\`\n`;
const graph = (imports: Array<[string, string, string]>) => ({
  seams: new Set(['shared', 'config', 'report', 'serve']),
  imports: imports.map(([file, from, to]) => ({ file, specifier: `../${to}/x.ts`, from, to })),
});
const TABLE = 'shared ->\nconfig -> shared\nreport -> shared, config (its, why)\nserve -> report';

describe('the arrows check', () => {
  it.each([
    {
      name: 'imports along the arrows',
      imports: [
        ['src/report/a.ts', 'report', 'shared'],
        ['src/report/b.ts', 'report', 'config'],
        ['src/config/c.ts', 'config', 'shared'],
        ['src/serve/d.ts', 'serve', 'report'],
      ],
      says: [],
    },
    {
      name: 'an import against them',
      imports: [
        ['src/report/a.ts', 'report', 'shared'],
        ['src/report/b.ts', 'report', 'config'],
        ['src/config/c.ts', 'config', 'shared'],
        ['src/serve/d.ts', 'serve', 'report'],
        ['src/report/e.ts', 'report', 'serve'],
      ],
      says: ["src/report/e.ts imports '../serve/x.ts': report -> serve is not an arrow docs/architecture.md allows"],
    },
    {
      name: 'an arrow nothing uses',
      imports: [
        ['src/report/a.ts', 'report', 'shared'],
        ['src/config/c.ts', 'config', 'shared'],
        ['src/serve/d.ts', 'serve', 'report'],
      ],
      says: ['docs/architecture.md allows report -> config, but no file of report imports config: remove it'],
    },
  ] as Array<{ name: string; imports: Array<[string, string, string]>; says: string[] }>)('$name', ({ imports, says }) => {
    expect(graphProblems(graph(imports), parseArrows(page(TABLE)))).toEqual(says.map((s) => expect.stringContaining(s)));
  });

  it.each([
    { name: 'a seam without its line', table: 'shared ->\nconfig -> shared\nreport -> shared, config', says: 'seam serve holds code but has no line' },
    {
      name: 'an arrow pointing down the page',
      table: 'config -> shared\nshared ->\nreport -> shared, config\nserve -> report',
      says: 'but shared is listed below config',
    },
  ])('$name', ({ table, says }) => {
    const arrows = parseArrows(page(table));
    const imports = graph([
      ['src/config/c.ts', 'config', 'shared'],
      ['src/report/a.ts', 'report', 'shared'],
      ['src/report/b.ts', 'report', 'config'],
      ['src/serve/d.ts', 'serve', 'report'],
    ]);
    expect([...tableProblems(arrows), ...graphProblems(imports, arrows)]).toEqual([expect.stringContaining(says)]);
  });
});
