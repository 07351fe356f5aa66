#!/usr/bin/env node
// The portal's production HTTP server: `npm start`, the container and the standalone output (`node server.mjs`).
//
// It wraps Next's request handler for three things `next start` cannot do:
// 1. Forwarded headers from the TCP peer (SECURITY 10): X-Forwarded-* and X-Request-Id are kept only when the peer is
//    in TRUSTED_PROXIES; otherwise they are dropped. The peer is appended to X-Forwarded-For and X-Forwarded-Proto is
//    set when absent, so the route handlers read facts (lib/request-meta.ts, PORTAL_SERVER=1).
// 2. Graceful shutdown (SECURITY 13): on SIGTERM /readyz answers 503 at once, new requests are still served for a
//    short drain delay (the load balancer notices the 503), then the listener closes; in-flight requests get up to
//    SHUTDOWN_GRACE_MS (25 s) from the signal; the database is closed; exit 0 (1 if requests had to be cut).
// 3. One JSON log line per page or static request with its request id (route handlers under /api log their own,
//    with tenant and user: lib/bff/request-log.ts). Every response carries X-Request-Id. Every other line the process
//    writes through `console` (Next's own error reports included) becomes one JSON object too, with the id of the
//    request it was written for (lib/log reads the same request scope) and a stack as one `err` field.
// 4. A path under /api/ that is not valid %-encoded UTF-8 is answered 400 with the Blade envelope, as lib/bff answers
//    the paths it refuses, instead of Next's HTML error page.
//
// Configuration is validated by lib/env.ts when Next starts (instrumentation.ts); this file reads only what it needs
// before that, and never logs headers or query strings.
import { AsyncLocalStorage } from 'node:async_hooks';
import { randomUUID } from 'node:crypto';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import http from 'node:http';
import { createRequire } from 'node:module';
import { BlockList, isIP } from 'node:net';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { format } from 'node:util';

const here = path.dirname(fileURLToPath(import.meta.url));
// In the repository this file is scripts/server.mjs; in the standalone output it sits next to Next's server.js.
const dir = existsSync(path.join(here, 'server.js')) ? here : path.resolve(here, '..');
const require = createRequire(path.join(dir, 'package.json'));

const port = Number(process.env.PORT || 3000);
// Not HOSTNAME: Docker sets that to the container id.
const hostname = process.env.HOST || '0.0.0.0';
const graceMs = Number(process.env.SHUTDOWN_GRACE_MS || 25_000);
const drainDelayMs = Math.min(Number(process.env.SHUTDOWN_DRAIN_DELAY_MS || 3_000), graceMs);
const distDir = process.env.NEXT_DIST_DIR || '.next';

process.env.PORTAL_SERVER = '1';
process.env.NEXT_TELEMETRY_DISABLED = '1';
// Next forces this for `next start`; the operator's intent was recorded as APP_ENV (scripts/start.mjs, lib/env.ts).
process.env.APP_ENV ||= process.env.NODE_ENV === 'production' ? 'production' : 'development';
process.env.NODE_ENV = 'production';

// --- logging (the same JSON shape as lib/log) ---------------------------------------------------------------------
const levels = { trace: 10, debug: 20, info: 30, warn: 40, error: 50, fatal: 60, silent: Infinity };
const minLevel = levels[process.env.LOG_LEVEL || 'info'] ?? 30;
// The request a line belongs to; lib/log finds the same store under this name and adds the id to its own lines.
const requestScope = (globalThis.__portalRequestScope ??= new AsyncLocalStorage());

function serializeError(err) {
  return { type: err.name, message: err.message, stack: err.stack, ...(err.code && { code: err.code }) };
}

function log(level, fields, msg) {
  if (levels[level] < minLevel) return;
  const reqId = requestScope.getStore()?.reqId;
  const line = {
    level,
    time: new Date().toISOString(),
    service: 'portal',
    ...(reqId && { reqId }),
    ...fields,
    msg,
  };
  process.stdout.write(`${JSON.stringify(line)}\n`);
}

