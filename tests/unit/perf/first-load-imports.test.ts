import path from 'node:path';
import { importsOf, root } from '../architecture/import-graph';

// The first-load budget of issue 18 (`npm run bench` measures it in a browser): the login page and the signed-in
// shell with the work dashboard must not load zod or the resource registry (every resource's schemas), which cost
// most of the budget when they crept in through a constant. This walks their static imports (dynamic `import()` is a
// chunk of its own, loaded when used) and names the chain that reaches a forbidden module.

/** The chain of static imports from `entry` to the first module `forbidden` matches, or null. */
function chainTo(entry: string, forbidden: (spec: string) => boolean): string[] | null {
  const start = path.join(root, entry);
  const parent = new Map<string, string | null>([[start, null]]);
  const queue = [start];
  while (queue.length) {
    const file = queue.shift()!;
    for (const target of importsOf(file)) {
      const name = path.isAbsolute(target) ? path.relative(root, target) : target;
      if (forbidden(name)) {
        const chain = [name];
        for (let at: string | null = file; at; at = parent.get(at) ?? null)
          chain.push(path.relative(root, at));
        return chain.reverse();
      }
      if (path.isAbsolute(target) && !parent.has(target)) {
        parent.set(target, file);
        queue.push(target);
      }
    }
  }
  return null;
}

const heavy = (name: string) =>
  name === 'zod' || name.startsWith('zod/') || name === 'lib/contracts/registry.ts';

describe('first-load imports', () => {
  it.each([
    ['the login page', 'components/auth/login-screen.tsx'],
    ['the root providers', 'components/providers/app-providers.tsx'],
    ['the signed-in shell', 'components/layout/portal-shell.tsx'],
    ['the work dashboard', 'components/home/work-dashboard.tsx'],
  ])('%s loads neither zod nor the resource registry', (_, entry) => {
    expect(chainTo(entry, heavy)).toBeNull();
  });

  it('finds such a chain where there is one', () => {
    // The check itself: a resource screen does load its schemas.
    expect(chainTo('components/crud/resource-screen.tsx', heavy)).not.toBeNull();
  });
});
