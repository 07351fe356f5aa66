import { createHash } from 'node:crypto';
import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import { cpSync, existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import http from 'node:http';
import https from 'node:https';
import os from 'node:os';
import path from 'node:path';
import { scratchDatabase } from '../../blade/testing/scratch-database';
import { portalNodeFlags } from '../../scripts/node-flags.mjs';

/**
 * The production shape on loopback: the standalone build copied alone into an empty directory and started with
 * `node server.mjs`, Debian's nginx in front of it (TLS with a throw-away certificate), two host names mapped to
 * 127.0.0.1. Ports 3141–3159 (PORTS below; the browser suites use 3100+ and 3140).
 */

export const ROOT = path.resolve(__dirname, '..', '..');
export const DIST_DIR = process.env.DEPLOY_DIST_DIR ?? '.next-deploy';
export const BASE_PATH = '/portal';
export const STAFF_HOST = 'portal.example.test';
export const CUSTOMER_HOST = 'customer.example.test';
export const PORTS = {
  portal: 3141,
  http: 3142,
  https: 3143,
  standalone: 3144,
  shutdown: 3145,
  backup: 3146,
  inboxSmtp: 3147,
  inboxHttp: 3148,
};

export const SECRETS = {
  SESSION_SECRET: 'deploy-session-secret-0123456789-abcdefghijklmnop',
  JWT_SIGNING_KEY: 'deploy-jwt-signing-key-0123456789-abcdefghijklmnopqrstuvwxyz',
  CLIENT_SECRET: 'deploy-client-secret-0123456789',
  ADMIN_PASSWORD: 'Admin#deploy-2026',
};

const PG_URL = process.env.DEPLOY_PG_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';

export { runStatement as sql } from '../../blade/testing/scratch-database';

/** A new empty database on the PostgreSQL server (DEPLOY_PG_URL) for one spec. */
export async function createDatabase(prefix: string): Promise<{ url: string; drop(): Promise<void> }> {
  const database = await scratchDatabase(PG_URL, prefix);
  return {
    url: database.url,
    // Cleaning up after the spec: a database left behind must not fail a run that passed.
    drop: () => database.drop().catch(() => undefined),
  };
}

/** Copies the standalone output, and nothing else, into a new empty directory. */
export function copyStandalone(): string {
  const source = path.join(ROOT, DIST_DIR, 'standalone');
  if (!existsSync(path.join(source, 'server.mjs'))) {
    throw new Error(
      `${source} is missing: run BASE_PATH=/portal NEXT_DIST_DIR=${DIST_DIR} npm run build:standalone`,
    );
  }
  const target = mkdtempSync(path.join(os.tmpdir(), 'portal-standalone-'));
  // Symbolic links inside the output are copied as links (they are relative); nothing may point back into the repo.
  cpSync(source, target, { recursive: true, verbatimSymlinks: true });
  return target;
}

export interface Running {
  pid: number;
  /** Everything the process wrote to stdout and stderr so far. */
  output(): string;
  /**
   * The first output line that matches, waiting for it: the child's stdout reaches this process through a pipe on its
   * own schedule, so the line of a request just answered may not be here yet.
   */
  line(matches: (line: string) => boolean, timeoutMs?: number): Promise<string>;
  exited: Promise<{ code: number | null; signal: NodeJS.Signals | null }>;
  stop(signal?: NodeJS.Signals): Promise<{ code: number | null; signal: NodeJS.Signals | null }>;
}

function track(child: ChildProcess): Running {
  let output = '';
  child.stdout?.on('data', (chunk: Buffer) => (output += chunk.toString('utf8')));
  child.stderr?.on('data', (chunk: Buffer) => (output += chunk.toString('utf8')));
  const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve) =>
    child.on('exit', (code, signal) => resolve({ code, signal })),
  );
  return {
    pid: child.pid!,
    output: () => output,
    async line(matches, timeoutMs = 10_000) {
      const deadline = Date.now() + timeoutMs;
      for (;;) {
        const found = output.split('\n').find(matches);
        if (found !== undefined) return found;
        if (Date.now() > deadline)
          throw new Error(`no output line matched within ${timeoutMs} ms:\n${output}`);
        await new Promise((resolve) => setTimeout(resolve, 50));
      }
    },
    exited,
    async stop(signal = 'SIGTERM') {
      if (child.exitCode === null && child.signalCode === null) child.kill(signal);
      return exited;
    },
  };
}

