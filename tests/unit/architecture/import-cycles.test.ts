import { readdirSync } from 'node:fs';
import path from 'node:path';
import { importsOf, root } from './import-graph';

// Issue 12: no import cycles in the product's code, and blade/core independent of blade/modules (the modules build on
// the core, never the other way). A cycle makes module start-up order matter (a value read before its module ran is
// undefined) and ties modules that should change apart.

const SOURCE = /\.tsx?$/;
const TEST = /\.test\.tsx?$|\.test-helpers?\.ts$/;

function sourcesUnder(dir: string): string[] {
  return readdirSync(path.join(root, dir), { withFileTypes: true }).flatMap((entry) => {
    const name = path.join(dir, entry.name);
    if (entry.isDirectory()) return entry.name === 'node_modules' ? [] : sourcesUnder(name);
    return SOURCE.test(entry.name) && !TEST.test(entry.name) ? [path.join(root, name)] : [];
  });
}

/** The strongly connected groups of more than one file (Tarjan), each a cycle of imports. */
function cycles(files: string[]): string[][] {
  const graph = new Map(files.map((f) => [f, importsOf(f).filter((t) => path.isAbsolute(t))]));
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const onStack = new Set<string>();
  const groups: string[][] = [];
  let next = 0;
  const visit = (v: string) => {
    index.set(v, next);
    low.set(v, next++);
    stack.push(v);
    onStack.add(v);
    for (const w of graph.get(v) ?? []) {
      if (!graph.has(w))
        graph.set(
          w,
          importsOf(w).filter((t) => path.isAbsolute(t)),
        );
      if (!index.has(w)) {
        visit(w);
        low.set(v, Math.min(low.get(v)!, low.get(w)!));
      } else if (onStack.has(w)) low.set(v, Math.min(low.get(v)!, index.get(w)!));
    }
    if (low.get(v) === index.get(v)) {
      const group: string[] = [];
      let w: string;
      do {
        w = stack.pop()!;
        onStack.delete(w);
        group.push(path.relative(root, w));
      } while (w !== v);
      if (group.length > 1) groups.push(group.sort());
    }
  };
  for (const file of files) if (!index.has(file)) visit(file);
  return groups;
}

describe('the import graph', () => {
  const files = ['app', 'components', 'lib', 'blade'].flatMap(sourcesUnder);

  it('has no cycle', () => {
    expect(cycles(files)).toEqual([]);
  });

  it('finds a cycle where there is one', () => {
    // The check itself, on two files that import each other.
    const a = path.join(root, 'tests/unit/architecture/fixtures/cycle-a.ts');
    expect(cycles([a])).toEqual([
      ['tests/unit/architecture/fixtures/cycle-a.ts', 'tests/unit/architecture/fixtures/cycle-b.ts'],
    ]);
  });

  it('keeps blade/core free of blade/modules', () => {
    const core = files.filter((f) => path.relative(root, f).startsWith('blade/core/'));
    const reaching = core.flatMap((f) =>
      importsOf(f)
        .filter((t) => path.relative(root, t).startsWith('blade/modules/'))
        .map((t) => `${path.relative(root, f)} → ${path.relative(root, t)}`),
    );
    expect(reaching).toEqual([]);
  });
});
