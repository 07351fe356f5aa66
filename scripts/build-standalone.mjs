#!/usr/bin/env node
// `npm run build:standalone`: `next build` with `output: 'standalone'`, then completes <distDir>/standalone into a
// directory that runs on its own (`node server.mjs`): static assets, public/, the production server and the backup
// client. The Dockerfile copies exactly this directory. BASE_PATH, if any, must be set now (Next fixes it at build).
import { spawnSync } from 'node:child_process';
import { cpSync, existsSync, readdirSync, rmSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { portalNodeFlags } from './node-flags.mjs';

// Next's telemetry would call out from an intranet build; every Next process these scripts start inherits this.
process.env.NEXT_TELEMETRY_DISABLED = '1';
const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const distDir = process.env.NEXT_DIST_DIR || '.next';
const dist = path.join(root, distDir);
const out = path.join(dist, 'standalone');

if (process.env.SKIP_NEXT_BUILD !== '1') {
  rmSync(out, { recursive: true, force: true });
  const build = spawnSync(
    process.execPath,
    [path.join(root, 'node_modules', 'next', 'dist', 'bin', 'next'), 'build'],
    {
      cwd: root,
      env: { ...process.env, BUILD_STANDALONE: '1' },
      stdio: 'inherit',
    },
  );
  if (build.status !== 0) process.exit(build.status ?? 1);
}
if (!existsSync(path.join(out, 'server.js'))) {
  console.error(
    `[build:standalone] ${out}/server.js is missing: was the build made with BUILD_STANDALONE=1?`,
  );
  process.exit(1);
}

// Next leaves these to the deployer (they are usually served by a CDN); the portal serves them itself.
cpSync(path.join(dist, 'static'), path.join(out, distDir, 'static'), { recursive: true });
if (existsSync(path.join(root, 'public')))
  cpSync(path.join(root, 'public'), path.join(out, 'public'), { recursive: true });
for (const file of ['server.mjs', 'backup.mjs'])
  cpSync(path.join(root, 'scripts', file), path.join(out, file));

// PGlite loads its WASM and data files by path at run time; file tracing does not always see them.
const pglite = path.join(root, 'node_modules', '@electric-sql', 'pglite', 'dist');
const pgliteOut = path.join(out, 'node_modules', '@electric-sql', 'pglite', 'dist');
for (const name of readdirSync(pglite).filter((f) => /\.(wasm|data|tar\.gz)$/.test(f))) {
  if (!existsSync(path.join(pgliteOut, name))) cpSync(path.join(pglite, name), path.join(pgliteOut, name));
}

// Only the runtime files ship. File tracing copies sources (and worse: DATA_DIR, secrets, test output) when a server
// module touches the file system with a computed path; the compiled server needs none of them.
const keep = new Set([
  'node_modules',
  distDir,
  'public',
  'package.json',
  'server.js',
  'server.mjs',
  'backup.mjs',
]);
for (const name of readdirSync(out)) {
  if (!keep.has(name)) rmSync(path.join(out, name), { recursive: true, force: true });
}

console.log(
  `[build:standalone] ${path.relative(root, out)} is ready: cd there and run NODE_ENV=production node ${[...portalNodeFlags(), 'server.mjs'].join(' ')}`,
);
