/**
 * `npm run bench`: throughput and latency of the same GET (menu/routes) served by blade/ on its own, by a bare Next
 * route handler answering the same bytes, and by the portal's proxy with a session; and the portal's RSS growth while
 * a 500 MB upload streams through it. Prints one JSON document. Servers run as child processes on loopback.
 */
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import autocannon from 'autocannon';
import { request } from 'undici';
import { runAdminBench } from './admin';
import { runApplicationsBench } from './applications';
import { runBusinessBench } from './business';
import { runFilesTransferBench, runFilesTreeBench } from './files';
import { runFirstLoadBench } from './first-load';
import { portalNodeFlags } from '../scripts/node-flags.mjs';

const root = path.resolve(__dirname, '..');
// Every Next process the bench starts inherits this: no telemetry calls from an intranet machine.
process.env.NEXT_TELEMETRY_DISABLED = '1';
const nextBin = path.join(root, 'node_modules', 'next', 'dist', 'bin', 'next');
const tsxBin = path.join(root, 'node_modules', 'tsx', 'dist', 'cli.mjs');
const tmp = mkdtempSync(path.join(os.tmpdir(), 'portal-bench-'));
const duration = Number(process.env.BENCH_DURATION ?? 10);
const connections = Number(process.env.BENCH_CONNECTIONS ?? 16);
// Rounds of the three in-process menu/routes loads; each figure is the median run by requests/s.
const rounds = Number(process.env.BENCH_ROUNDS ?? 3);
const uploadBytes = Number(process.env.BENCH_UPLOAD_MB ?? 500) * 1024 * 1024;
// BENCH_ONLY=menu: only the three menu/routes figures and their ratio (a quick check while working on the proxy).
const menuOnly = process.env.BENCH_ONLY === 'menu';
// BENCH_ONLY=upload: only the 500 MB upload through the portal over HTTP (a quick check while working on its memory).
const uploadOnly = process.env.BENCH_ONLY === 'upload';
// BENCH_CPU_PROF=<dir>: the in-process portal writes a V8 CPU profile there when it stops (node --cpu-prof).
// Every portal the bench starts runs with the production server's Node flags (scripts/node-flags.mjs).
const serverNodeFlags = portalNodeFlags();
const cpuProfileArgs = process.env.BENCH_CPU_PROF
  ? ['--cpu-prof', `--cpu-prof-dir=${process.env.BENCH_CPU_PROF}`]
  : [];

const secrets = {
  APP_ENV: 'test',
  TEST_HOOKS: '1',
  CAPTCHA_ENABLED: 'true',
  SESSION_SECRET: 'bench-session-secret-0123456789-abcdefghijkl',
  JWT_SIGNING_KEY: 'bench-jwt-signing-key-0123456789-abcdefghijklmnopqrstuv',
  CLIENT_ID: 'portal',
  CLIENT_SECRET: 'bench-client-secret-0123456789',
  ADMIN_PASSWORD: 'Bench#admin-2026',
};
const children: ChildProcess[] = [];