// Next and libraries report through `console` in plain, often multi-line text: one JSON line each instead.
for (const [method, level] of Object.entries({
  log: 'info',
  info: 'info',
  debug: 'debug',
  trace: 'debug',
  warn: 'warn',
  error: 'error',
})) {
  console[method] = (...args) => {
    const err = args.find((arg) => arg instanceof Error);
    const text = format(...args.filter((arg) => arg !== err));
    log(level, err ? { err: serializeError(err) } : {}, text || err?.message || '');
  };
}

// --- trusted proxies ----------------------------------------------------------------------------------------------
const trusted = new BlockList();
for (const entry of (process.env.TRUSTED_PROXIES || '')
  .split(',')
  .map((s) => s.trim())
  .filter(Boolean)) {
  const [address, bits] = entry.split('/');
  const family = isIP(address);
  if (!family) continue; // lib/env.ts reports the bad entry and stops start-up
  const type = family === 6 ? 'ipv6' : 'ipv4';
  if (bits === undefined) trusted.addAddress(address, type);
  else trusted.addSubnet(address, Number(bits), type);
}

function peerAddress(socket) {
  const address = socket.remoteAddress || '';
  return address.startsWith('::ffff:') && isIP(address.slice(7)) === 4 ? address.slice(7) : address;
}

function isTrusted(address) {
  const family = isIP(address);
  return family !== 0 && trusted.check(address, family === 6 ? 'ipv6' : 'ipv4');
}

const FORWARDED = [
  'x-forwarded-for',
  'x-forwarded-proto',
  'x-forwarded-host',
  'x-forwarded-port',
  'forwarded',
  'x-real-ip',
];
const REQUEST_ID = /^[A-Za-z0-9._-]{8,128}$/;

/** Rewrites the forwarded headers from the peer's point of view; returns the request id. */
function settleForwarded(req) {
  const peer = peerAddress(req.socket);
  const fromProxy = isTrusted(peer);
  if (!fromProxy) {
    for (const name of FORWARDED) delete req.headers[name];
    delete req.headers['x-request-id'];
  }
  const chain = req.headers['x-forwarded-for'];
  req.headers['x-forwarded-for'] = chain ? `${chain}, ${peer}` : peer;
  req.headers['x-forwarded-proto'] ||= req.socket.encrypted ? 'https' : 'http';
  const given = req.headers['x-request-id'];
  const id = typeof given === 'string' && REQUEST_ID.test(given) ? given : randomUUID();
  req.headers['x-request-id'] = id;
  return id;
}

// --- malformed API paths ------------------------------------------------------------------------------------------
function isMalformedApiPath(url) {
  let pathname = (url || '/').split('?')[0];
  if (basePath && (pathname === basePath || pathname.startsWith(`${basePath}/`)))
    pathname = pathname.slice(basePath.length);
  if (!pathname.startsWith('/api/') || !pathname.includes('%')) return false;
  try {
    decodeURIComponent(pathname);
    return false;
  } catch {
    return true;
  }
}

function refuseMalformedPath(res) {
  res.writeHead(400, {
    'Content-Type': 'application/json;charset=UTF-8',
    'Cache-Control': 'no-store',
    'X-Content-Type-Options': 'nosniff',
  });
  res.end(JSON.stringify({ code: 400, success: false, data: null, msg: '请求路径不合法' }));
}

// --- Next ---------------------------------------------------------------------------------------------------------
// The standalone output carries its configuration in required-server-files.json (as Next's own server.js uses it),
// inside the build directory it was made with (.next, or NEXT_DIST_DIR at build time).
const standalone = dir === here;
const serverFiles = [distDir, ...readdirSync(dir).filter((name) => name.startsWith('.next'))]
  .map((name) => path.join(dir, name, 'required-server-files.json'))
  .find((file) => existsSync(file));