export interface PortalOptions {
  dir: string;
  port: number;
  env?: Record<string, string>;
  dataDir?: string;
}

/** Starts `node server.mjs` from a standalone copy with a production configuration; resolves once /readyz is 200. */
export async function startPortal({
  dir,
  port,
  env = {},
  dataDir,
}: PortalOptions): Promise<Running & { dataDir: string }> {
  const data = dataDir ?? mkdtempSync(path.join(os.tmpdir(), 'portal-deploy-data-'));
  const clean = Object.fromEntries(
    Object.entries(process.env).filter(
      ([k]) => !/^(DATABASE_URL|BLADE_API_URL|NEXT_|BASE_PATH|TEST_|APP_ENV)/.test(k),
    ),
  );
  // As the container runs it (Dockerfile CMD): with the server's Node flags.
  const child = spawn(process.execPath, [...portalNodeFlags(), 'server.mjs'], {
    cwd: dir,
    env: {
      ...clean,
      NODE_ENV: 'production',
      APP_ENV: 'production',
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: data,
      BASE_PATH,
      LOG_LEVEL: 'info',
      PUBLIC_ORIGINS: `http://127.0.0.1:${port}`,
      ...SECRETS,
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const running = track(child);
  try {
    await waitUntil(
      async () =>
        (await get(`http://127.0.0.1:${port}${BASE_PATH}/readyz`, { timeoutMs: 30_000 })).status === 200,
      240_000,
      () => running.output(),
    );
  } catch (error) {
    // Never leave a half-started server holding the port for the next run.
    child.kill('SIGKILL');
    throw error;
  }
  return {
    ...running,
    dataDir: data,
    // Each run copies ~75 MB and may store a 500 MB upload: remove what this harness created once it has stopped.
    async stop(signal?: NodeJS.Signals) {
      const exit = await running.stop(signal);
      if (!dataDir) rmSync(data, { recursive: true, force: true });
      if (dir.startsWith(path.join(os.tmpdir(), 'portal-standalone-')))
        rmSync(dir, { recursive: true, force: true });
      return exit;
    },
  };
}

export async function waitUntil(check: () => Promise<boolean>, timeoutMs: number, context?: () => string) {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    try {
      if (await check()) return;
    } catch {
      // not up yet
    }
    if (Date.now() > deadline) throw new Error(`timed out waiting\n${context?.() ?? ''}`);
    await new Promise((r) => setTimeout(r, 250));
  }
}

// --- raw HTTP (exact headers, chosen source address, TLS without verification) ---------------------------------------

export interface RawResponse {
  status: number;
  headers: http.IncomingHttpHeaders;
  body: Buffer;
  text: string;
}

export interface RawOptions {
  method?: string;
  headers?: Record<string, string>;
  body?: string | Buffer;
  /** Loopback source address: 127.0.0.1 is the trusted proxy, 127.0.0.2 a client talking to the portal directly. */
  localAddress?: string;
  /** Connects to 127.0.0.1 whatever the URL's host (the URL's host goes in the Host header). */
  agent?: http.Agent;
  timeoutMs?: number;
}

export function request(url: string, options: RawOptions = {}): Promise<RawResponse> {
  const u = new URL(url);
  const lib = u.protocol === 'https:' ? https : http;
  return new Promise((resolve, reject) => {
    const req = lib.request(
      {
        host: '127.0.0.1',
        port: u.port,
        path: `${u.pathname}${u.search}`,
        method: options.method ?? 'GET',
        headers: { host: u.host, ...options.headers },
        localAddress: options.localAddress,
        servername: u.hostname,
        rejectUnauthorized: false,
        agent: options.agent,
      },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('end', () => {
          const body = Buffer.concat(chunks);
          resolve({ status: res.statusCode ?? 0, headers: res.headers, body, text: body.toString('utf8') });
        });
        res.on('error', reject);
      },
    );
    req.on('error', reject);
    // A first request can wait for start-up (migrations, seed); never forever.
    req.setTimeout(options.timeoutMs ?? 120_000, () => req.destroy(new Error('request timed out')));
    req.end(options.body);
  });
}

export const get = (url: string, options: RawOptions = {}) => request(url, options);

/** The `name=value` pairs of a response's Set-Cookie headers. */
export function cookiePairs(res: RawResponse): string {
  return (res.headers['set-cookie'] ?? []).map((c) => c.split(';')[0]).join('; ');
}

/** Logs in with the password grant (captcha off in these deployments) over the given origin; returns the response. */
export function passwordLogin(
  origin: string,
  account: { tenant: string; account: string; password: string },
  extra: RawOptions = {},
) {
  const md5 = createHash('md5').update(account.password).digest('hex');
  return request(`${origin}${BASE_PATH}/api/blade-auth/oauth/token`, {
    ...extra,
    method: 'POST',
    headers: {
      'content-type': 'application/x-www-form-urlencoded',
      'tenant-id': account.tenant,
      'x-csrf': '1',
      origin,
      ...extra.headers,
    },
    body: new URLSearchParams({
      grant_type: 'password',
      username: account.account,
      password: md5,
      tenantId: account.tenant,
    }).toString(),
  });
}

// --- nginx ----------------------------------------------------------------------------------------------------------

export function tlsCertificate(dir: string): { cert: string; key: string } {
  const cert = path.join(dir, 'tls.crt');
  const key = path.join(dir, 'tls.key');
  execFileSync(
    'openssl',
    [
      'req',
      '-x509',
      '-newkey',
      'rsa:2048',
      '-nodes',
      '-days',
      '2',
      '-subj',
      `/CN=${STAFF_HOST}`,
      '-addext',
      `subjectAltName=DNS:${STAFF_HOST},DNS:${CUSTOMER_HOST}`,
      '-keyout',
      key,
      '-out',
      cert,
    ],
    { stdio: 'ignore' },
  );
  return { cert, key };
}

/** Starts nginx (foreground, its own prefix directory) with deploy/nginx/portal.conf.template filled in. */
export async function startNginx(upstreamPort: number): Promise<Running & { dir: string }> {
  const nginx = ['/usr/sbin/nginx', '/usr/bin/nginx'].find((p) => existsSync(p));
  if (!nginx) throw new Error('nginx is not installed: apt-get install -y nginx-light');
  const dir = mkdtempSync(path.join(os.tmpdir(), 'portal-nginx-'));
  mkdirSync(path.join(dir, 'logs'));
  const { cert, key } = tlsCertificate(dir);
  const vars: Record<string, string> = {
    PORTAL_UPSTREAM: `127.0.0.1:${upstreamPort}`,
    SERVER_NAMES: `${STAFF_HOST} ${CUSTOMER_HOST}`,
    HTTP_PORT: `127.0.0.1:${PORTS.http}`,
    HTTPS_PORT: `127.0.0.1:${PORTS.https}`,
    TLS_CERT: cert,
    TLS_KEY: key,
    BASE_PATH,
    PROXY_PARAMS: path.join(ROOT, 'deploy', 'nginx', 'portal-proxy-params.conf'),
  };
  const template = readFileSync(path.join(ROOT, 'deploy', 'nginx', 'portal.conf.template'), 'utf8');
  const site = template.replace(/\$\{([A-Z_]+)\}/g, (whole, name: string) => vars[name] ?? whole);
  writeFileSync(path.join(dir, 'portal.conf'), site);
  writeFileSync(
    path.join(dir, 'nginx.conf'),
    [
      'worker_processes 1;',
      `pid ${dir}/nginx.pid;`,
      `error_log ${dir}/logs/error.log warn;`,
      'events { worker_connections 256; }',
      'http {',
      `  access_log ${dir}/logs/access.log;`,
      `  client_body_temp_path ${dir}/body; proxy_temp_path ${dir}/proxy;`,
      `  fastcgi_temp_path ${dir}/fastcgi; uwsgi_temp_path ${dir}/uwsgi; scgi_temp_path ${dir}/scgi;`,
      `  include ${dir}/portal.conf;`,
      '}',
    ].join('\n'),
  );
  const child = spawn(nginx, ['-p', dir, '-c', path.join(dir, 'nginx.conf'), '-g', 'daemon off;'], {
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const running = track(child);
  await waitUntil(
    async () => (await get(`http://${STAFF_HOST}:${PORTS.http}${BASE_PATH}/healthz`)).status === 200,
    20_000,
    () =>
      `${running.output()}\n${existsSync(`${dir}/logs/error.log`) ? readFileSync(`${dir}/logs/error.log`, 'utf8') : ''}`,
  );
  return { ...running, dir };
}
