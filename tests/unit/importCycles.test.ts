import { readFileSync, readdirSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';

/**
 * No import circles (DESIGN.md §1): one composition root builds repositories and services and
 * hands them down, so no module needs one that needs it back. Counted as madge counts them:
 * type-only imports, `export … from` and dynamic `import()` are edges too, since a circle of
 * types is the same knot of modules to read, test and move.
 */

const ROOT = resolve(import.meta.dirname, '../..');
const SOURCE_ROOTS = ['server', 'src', 'contract'];

// `import … from '…'`, `import '…'`, `export … from '…'` (over several lines, but not past a
// quote or a semicolon, so never into a later statement), and `import('…')`. Relative only.
const SPECIFIER = /(?:^\s*(?:import|export)\s+(?:[^'";]*?\sfrom\s+)?|\bimport\(\s*)['"](\.{1,2}\/[^'"]*|\.{1,2})['"]/gm;

/** The relative specifiers a module names. */
function specifiersOf(source: string): string[] {
  return [...source.matchAll(SPECIFIER)].map((m) => m[1]);
}

/** The module a specifier names, among `files`: `.js` standing for `.ts`/`.tsx`, no extension, or a folder's index. */
function resolveSpecifier(from: string, specifier: string, files: ReadonlySet<string>): string | null {
  const path = resolve(dirname(from), specifier);
  const bare = path.replace(/\.jsx?$/, '');
  const candidates = [path, `${bare}.ts`, `${bare}.tsx`, join(path, 'index.ts'), join(path, 'index.tsx')];
  return candidates.find((c) => files.has(c)) ?? null;
}

/** The strongly connected components with a circle in them (Tarjan), each as a list of modules. */
function findCycles(graph: ReadonlyMap<string, readonly string[]>): string[][] {
  const order = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const onStack = new Set<string>();
  const knots: string[][] = [];
  const visit = (v: string) => {
    order.set(v, order.size);
    low.set(v, order.get(v)!);
    stack.push(v);
    onStack.add(v);
    for (const w of graph.get(v) ?? []) {
      if (!order.has(w)) {
        visit(w);
        low.set(v, Math.min(low.get(v)!, low.get(w)!));
      } else if (onStack.has(w)) low.set(v, Math.min(low.get(v)!, order.get(w)!));
    }
    if (low.get(v) !== order.get(v)) return;
    const knot: string[] = [];
    let w: string;
    do {
      w = stack.pop()!;
      onStack.delete(w);
      knot.push(w);
    } while (w !== v);
    // One module alone is a circle only when it imports itself.
    if (knot.length > 1 || graph.get(v)?.includes(v)) knots.push(knot.sort());
  };
  for (const v of graph.keys()) if (!order.has(v)) visit(v);
  return knots;
}

/** One concrete way round a knot, from its first module back to it (breadth first, so a shortest one). */
function loopIn(knot: readonly string[], graph: ReadonlyMap<string, readonly string[]>): string[] {
  const inKnot = new Set(knot);
  const start = knot[0];
  const cameFrom = new Map<string, string>();
  const queue = [start];
  for (let i = 0; i < queue.length; i++) {
    for (const w of graph.get(queue[i]) ?? []) {
      if (!inKnot.has(w)) continue;
      if (w === start) {
        const back: string[] = [];
        for (let at = queue[i]; at !== start; at = cameFrom.get(at)!) back.push(at);
        return [start, ...back.reverse(), start];
      }
      if (!cameFrom.has(w)) {
        cameFrom.set(w, queue[i]);
        queue.push(w);
      }
    }
  }
  return [...knot];
}

function projectGraph(): Map<string, string[]> {
  const files = new Set<string>();
  for (const root of SOURCE_ROOTS) {
    for (const name of readdirSync(join(ROOT, root), { recursive: true, encoding: 'utf8' })) {
      if (/\.tsx?$/.test(name) && !name.endsWith('.d.ts')) files.add(join(ROOT, root, name));
    }
  }
  const graph = new Map<string, string[]>();
  for (const file of files) {
    const targets = specifiersOf(readFileSync(file, 'utf8')).map((s) => resolveSpecifier(file, s, files));
    graph.set(file, [...new Set(targets.filter((t): t is string => t !== null))]);
  }
  return graph;
}

describe('import circles', () => {
  it('the detector finds a circle, and only where there is one', () => {
    const graph = new Map([
      ['a', ['b']], ['b', ['c']], ['c', ['a', 'd']], ['d', []], ['e', ['a']], ['f', ['f']],
    ]);
    expect(findCycles(graph).sort()).toEqual([['a', 'b', 'c'], ['f']]);
    expect(loopIn(['a', 'b', 'c'], graph)).toEqual(['a', 'b', 'c', 'a']);
    expect(findCycles(new Map([['a', ['b']], ['b', []]]))).toEqual([]);
  });

  it('reads every kind of import and resolves it as TypeScript does', () => {
    const source = [
      "import type { A } from './types.js';",
      'import {',
      '  b,',
      '  type B,',
      "} from '../lib/b.js';",
      "export * from './again.js';",
      "export { c } from './c';",
      "import './side.css';",
      "const Page = lazy(() => import('./pages'));",
      "import { z } from 'zod';",
      "export const note = 'imported from elsewhere';",
    ].join('\n');
    expect(specifiersOf(source)).toEqual(['./types.js', '../lib/b.js', './again.js', './c', './side.css', './pages']);
    const files = new Set(['/p/x/types.ts', '/p/lib/b.tsx', '/p/x/again.ts', '/p/x/c.ts', '/p/x/pages/index.tsx']);
    const resolved = specifiersOf(source).map((s) => resolveSpecifier('/p/x/m.ts', s, files));
    expect(resolved).toEqual(['/p/x/types.ts', '/p/lib/b.tsx', '/p/x/again.ts', '/p/x/c.ts', null, '/p/x/pages/index.tsx']);
  });

  it('server, src and contract have none', () => {
    const graph = projectGraph();
    expect(graph.size).toBeGreaterThan(100);
    const name = (file: string) => relative(ROOT, file);
    const found = findCycles(graph).map((knot) =>
      `${loopIn(knot, graph).map(name).join(' → ')}${knot.length > 2 ? `  (one knot of ${knot.length}: ${knot.map(name).join(', ')})` : ''}`);
    expect(found).toEqual([]);
  });
});