let conf;
if (standalone) {
  if (!serverFiles) {
    console.error(`[server] ${dir} holds neither next.config.mjs nor a build (required-server-files.json)`);
    process.exit(1);
  }
  conf = JSON.parse(readFileSync(serverFiles, 'utf8')).config;
  process.env.__NEXT_PRIVATE_STANDALONE_CONFIG = JSON.stringify(conf);
}
const basePath = conf?.basePath ?? process.env.BASE_PATH ?? '';
const next = require('next');
const app = next({ dev: false, dir, hostname, port, customServer: true, ...(conf ? { conf } : {}) });
const handle = app.getRequestHandler();

let inFlight = 0;
let draining = false;
let drained = () => {};

const server = http.createServer((req, res) => {
  const started = performance.now();
  const id = settleForwarded(req);
  res.setHeader('X-Request-Id', id);
  // HSTS on everything that went out over https (pages get it from proxy.ts too, which also covers `next start`).
  if (req.headers['x-forwarded-proto'] === 'https')
    res.setHeader('Strict-Transport-Security', 'max-age=31536000');
  if (draining) res.setHeader('Connection', 'close');
  inFlight++;
  let done = false;
  const finish = () => {
    if (done) return;
    done = true;
    inFlight--;
    // Logged as the application sees it (without BASE_PATH), like the API lines of lib/bff.
    let route = (req.url || '/').split('?')[0];
    if (basePath && (route === basePath || route.startsWith(`${basePath}/`)))
      route = route.slice(basePath.length) || '/';
    if (!route.startsWith('/api/')) {
      log(
        res.statusCode >= 500 ? 'error' : 'info',
        {
          reqId: id,
          method: req.method,
          route,
          status: res.statusCode,
          durationMs: Math.round((performance.now() - started) * 10) / 10,
        },
        'request',
      );
    }
    if (draining && inFlight === 0) drained();
  };
  res.on('finish', finish);
  res.on('close', finish);
  requestScope.run({ reqId: id }, () => {
    if (isMalformedApiPath(req.url)) return refuseMalformedPath(res);
    handle(req, res).catch((error) => {
      log('error', { err: error instanceof Error ? serializeError(error) : String(error) }, 'request failed');
      if (!res.headersSent) res.statusCode = 500;
      res.end();
    });
  });
});
server.keepAliveTimeout = 65_000; // longer than common proxies' upstream keep-alive, so they close first

async function shutdown(signal) {
  if (draining) return;
  draining = true;
  const lifecycle = globalThis.__portalLifecycle;
  if (lifecycle) lifecycle.draining = true;
  log(
    'info',
    { signal, inFlight, graceMs, drainDelayMs },
    'shutting down: readiness 503, finishing requests',
  );
  const deadline = Date.now() + graceMs;
  await new Promise((resolve) => setTimeout(resolve, drainDelayMs));
  server.close();
  server.closeIdleConnections();
  const allDone =
    inFlight === 0 ? Promise.resolve(true) : new Promise((resolve) => (drained = () => resolve(true)));
  const finished = await Promise.race([
    allDone,
    new Promise((resolve) => setTimeout(() => resolve(false), Math.max(0, deadline - Date.now()))),
  ]);
  if (!finished) log('error', { inFlight }, 'requests still running after the grace period; cutting them');
  try {
    // Closing the database must not keep a stopping process alive.
    await Promise.race([lifecycle?.close?.(), new Promise((resolve) => setTimeout(resolve, 3_000))]);
  } catch (error) {
    log('error', { err: String(error?.message ?? error) }, 'closing the database failed');
  }
  log('info', { exitCode: finished ? 0 : 1 }, 'stopped');
  process.exit(finished ? 0 : 1);
}
process.on('SIGTERM', () => void shutdown('SIGTERM'));
process.on('SIGINT', () => void shutdown('SIGINT'));

await app.prepare();
server.listen(port, hostname, () => {
  log('info', { port, hostname, standalone }, 'listening');
});
