import { spawn } from 'node:child_process';
import { createHash } from 'node:crypto';
import { lstatSync, mkdtempSync, readdirSync, readlinkSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { expect, test } from '@playwright/test';
import {
  BASE_PATH,
  PORTS,
  SECRETS,
  copyStandalone,
  cookiePairs,
  get,
  request,
  startPortal,
  type RawResponse,
} from './harness';

/**
 * The standalone output alone (copied to an empty directory) starts, migrates a new data directory, serves the login
 * page and logs in; its JSON log names each request and holds none of the journey's secrets; its security headers are
 * those of SECURITY 12.
 */

const origin = `http://127.0.0.1:${PORTS.standalone}`;
let portal: Awaited<ReturnType<typeof startPortal>>;
let dir: string;

test.beforeAll(async () => {
  dir = copyStandalone();
  portal = await startPortal({
    dir,
    port: PORTS.standalone,
    // Test mode only for the captcha-answer hook: the journey below uses the real captcha login.
    env: { APP_ENV: 'test', TEST_HOOKS: '1', CAPTCHA_ENABLED: 'true', PUBLIC_ORIGINS: origin },
  });
});
test.afterAll(async () => {
  await portal?.stop();
});

/** Every file of the copy is inside it: no symbolic link leads back to the repository's node_modules. */
function linksOutside(root: string): string[] {
  const bad: string[] = [];
  const walk = (d: string) => {
    for (const name of readdirSync(d)) {
      const p = path.join(d, name);
      const stat = lstatSync(p);
      if (stat.isSymbolicLink()) {
        const target = path.resolve(path.dirname(p), readlinkSync(p));
        if (!target.startsWith(root)) bad.push(`${p} -> ${target}`);
      } else if (stat.isDirectory()) walk(p);
    }
  };
  walk(root);
  return bad;
}

interface Journey {
  cookie: string;
  secrets: string[];
}

async function captchaLogin(): Promise<Journey> {
  const captcha = await get(`${origin}${BASE_PATH}/api/blade-auth/oauth/captcha`);
  expect(captcha.status).toBe(200);
  const { key } = (JSON.parse(captcha.text) as { data: { key: string } }).data;
  const hook = await get(`${origin}${BASE_PATH}/api/test-hooks/captcha?key=${encodeURIComponent(key)}`);
  const { answer } = (JSON.parse(hook.text) as { data: { answer: string } }).data;
  const md5 = createHash('md5').update(SECRETS.ADMIN_PASSWORD).digest('hex');
  const res = await request(`${origin}${BASE_PATH}/api/blade-auth/oauth/token`, {
    method: 'POST',
    headers: {
      'content-type': 'application/x-www-form-urlencoded',
      'x-csrf': '1',
      origin,
      'tenant-id': '000000',
      'captcha-key': key,
      'captcha-code': answer,
    },
    body: new URLSearchParams({
      grant_type: 'captcha',
      tenantId: '000000',
      username: 'admin',
      password: md5,
    }).toString(),
  });
  expect(res.status, res.text).toBe(200);
  expect(JSON.parse(res.text)).toMatchObject({ tenant_id: '000000', account: 'admin' });
  const cookie = cookiePairs(res);
  expect(cookie).toMatch(/^portal-session=/);
  return { cookie, secrets: [SECRETS.ADMIN_PASSWORD, md5, answer, key] };
}

test('the copied standalone output starts on its own, migrates, serves /login and logs in', async () => {
  expect(linksOutside(dir)).toEqual([]);
  expect(readdirSync(dir)).toEqual(
    expect.arrayContaining(['server.mjs', 'server.js', 'node_modules', 'public']),
  );

  const health = await get(`${origin}${BASE_PATH}/healthz`);
  expect(health.status).toBe(200);
  const ready = JSON.parse((await get(`${origin}${BASE_PATH}/readyz`)).text) as Record<string, unknown>;
  expect(ready).toEqual({
    status: 'ready',
    checks: { started: true, draining: false, maintenance: false, upstream: true, database: true },
  });

  const login = await get(`${origin}${BASE_PATH}/login`);
  expect(login.status).toBe(200);
  expect(login.text).toContain('<html');
  expect(login.text).toContain(`${BASE_PATH}/_next/static/`);

  const { cookie } = await captchaLogin();
  const info = await get(`${origin}${BASE_PATH}/api/blade-auth/oauth/user-info`, { headers: { cookie } });
  expect(info.status).toBe(200);
  expect(JSON.parse(info.text)).toMatchObject({ code: 200 });
  const home = await get(`${origin}${BASE_PATH}/wel/index`, { headers: { cookie } });
  expect(home.status).toBe(200);
});

test('the JSON log names every request and never holds the password, captcha, tokens or cookie', async () => {
  const { cookie, secrets } = await captchaLogin();
  await get(`${origin}${BASE_PATH}/wel/index`, { headers: { cookie } });
  await get(`${origin}${BASE_PATH}/api/blade-system/menu/routes`, { headers: { cookie } });
  // A failing call, so that error paths are in the log too.
  await get(`${origin}${BASE_PATH}/api/blade-system/menu/detail?id=x`, { headers: { cookie } });
  const logout = await request(`${origin}${BASE_PATH}/api/blade-auth/oauth/logout`, {
    method: 'POST',
    headers: { cookie, 'x-csrf': '1', origin },
  });
  expect(logout.status).toBe(200);
  const replay = await get(`${origin}${BASE_PATH}/api/blade-system/menu/routes`, { headers: { cookie } });
  expect(replay.status).toBe(401);

  // The last call's line is the 401 replay: once it is in, every earlier line is too.
  await portal.line(
    (l) =>
      l.includes('"msg":"request"') &&
      l.includes('"route":"/api/blade-system/menu/routes"') &&
      l.includes('"status":401'),
  );
  const log = portal.output();
  const lines = log
    .split('\n')
    .filter((l) => l.startsWith('{'))
    .map((l) => JSON.parse(l) as Record<string, unknown>);
  const api = lines.filter((l) => l.msg === 'request' && String(l.route).includes('/api/'));
  const menu = api.find((l) => l.route === '/api/blade-system/menu/routes' && l.status === 200);
  expect(menu).toMatchObject({ level: 'info', tenant: '000000', method: 'GET', ip: '127.0.0.1' });
  expect(menu?.user).toMatch(/^\d+$/);
  expect(menu?.reqId).toMatch(/^[0-9a-f-]{36}$/);
  expect(typeof menu?.durationMs).toBe('number');
  const page = lines.find((l) => l.msg === 'request' && l.route === '/wel/index');
  expect(page).toMatchObject({ status: 200, method: 'GET' });
  const out = api.find((l) => l.route === '/api/blade-auth/oauth/logout');
  expect(out).toMatchObject({ status: 200, tenant: '000000', user: menu?.user });

  const seal = cookie.split('=')[1];
  for (const secret of [...secrets, seal, seal.slice(0, 40)]) expect(log).not.toContain(secret);
  // No JWT of any kind (access, refresh, download keys): they all start with a base64url '{"'.
  expect(log).not.toMatch(/eyJ[A-Za-z0-9_-]{10,}/);
});

/** The security-relevant headers of a response, with the per-request values replaced by placeholders. */
function securityHeaders(res: RawResponse): Record<string, string | undefined> {
  const pick = [
    'content-security-policy',
    'strict-transport-security',
    'x-content-type-options',
    'referrer-policy',
    'x-frame-options',
    'permissions-policy',
    'cross-origin-opener-policy',
    'cache-control',
    'x-request-id',
    'content-disposition',
  ];
  return Object.fromEntries(
    pick.map((name) => {
      const value = res.headers[name];
      const text = Array.isArray(value) ? value.join(', ') : value;
      return [
        name,
        text
          ?.replace(/'nonce-[A-Za-z0-9+/=]+'/g, "'nonce-<nonce>'")
          .replace(/^[0-9a-f-]{36}$/, '<request-id>'),
      ];
    }),
  );
}

const PAGE_CSP =
  "default-src 'self'; script-src 'self' 'nonce-<nonce>' 'strict-dynamic'; style-src 'self' 'nonce-<nonce>'; " +
  "style-src-attr 'unsafe-inline'; img-src 'self' data: blob:; font-src 'self' data:; connect-src 'self'; " +
  "media-src 'self' blob:; worker-src 'self' blob:; frame-src 'self' blob:; object-src 'none'; base-uri 'self'; " +
  "form-action 'self'; frame-ancestors 'self'";
const COMMON = {
  'strict-transport-security': undefined, // plain http here; the nginx suite checks https
  'x-content-type-options': 'nosniff',
  'referrer-policy': 'same-origin',
  'x-frame-options': 'SAMEORIGIN',
  'permissions-policy': 'camera=(), microphone=(), geolocation=(), payment=(), usb=()',
  'cross-origin-opener-policy': 'same-origin',
  'x-request-id': '<request-id>',
};

test('security headers of /, /login, an API call and a download; a fresh nonce per page', async () => {
  const { cookie } = await captchaLogin();
  // `/` sends a signed-in user on to the home page (Next's page redirect) and an anonymous one to /login (proxy.ts's
  // redirect); both carry the page headers (proxy.ts matches the bare BASE_PATH too).
  const root = await get(`${origin}${BASE_PATH}`, { headers: { cookie } });
  expect(root.status).toBe(307);
  expect(root.headers.location).toBe(`${BASE_PATH}/wel/index`);
  expect(securityHeaders(root)).toEqual({
    ...COMMON,
    'content-security-policy': PAGE_CSP,
    'cache-control': 'private, no-cache, no-store, max-age=0, must-revalidate',
    'content-disposition': undefined,
  });
  const anonymous = await get(`${origin}${BASE_PATH}`);
  expect(anonymous.status).toBe(307);
  // Same origin as the request: Next writes the Location relative.
  expect(anonymous.headers.location).toBe(`${BASE_PATH}/login`);
  expect(securityHeaders(anonymous)).toEqual({
    ...COMMON,
    'content-security-policy': PAGE_CSP,
    'cache-control': 'no-store',
    'content-disposition': undefined,
  });
  const home = await get(`${origin}${BASE_PATH}/wel/index`, { headers: { cookie } });
  expect(home.status).toBe(200);
  expect(securityHeaders(home)).toEqual({
    ...COMMON,
    'content-security-policy': PAGE_CSP,
    'cache-control': 'private, no-cache, no-store, max-age=0, must-revalidate',
    'content-disposition': undefined,
  });

  const login = await get(`${origin}${BASE_PATH}/login`);
  expect(securityHeaders(login)).toEqual({
    ...COMMON,
    'content-security-policy': PAGE_CSP,
    'cache-control': 'private, no-cache, no-store, max-age=0, must-revalidate',
    'content-disposition': undefined,
  });
  // The nonce is new on every response and is the one on the page's scripts.
  const nonceOf = (res: RawResponse) =>
    /'nonce-([^']+)'/.exec(String(res.headers['content-security-policy']))![1];
  const again = await get(`${origin}${BASE_PATH}/login`);
  expect(nonceOf(again)).not.toBe(nonceOf(login));
  expect(login.text).toContain(`nonce="${nonceOf(login)}"`);
  expect(login.text).not.toMatch(/<script(?![^>]*nonce=)[^>]*>[^<]/);

  const api = await get(`${origin}${BASE_PATH}/api/blade-system/menu/routes`, { headers: { cookie } });
  expect(api.status).toBe(200);
  const apiHeaders = {
    ...COMMON,
    'content-security-policy': "default-src 'none'; frame-ancestors 'self'",
    'cache-control': 'no-store',
    'content-disposition': undefined,
  };
  expect(securityHeaders(api)).toEqual(apiHeaders);

  // A download: upload a small .docx, then fetch it with its signed key.
  const boundary = '----deploy-test';
  const content = Buffer.concat([Buffer.from([0x50, 0x4b, 0x03, 0x04]), Buffer.alloc(1000, 7)]);
  const upload = await request(`${origin}${BASE_PATH}/api/blade-resource/file/uploadFile`, {
    method: 'POST',
    headers: { cookie, 'x-csrf': '1', origin, 'content-type': `multipart/form-data; boundary=${boundary}` },
    body: Buffer.concat([
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="报告.docx"\r\n` +
          'Content-Type: application/octet-stream\r\n\r\n',
      ),
      content,
      Buffer.from(`\r\n--${boundary}--\r\n`),
    ]),
  });
  expect(upload.status, upload.text).toBe(200);
  const fileId = String(
    (JSON.parse(upload.text) as { data: { id?: string; fileId?: string } }).data.id ??
      (JSON.parse(upload.text) as { data: { fileId?: string } }).data.fileId,
  );
  const key = await get(`${origin}${BASE_PATH}/api/blade-resource/file/getFileAuthKey?fileId=${fileId}`, {
    headers: { cookie },
  });
  const { authKey } = (JSON.parse(key.text) as { data: { authKey: string } }).data;
  const download = await get(
    `${origin}${BASE_PATH}/api/blade-resource/file/downloadById?id=${fileId}&isDownload=1&authKey=${encodeURIComponent(authKey)}`,
    { headers: { cookie } },
  );
  expect(download.status).toBe(200);
  expect(download.body.equals(content)).toBe(true);
  expect(securityHeaders(download)).toEqual({
    ...apiHeaders,
    'content-disposition': 'attachment; filename="__.docx"; filename*=UTF-8\'\'%E6%8A%A5%E5%91%8A.docx',
  });
});

test('start-up refuses a BASE_PATH other than the build’s, and production without its secrets', async () => {
  const run = (env: Record<string, string>) =>
    new Promise<{ code: number | null; output: string }>((resolve) => {
      const child = spawn(process.execPath, ['server.mjs'], {
        cwd: dir,
        env: {
          PATH: process.env.PATH ?? '',
          NODE_ENV: 'production',
          PORT: String(PORTS.standalone + 10),
          HOST: '127.0.0.1',
          DATA_DIR: mkdtempSync(path.join(os.tmpdir(), 'portal-refused-')),
          PUBLIC_ORIGINS: origin,
          ...env,
        },
      });
      let output = '';
      child.stdout.on('data', (c: Buffer) => (output += c.toString('utf8')));
      child.stderr.on('data', (c: Buffer) => (output += c.toString('utf8')));
      // Every line the server writes is a JSON object (README, logs): the operator reads the messages. A line that is
      // not JSON stays as it is, marked, so the assertions below name it.
      const message = (line: string) => {
        try {
          return String((JSON.parse(line) as { msg?: unknown }).msg ?? '');
        } catch {
          return `not JSON: ${line}`;
        }
      };
      const messages = () => output.split('\n').filter(Boolean).map(message);
      child.on('exit', (code) => resolve({ code, output: messages().join('\n') }));
    });
  const otherPath = await run({ ...SECRETS, BASE_PATH: '/other' });
  expect(otherPath.code).toBe(1);
  expect(otherPath.output).toContain('BASE_PATH: this build serves "/portal"; rebuild with BASE_PATH=/other');
  const noSecrets = await run({ BASE_PATH });
  expect(noSecrets.code).toBe(1);
  expect(noSecrets.output).toContain('SESSION_SECRET: required in production');
  expect(`${otherPath.output}\n${noSecrets.output}`).not.toContain('not JSON: ');
});
