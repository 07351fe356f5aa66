#!/usr/bin/env node
// `npm start`: validate the configuration, build the portal when no production build exists, then serve it with the
// production server (scripts/server.mjs: trusted-proxy headers, graceful shutdown, request logs).
// Serving forces NODE_ENV=production, so the operator's intent is recorded as APP_ENV first (see lib/env.ts).
import { spawn, spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { portalNodeFlags } from './node-flags.mjs';

// Next's telemetry would call out from an intranet build; every Next process these scripts start inherits this.
process.env.NEXT_TELEMETRY_DISABLED = '1';
const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const nextBin = path.join(root, 'node_modules', 'next', 'dist', 'bin', 'next');
const env = {
  ...process.env,
  APP_ENV: process.env.APP_ENV || (process.env.NODE_ENV === 'production' ? 'production' : 'development'),
};

const { tsImport } = await import('tsx/esm/api');
const { parseConfig, ConfigError } = await tsImport('../lib/env.ts', import.meta.url);
let config;
try {
  config = parseConfig(env);
} catch (error) {
  if (error instanceof ConfigError || error?.name === 'ConfigError') {
    console.error(error.message);
    process.exit(1);
  }
  throw error;
}

// `npm run demo` (DEMO_INSTITUTE): the demo tenant is made before the server starts (blade/demo/README.md).
if (config.demoInstitute) {
  const { prepareDemo } = await tsImport('../blade/demo/prepare.ts', import.meta.url);
  await prepareDemo(config);
}

if (!existsSync(path.join(root, process.env.NEXT_DIST_DIR || '.next', 'BUILD_ID'))) {
  console.log('[start] no production build found: running next build (about a minute on 2 cores)…');
  const build = spawnSync(process.execPath, [nextBin, 'build'], { cwd: root, env, stdio: 'inherit' });
  if (build.status !== 0) process.exit(build.status ?? 1);
}

const server = spawn(process.execPath, [...portalNodeFlags(), path.join(root, 'scripts', 'server.mjs')], {
  cwd: root,
  env: { ...env, PORT: String(config.port) },
  stdio: 'inherit',
});
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => server.kill(signal));
server.on('exit', (code, signal) => process.exit(code ?? (signal ? 0 : 1)));
