import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';

// The project's static import graph as the bundler and Node see it: `import type` is erased and a dynamic `import()`
// is a chunk of its own, so neither counts. Shared by the first-load budget and the import-cycle checks.

export const root = process.cwd();
const IMPORT = /^\s*(?:import|export)\s+(?!type\b)(?:[^'";]*?\sfrom\s+)?['"]([^'"]+)['"]/gm;

/** The file a specifier names from `from` (absolute), a package's name as it is, or null (json, css). */
export function resolveImport(from: string, spec: string): string | null {
  let base: string;
  if (spec.startsWith('@/')) base = path.join(root, spec.slice(2));
  else if (spec.startsWith('.')) base = path.resolve(path.dirname(from), spec);
  else return spec;
  for (const candidate of [base, `${base}.ts`, `${base}.tsx`, path.join(base, 'index.ts')])
    if (existsSync(candidate) && /\.tsx?$/.test(candidate)) return candidate;
  return null;
}

/** The static imports of `file` (absolute): project files absolute, packages by name. */
export function importsOf(file: string): string[] {
  const found: string[] = [];
  for (const match of readFileSync(file, 'utf8').matchAll(IMPORT)) {
    const target = resolveImport(file, match[1]);
    if (target) found.push(target);
  }
  return found;
}