function start(name: string, args: string[], env: Record<string, string>): ChildProcess {
  const { DATABASE_URL: _db, BLADE_API_URL: _api, ...base } = process.env;
  const child = spawn(process.execPath, args, {
    cwd: root,
    env: { ...base, ...secrets, ...env },
    // stdout carries a JSON log line per request now: left unread, its pipe fills and the server stops.
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  child.stderr?.on('data', (d) => process.stderr.write(`[${name}] ${d}`));
  children.push(child);
  return child;
}

async function stop(child: ChildProcess) {
  if (child.exitCode !== null) return;
  child.kill('SIGTERM');
  await new Promise((r) => child.once('exit', r));
}

async function waitFor(url: string, timeoutMs = 120_000) {
  const until = Date.now() + timeoutMs;
  while (Date.now() < until) {
    try {
      const res = await fetch(url);
      if (res.status < 500) return;
    } catch {
      // not yet listening
    }
    await new Promise((r) => setTimeout(r, 300));
  }
  throw new Error(`timed out waiting for ${url}`);
}

function md5(s: string) {
  return createHash('md5').update(s).digest('hex');
}

/** Logs in against blade/ directly (Basic client header, captcha answer from the test hook). */
async function loginBlade(base: string): Promise<string> {
  const captcha = (await (await fetch(`${base}/blade-auth/oauth/captcha`)).json()) as {
    data: { key: string };
  };
  const answer = (await (
    await fetch(`${base}/blade-auth/oauth/captcha/answer?key=${captcha.data.key}`)
  ).json()) as { data: { answer: string } };
  const qs = new URLSearchParams({
    tenantId: '000000',
    username: 'admin',
    password: md5(secrets.ADMIN_PASSWORD),
    grant_type: 'captcha',
  });
  const res = await fetch(`${base}/blade-auth/oauth/token?${qs}`, {
    method: 'POST',
    headers: {
      Authorization: `Basic ${Buffer.from(`${secrets.CLIENT_ID}:${secrets.CLIENT_SECRET}`).toString('base64')}`,
      'Captcha-Key': captcha.data.key,
      'Captcha-Code': answer.data.answer,
    },
  });
  const body = (await res.json()) as { access_token?: string; error_description?: string };
  if (!body.access_token) throw new Error(`blade login failed: ${body.error_description}`);
  return body.access_token;
}

/** Logs in through the portal like the browser does and returns the session cookie. */
async function loginPortal(base: string): Promise<string> {
  const captcha = (await (await fetch(`${base}/api/blade-auth/oauth/captcha`)).json()) as {
    data: { key: string };
  };
  const answer = (await (await fetch(`${base}/api/test-hooks/captcha?key=${captcha.data.key}`)).json()) as {
    data: { answer: string };
  };
  const qs = new URLSearchParams({
    tenantId: '000000',
    username: 'admin',
    password: md5(secrets.ADMIN_PASSWORD),
    grant_type: 'captcha',
  });
  const res = await fetch(`${base}/api/blade-auth/oauth/token?${qs}`, {
    method: 'POST',
    headers: {
      Origin: base,
      'X-CSRF': '1',
      'Captcha-Key': captcha.data.key,
      'Captcha-Code': answer.data.answer,
    },
  });
  const cookie = res.headers.getSetCookie().find((c) => c.includes('portal-session'));
  if (!cookie) throw new Error(`portal login failed: ${res.status} ${await res.text()}`);
  return cookie.split(';')[0];
}

interface LoadResult {
  requestsPerSecond: number;
  p50Ms: number;
  p99Ms: number;
  non2xx: number;
  errors: number;
}

async function load(url: string, headers: Record<string, string> = {}): Promise<LoadResult> {
  // Warm up JIT, caches and connections first.
  await autocannon({ url, headers, connections, duration: 2 });
  const r = await autocannon({ url, headers, connections, duration });
  return {
    requestsPerSecond: Math.round(r.requests.average),
    p50Ms: r.latency.p50,
    p99Ms: r.latency.p99,
    non2xx: r.non2xx,
    errors: r.errors,
  };
}

function median(results: LoadResult[]): LoadResult {
  const sorted = [...results].sort((a, b) => a.requestsPerSecond - b.requestsPerSecond);
  return sorted[Math.floor((sorted.length - 1) / 2)];
}

function rssMb(pid: number): number {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  const kb = Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? 0);
  return kb / 1024;
}

async function uploadThroughPortal(base: string, cookie: string, pid: number) {
  const chunk = Buffer.alloc(1024 * 1024, 7);
  const chunks = uploadBytes / chunk.length;
  const expected = createHash('sha256');
  for (let i = 0; i < chunks; i++) expected.update(chunk);
  const baseline = rssMb(pid);
  let peak = baseline;
  const sampler = setInterval(() => {
    peak = Math.max(peak, rssMb(pid));
  }, 50);
  const started = Date.now();
  const body = Readable.from(
    (function* () {
      for (let i = 0; i < chunks; i++) yield chunk;
    })(),
  );
  const res = await request(`${base}/api/blade-resource/bench-sink`, {
    method: 'POST',
    body,
    headers: {
      cookie,
      origin: base,
      'x-csrf': '1',
      'content-type': 'application/octet-stream',
      'content-length': String(uploadBytes),
    },
  });
  const json = (await res.body.json()) as { data?: { bytes: number; sha256: string } };
  const seconds = (Date.now() - started) / 1000;
  clearInterval(sampler);
  return {
    status: res.statusCode,
    bytes: json.data?.bytes,
    sha256Matches: json.data?.sha256 === expected.digest('hex'),
    seconds,
    megabytesPerSecond: Math.round(uploadBytes / 1024 / 1024 / seconds),
    rssBaselineMb: Math.round(baseline),
    rssPeakMb: Math.round(peak),
    rssGrowthMb: Math.round(peak - baseline),
  };
}

/** A portal whose upstream is blade/ over HTTP: the shape ops run when blade/ is its own service. */
async function startRemotePortal(upstream: string) {
  const remotePort = 3202;
  const remote = `http://127.0.0.1:${remotePort}`;
  const remoteChild = start(
    'portal-remote',
    [...serverNodeFlags, nextBin, 'start', '-p', String(remotePort), '-H', '127.0.0.1'],
    {
      DATA_DIR: path.join(tmp, 'portal-remote'),
      PUBLIC_ORIGINS: remote,
      BLADE_API_URL: upstream,
    },
  );
  await waitFor(`${remote}/login`);
  return { remote, remoteChild, remoteCookie: await loginPortal(remote) };
}

async function uploadThroughRemotePortal(upstream: string) {
  const { remote, remoteChild, remoteCookie } = await startRemotePortal(upstream);
  const upload = await uploadThroughPortal(remote, remoteCookie, remoteChild.pid!);
  await stop(remoteChild);
  return upload;
}

async function main() {
  if (!existsSync(path.join(root, '.next', 'BUILD_ID'))) {
    const build = spawnSync(process.execPath, [nextBin, 'build'], { cwd: root, stdio: 'inherit' });
    if (build.status !== 0) throw new Error('next build failed');
  }

  const upstreamPort = 8199;
  const upstream = `http://127.0.0.1:${upstreamPort}`;
  const bladeChild = start('blade', [tsxBin, 'bench/upstream.ts'], {
    DATA_DIR: path.join(tmp, 'blade'),
    BLADE_PORT: String(upstreamPort),
  });
  await waitFor(`${upstream}/blade-system/tenant/info?domain=bench`);
  const token = await loginBlade(upstream);
  const routesBody = await (
    await fetch(`${upstream}/blade-system/menu/routes`, { headers: { 'Blade-Auth': `bearer ${token}` } })
  ).text();
  const echoFile = path.join(tmp, 'echo.json');
  writeFileSync(echoFile, routesBody);
  if (uploadOnly) {
    console.log(JSON.stringify({ upload: await uploadThroughRemotePortal(upstream) }, null, 2));
    return;
  }
  const bladeAlone = await load(`${upstream}/blade-system/menu/routes`, { 'Blade-Auth': `bearer ${token}` });

  const portalPort = 3201;
  const portal = `http://127.0.0.1:${portalPort}`;
  const portalChild = start(
    'portal',
    [...serverNodeFlags, ...cpuProfileArgs, nextBin, 'start', '-p', String(portalPort), '-H', '127.0.0.1'],
    {
      DATA_DIR: path.join(tmp, 'portal'),
      PUBLIC_ORIGINS: portal,
      BENCH_ECHO_FILE: echoFile,
    },
  );
  await waitFor(`${portal}/login`);
  const cookie = await loginPortal(portal);
  const proxiedBody = await (
    await fetch(`${portal}/api/blade-system/menu/routes`, { headers: { cookie } })
  ).text();
  // Issue 18: what the browser receives on a first visit. BENCH_ONLY=first-load: only this.
  const firstLoad = await runFirstLoadBench(portal, await loginPortal(portal));
  if (process.env.BENCH_ONLY === 'first-load') {
    console.log(JSON.stringify({ firstLoad }, null, 2));
    return;
  }
  // Rounds in alternating order, median of each: a quiet 2-core machine still drifts by ±10% between runs.
  // bareSameRequest is not the target's measure: the bare handler again, on a catch-all route like the proxy's and
  // with the session cookie the proxy gets, doing nothing with them. It is Next's own ceiling for the proxy's request.
  const menuLoads = {
    bareRoute: () => load(`${portal}/api/bench-echo`),
    bareSameRequest: () => load(`${portal}/api/bench-echo/blade-system/menu/routes`, { cookie }),
    // A fresh login per run: the bench never stores the cookie a touched session sends back (the browser does), so
    // after TOUCH_INTERVAL_MS every call would re-seal it.
    proxy: async () => load(`${portal}/api/blade-system/menu/routes`, { cookie: await loginPortal(portal) }),
  };
  const runs: Record<keyof typeof menuLoads, LoadResult[]> = {
    bareRoute: [],
    bareSameRequest: [],
    proxy: [],
  };
  for (let round = 0; round < rounds; round++) {
    const order = Object.keys(menuLoads) as (keyof typeof menuLoads)[];
    for (const name of round % 2 ? order.reverse() : order) runs[name].push(await menuLoads[name]());
  }
  const bareRoute = median(runs.bareRoute);
  const bareSameRequest = median(runs.bareSameRequest);
  const proxy = median(runs.proxy);
  await stop(portalChild);
  const menuRatios = {
    proxyToBareRoute: +(proxy.requestsPerSecond / bareRoute.requestsPerSecond).toFixed(3),
    bareSameRequestToBareRoute: +(bareSameRequest.requestsPerSecond / bareRoute.requestsPerSecond).toFixed(3),
    proxyToBareSameRequest: +(proxy.requestsPerSecond / bareSameRequest.requestsPerSecond).toFixed(3),
  };
  if (menuOnly) {
    console.log(
      JSON.stringify(
        { menuRoutes: { bladeAlone, bareRoute, bareSameRequest, proxy }, ...menuRatios },
        null,
        2,
      ),
    );
    return;
  }

  const { remote, remoteChild, remoteCookie } = await startRemotePortal(upstream);
  const proxyOverHttp = await load(`${remote}/api/blade-system/menu/routes`, { cookie: remoteCookie });
  const upload = await uploadThroughPortal(remote, remoteCookie, remoteChild.pid!);
  // Issue 5: a 500 MB file up and down, straight to blade/ and through the portal (bench/files.ts).
  const files = await runFilesTransferBench(
    { base: upstream, headers: { 'Blade-Auth': `bearer ${token}` }, pid: bladeChild.pid! },
    {
      base: `${remote}/api`,
      headers: { cookie: remoteCookie, origin: remote, 'x-csrf': '1' },
      pid: remoteChild.pid!,
    },
    uploadBytes / 1024 / 1024,
  );
  await stop(remoteChild);
  await stop(bladeChild);

  // Issue 4: user page over 100,000 users and menu routes for a role with 1,000 menus (bench/admin.ts).
  const admin = await runAdminBench();
  const filesTree = await runFilesTreeBench();
  // Issue 13: contracts, project detail, receipts and the export at 100,000 contracts (bench/business.ts).
  const business = await runBusinessBench();
  // Issue 15: the staff business-management pages at 200,000 applications (bench/applications.ts).
  const applications = await runApplicationsBench();

  const report = {
    machine: { cpus: os.cpus().length, node: process.version },
    settings: { durationSeconds: duration, connections, rounds, uploadMb: uploadBytes / 1024 / 1024 },
    sameBytes: proxiedBody.length === routesBody.length,
    menuRoutes: { bladeAlone, bareRoute, bareSameRequest, proxy, proxyOverHttp },
    ratios: {
      ...menuRatios,
      proxyToBladeAlone: +(proxy.requestsPerSecond / bladeAlone.requestsPerSecond).toFixed(3),
      proxyOverHttpToBareRoute: +(proxyOverHttp.requestsPerSecond / bareRoute.requestsPerSecond).toFixed(3),
    },
    upload,
    firstLoad,
    admin,
    business,
    applications,
    files: { ...files, tree: filesTree },
    targets: {
      proxyToBareRouteAtLeast: 0.85,
      uploadRssGrowthUnderMb: 64,
      met: {
        proxy: proxy.requestsPerSecond / bareRoute.requestsPerSecond >= 0.85,
        upload: upload.rssGrowthMb < 64 && upload.sha256Matches,
        firstLoadLogin: firstLoad.met.login,
        firstLoadHome: firstLoad.met.home,
      },
    },
  };
  console.log(JSON.stringify(report, null, 2));
}

main()
  .catch((error) => {
    console.error(error);
    process.exitCode = 1;
  })
  .finally(async () => {
    await Promise.all(children.map(stop));
    rmSync(tmp, { recursive: true, force: true });
  });
