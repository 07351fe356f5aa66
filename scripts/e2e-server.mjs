#!/usr/bin/env node
// Serves a fresh production build for the browser journeys: new data directory, test secrets, test hooks on.
import { spawn, spawnSync } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { startInbox } from './e2e-inbox.mjs';

// Next's telemetry would call out from an intranet build; every Next process these scripts start inherits this.
process.env.NEXT_TELEMETRY_DISABLED = '1';
const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const nextBin = path.join(root, 'node_modules', 'next', 'dist', 'bin', 'next');
const port = process.env.E2E_PORT ?? '3100';
// The inbox (scripts/e2e-inbox.mjs): SMTP on port + 1, its reading side and the SMS vendor on port + 2.
const smtpPort = Number(port) + 1;
const inboxPort = Number(port) + 2;

if (process.env.E2E_SKIP_BUILD !== '1') {
  // In CI `npm test` has type-checked the whole project already; the build's own check would repeat it (a minute).
  const build = spawnSync(process.execPath, [nextBin, 'build'], {
    cwd: root,
    stdio: 'inherit',
    env: process.env.CI === 'true' ? { ...process.env, BUILD_SKIP_TYPECHECK: '1' } : process.env,
  });
  if (build.status !== 0) process.exit(build.status ?? 1);
}

const env = {
  ...process.env,
  APP_ENV: 'test',
  PORT: port,
  DATA_DIR: mkdtempSync(path.join(os.tmpdir(), 'portal-e2e-')),
  SESSION_SECRET: 'e2e-session-secret-0123456789-abcdefghijklmnop',
  JWT_SIGNING_KEY: 'e2e-jwt-signing-key-0123456789-abcdefghijklmnopqrstuvwxyz',
  CLIENT_ID: 'portal',
  CLIENT_SECRET: 'e2e-client-secret-0123456789',
  ADMIN_PASSWORD: 'Admin#e2e-2026',
  PUBLIC_ORIGINS: `http://127.0.0.1:${port},http://localhost:${port}`,
  TEST_HOOKS: '1',
  // The demo institute beside the suite's own data (tests/e2e/demo.spec.ts; blade/demo).
  DEMO_INSTITUTE: '1',
  CAPTCHA_ENABLED: 'true',
  // Every journey signs in as the same administrator; the per-account login limit has its own tests (tests/api/prod).
  RATE_LIMIT_LOGIN_ACCOUNT: '1000',
  SMTP_URL: `smtp://127.0.0.1:${smtpPort}`,
  MAIL_FROM: 'portal@e2e.test',
  // The SMS vendor stand-in is a tenant's configured endpoint: ops allow it by name.
  // So is the browser suite's OpenID Connect provider (tests/e2e/sso.spec.ts).
  OUTBOUND_ALLOWED_HOSTS: `127.0.0.1:${inboxPort},127.0.0.1:${process.env.E2E_OIDC_PORT ?? '3190'}`,
};
delete env.DATABASE_URL;
delete env.BLADE_API_URL;

await startInbox({ smtpPort, httpPort: inboxPort });

const server = spawn(process.execPath, [nextBin, 'start', '-p', port, '-H', '127.0.0.1'], {
  cwd: root,
  env,
  stdio: 'inherit',
});
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => server.kill(signal));
server.on('exit', (code) => process.exit(code ?? 0));
