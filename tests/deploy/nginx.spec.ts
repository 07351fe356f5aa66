import { createHash, randomBytes } from 'node:crypto';
import https from 'node:https';
import { expect, test, type Page } from '@playwright/test';
import {
  BASE_PATH,
  CUSTOMER_HOST,
  PORTS,
  SECRETS,
  STAFF_HOST,
  cookiePairs,
  copyStandalone,
  createDatabase,
  get,
  passwordLogin,
  request,
  sql,
  startNginx,
  startPortal,
} from './harness';

/**
 * The production shape: the standalone portal on PostgreSQL behind Debian's nginx (TLS, BASE_PATH=/portal), the
 * staff host and a customer domain mapped to two tenants by the tenant `domain` field.
 */

const STAFF = `https://${STAFF_HOST}:${PORTS.https}`;
const CUSTOMER = `https://${CUSTOMER_HOST}:${PORTS.https}`;
const DIRECT = `http://127.0.0.1:${PORTS.portal}`;
const admin = { tenant: '000000', account: 'admin', password: SECRETS.ADMIN_PASSWORD };
const customerUser = {
  tenant: '100001',
  account: 'buyer',
  password: 'Buyer#2026-deploy',
  realName: '客户甲',
};

let database: Awaited<ReturnType<typeof createDatabase>>;
let portal: Awaited<ReturnType<typeof startPortal>>;
let nginx: Awaited<ReturnType<typeof startNginx>>;

const id = () => String(BigInt(Date.now()) * 1000n + BigInt(Math.floor(Math.random() * 1000)));

/**
 * The customer tenant, bound to the customer domain, with one user. Created with SQL: blade/ has no tenant
 * administration calls yet. The password is stored as a legacy Blade hash (sha1 of the md5), which blade/ accepts and
 * re-hashes with argon2id at the first login.
 */
async function createCustomerTenant() {
  const md5 = createHash('md5').update(customerUser.password).digest('hex');
  const legacy = createHash('sha1').update(md5).digest('hex');
  const [dept, role, user] = [id(), id(), id()];
  await sql(
    database.url,
    `insert into blade_tenant (id, tenant_id, tenant_name, domain) values ($1, $2, '客户公司', $3)`,
    [id(), customerUser.tenant, `${CUSTOMER_HOST}:${PORTS.https}`],
  );
  await sql(
    database.url,
    `insert into blade_dept (id, tenant_id, parent_id, ancestors, dept_name, full_name, sort, remark)
     values ($1, $2, 0, '0', '客户公司', '客户公司', 1, '')`,
    [dept, customerUser.tenant],
  );
  await sql(
    database.url,
    `insert into blade_role (id, tenant_id, parent_id, role_name, role_alias, sort) values ($1, $2, 0, '用户', 'user', 1)`,
    [role, customerUser.tenant],
  );
  await sql(
    database.url,
    `insert into blade_user (id, tenant_id, account, password, name, real_name, role_id, dept_id)
     values ($1, $2, $3, $4, $5, $5, $6, $7)`,
    [user, customerUser.tenant, customerUser.account, legacy, customerUser.realName, role, dept],
  );
}

test.beforeAll(async () => {
  database = await createDatabase('portal_deploy');
  portal = await startPortal({
    dir: copyStandalone(),
    port: PORTS.portal,
    env: {
      DATABASE_URL: database.url,
      TRUSTED_PROXIES: '127.0.0.1',
      CAPTCHA_ENABLED: 'false',
      PUBLIC_ORIGINS: [STAFF, CUSTOMER, `http://${STAFF_HOST}:${PORTS.http}`].join(','),
    },
  });
  await createCustomerTenant();
  nginx = await startNginx(PORTS.portal);
});

test.afterAll(async () => {
  await nginx?.stop('SIGQUIT');
  expect(await portal?.stop()).toEqual({ code: 0, signal: null });
  await database?.drop();
});

test.describe('forwarded headers', () => {
  test('through the trusted proxy over https: __Host- cookie with Secure, HSTS, client address from nginx', async () => {
    const res = await passwordLogin(STAFF, admin);
    expect(res.status, res.text).toBe(200);
    const [cookie] = res.headers['set-cookie'] ?? [];
    expect(cookie).toMatch(
      /^__Host-portal-session=[^;]+; Path=\/; HttpOnly; SameSite=Lax; Max-Age=\d+; Secure$/,
    );
    expect(res.headers['strict-transport-security']).toBe('max-age=31536000');
    const page = await get(`${STAFF}${BASE_PATH}/wel/index`, { headers: { cookie: cookiePairs(res) } });
    expect(page.status).toBe(200);
    expect(page.headers['strict-transport-security']).toBe('max-age=31536000');
    expect(page.headers['content-security-policy']).toContain('upgrade-insecure-requests');
    // nginx's $request_id is the portal's request id.
    expect(page.headers['x-request-id']).toMatch(/^[0-9a-f]{32}$/);
    const line = await portal.line(
      (l) => l.includes('"route":"/api/blade-auth/oauth/token"') && l.includes('"status":200'),
    );
    expect(JSON.parse(line)).toMatchObject({ ip: '127.0.0.1', tenant: '000000' });
  });

  test('from a client that reaches the portal directly, forged X-Forwarded-* are ignored', async () => {
    const forged = {
      'x-forwarded-proto': 'https',
      'x-forwarded-for': '6.6.6.6',
      'x-forwarded-host': `${CUSTOMER_HOST}:${PORTS.https}`,
      'x-request-id': 'forged-request-id-1',
    };
    const res = await passwordLogin(DIRECT, admin, { localAddress: '127.0.0.2', headers: forged });
    // CSRF: the Origin http://127.0.0.1:3141 is not a public origin, so the unsafe call is refused outright.
    expect(res.status).toBe(403);
    const ok = await passwordLogin(DIRECT, admin, {
      localAddress: '127.0.0.2',
      headers: { ...forged, origin: STAFF },
    });
    expect(ok.status, ok.text).toBe(200);
    const [cookie] = ok.headers['set-cookie'] ?? [];
    expect(cookie).toMatch(/^portal-session=/);
    expect(cookie).not.toContain('Secure');
    expect(ok.headers['x-request-id']).not.toBe('forged-request-id-1');
    expect(ok.headers['strict-transport-security']).toBeUndefined();
    const line = await portal.line((l) => l.includes(`"reqId":"${String(ok.headers['x-request-id'])}"`));
    expect(JSON.parse(line)).toMatchObject({ ip: '127.0.0.2', status: 200 });
    // The forged host is not believed either: the redirect goes to the first public origin, not the customer's.
    const redirect = await get(`${DIRECT}${BASE_PATH}/wel/index`, {
      localAddress: '127.0.0.2',
      headers: forged,
    });
    expect(redirect.status).toBe(307);
    expect(redirect.headers.location).toBe(`${STAFF}${BASE_PATH}/login?redirect=%2Fwel%2Findex`);
  });

  test('from the trusted proxy address, X-Forwarded-Proto is believed', async () => {
    const res = await passwordLogin(DIRECT, admin, {
      localAddress: '127.0.0.1',
      headers: { 'x-forwarded-proto': 'https', origin: STAFF },
    });
    expect(res.status).toBe(200);
    expect(res.headers['set-cookie']?.[0]).toMatch(/^__Host-portal-session=.*; Secure$/);
  });
});

test.describe('sub-path, origins and redirects', () => {
  test('the portal lives under /portal; redirects use the public origin the browser used', async () => {
    const login = await get(`${STAFF}${BASE_PATH}/login`);
    expect(login.status).toBe(200);
    const asset = /\/portal\/_next\/static\/[^"]+\.js/.exec(login.text)![0];
    expect((await get(`${STAFF}${asset}`)).status).toBe(200);
    expect((await get(`${STAFF}/login`)).status).toBe(404);

    const staff = await get(`${STAFF}${BASE_PATH}/wel/index`);
    expect(staff.status).toBe(307);
    expect(staff.headers.location).toBe(`${STAFF}${BASE_PATH}/login?redirect=%2Fwel%2Findex`);
    const customer = await get(`${CUSTOMER}${BASE_PATH}/wel/index`);
    expect(customer.headers.location).toBe(`${CUSTOMER}${BASE_PATH}/login?redirect=%2Fwel%2Findex`);
    // Plain http on the staff host is a public origin too (some offices terminate TLS elsewhere).
    const http = await get(`http://${STAFF_HOST}:${PORTS.http}${BASE_PATH}/wel/index`);
    expect(http.headers.location).toBe(
      `http://${STAFF_HOST}:${PORTS.http}${BASE_PATH}/login?redirect=%2Fwel%2Findex`,
    );
    // A host name nginx does not serve gets no answer at all.
    await expect(get(`https://unknown.example.test:${PORTS.https}${BASE_PATH}/login`)).rejects.toThrow();
  });

  test('CSRF origin check follows PUBLIC_ORIGINS', async () => {
    const res = await passwordLogin(STAFF, admin);
    const cookie = cookiePairs(res);
    const post = (origin: string) =>
      request(`${STAFF}${BASE_PATH}/api/portal/lock`, {
        method: 'POST',
        headers: { cookie, 'x-csrf': '1', origin, 'content-type': 'application/json' },
        body: JSON.stringify({ password: 'lock-12345' }),
      });
    expect((await post('https://evil.example')).status).toBe(403);
    expect((await post(`https://${STAFF_HOST}:9999`)).status).toBe(403);
    expect((await post('null')).status).toBe(403);
    expect((await post(STAFF)).status).toBe(200);
  });
});

test.describe('streaming through nginx', () => {
  test('a 500 MB upload streams through and downloads back with the same SHA-256', async () => {
    test.setTimeout(600_000);
    const login = await passwordLogin(STAFF, admin);
    const cookie = cookiePairs(login);
    const size = 500 * 1024 * 1024;
    const boundary = '----portal-500mb';
    const head = Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="big.docx"\r\n` +
        'Content-Type: application/octet-stream\r\n\r\n',
    );
    const tail = Buffer.from(`\r\n--${boundary}--\r\n`);
    const chunk = randomBytes(1024 * 1024);
    const sent = createHash('sha256');

    const started = Date.now();
    const uploaded = await new Promise<{ status: number; text: string }>((resolve, reject) => {
      const req = https.request(
        {
          host: '127.0.0.1',
          port: PORTS.https,
          servername: STAFF_HOST,
          rejectUnauthorized: false,
          method: 'POST',
          path: `${BASE_PATH}/api/blade-resource/file/uploadFile`,
          headers: {
            host: `${STAFF_HOST}:${PORTS.https}`,
            cookie,
            'x-csrf': '1',
            origin: STAFF,
            'content-type': `multipart/form-data; boundary=${boundary}`,
            'content-length': head.length + size + tail.length,
          },
        },
        (res) => {
          let text = '';
          res.on('data', (c: Buffer) => (text += c.toString('utf8')));
          res.on('end', () => resolve({ status: res.statusCode ?? 0, text }));
        },
      );
      req.on('error', reject);
      req.write(head);
      let written = 0;
      const pump = () => {
        while (written < size) {
          const piece =
            written === 0 ? Buffer.concat([Buffer.from([0x50, 0x4b, 0x03, 0x04]), chunk.subarray(4)]) : chunk;
          sent.update(piece);
          written += piece.length;
          if (!req.write(piece)) {
            req.once('drain', pump);
            return;
          }
        }
        req.end(tail);
      };
      pump();
    });
    const uploadSeconds = (Date.now() - started) / 1000;
    expect(uploaded.status, uploaded.text).toBe(200);
    const file = (JSON.parse(uploaded.text) as { data: { id?: string; fileId?: string } }).data;
    const fileId = String(file.id ?? file.fileId);

    const key = await get(`${STAFF}${BASE_PATH}/api/blade-resource/file/getFileAuthKey?fileId=${fileId}`, {
      headers: { cookie },
    });
    const { authKey } = (JSON.parse(key.text) as { data: { authKey: string } }).data;
    const received = createHash('sha256');
    let bytes = 0;
    const downloadStarted = Date.now();
    const status = await new Promise<number>((resolve, reject) => {
      https
        .get(
          {
            host: '127.0.0.1',
            port: PORTS.https,
            servername: STAFF_HOST,
            rejectUnauthorized: false,
            path: `${BASE_PATH}/api/blade-resource/file/downloadById?id=${fileId}&isDownload=1&authKey=${encodeURIComponent(authKey)}`,
            headers: { host: `${STAFF_HOST}:${PORTS.https}`, cookie },
          },
          (res) => {
            res.on('data', (c: Buffer) => {
              received.update(c);
              bytes += c.length;
            });
            res.on('end', () => resolve(res.statusCode ?? 0));
            res.on('error', reject);
          },
        )
        .on('error', reject);
    });
    expect(status).toBe(200);
    expect(bytes).toBe(size);
    expect(received.digest('hex')).toBe(sent.digest('hex'));
    test.info().annotations.push({
      type: 'figures',
      description: `500 MB through nginx (TLS): upload ${uploadSeconds.toFixed(1)} s, download ${((Date.now() - downloadStarted) / 1000).toFixed(1)} s`,
    });
  });
});

test.describe('browser journeys through nginx', () => {
  async function signIn(
    page: Page,
    origin: string,
    who: { account: string; password: string; tenant?: string },
  ) {
    await page.goto(`${origin}${BASE_PATH}/login`);
    if (who.tenant) await page.getByLabel(/^租户ID/).fill(who.tenant);
    await page.getByLabel(/^账号/).fill(who.account);
    await page.getByLabel(/^密码/).fill(who.password);
    await page.getByRole('button', { name: /^登录$/ }).click();
    await expect(page).toHaveURL(`${origin}${BASE_PATH}/wel/index`);
  }

  test('staff host: login → home → logout under /portal over https', async ({ page, context }) => {
    await signIn(page, STAFF, admin);
    await expect(page.getByTestId('real-name')).toHaveText('管理员');
    await expect(page.getByRole('link', { name: '首页' })).toBeVisible();
    const [cookie] = await context.cookies();
    expect(cookie).toMatchObject({ name: '__Host-portal-session', secure: true, httpOnly: true, path: '/' });
    await page.screenshot({ path: 'test-results/screens/deploy-staff-home.png' });

    await page.getByRole('button', { name: '用户菜单' }).click();
    await page.getByRole('menuitem', { name: '退出登录' }).click();
    await page.getByRole('button', { name: '确定' }).click();
    await expect(page).toHaveURL(new RegExp(`^${STAFF}${BASE_PATH}/login`));
  });

  test('customer domain: the registration page is the host tenant’s, and its availability checks ask that tenant', async ({
    page,
  }) => {
    await page.goto(`${CUSTOMER}${BASE_PATH}/login`);
    await page.getByRole('link', { name: '企业用户注册' }).click();
    await expect(page).toHaveURL(`${CUSTOMER}${BASE_PATH}/register`);
    await expect(page.getByText('客户公司')).toBeVisible();
    const form = page.getByRole('form', { name: '企业用户注册' });
    // `buyer` is an account of the customer tenant only: taken here, whatever the platform tenant holds.
    await form.getByLabel('账号', { exact: true }).fill(customerUser.account);
    await form.getByLabel('密码', { exact: true }).focus();
    await expect(form.getByText('该账号已被使用')).toBeVisible();
    await page.screenshot({ path: 'test-results/screens/deploy-customer-register.png' });
  });

  test('customer domain: no tenant field, logs into its own tenant; a staff-host session is not accepted there', async ({
    page,
    context,
  }) => {
    await page.goto(`${CUSTOMER}${BASE_PATH}/login`);
    await expect(page.getByLabel(/^账号/)).toBeVisible();
    await expect(page.getByLabel(/^租户ID/)).toHaveCount(0);
    await page.screenshot({ path: 'test-results/screens/deploy-customer-login.png' });
    await signIn(page, CUSTOMER, { account: customerUser.account, password: customerUser.password });
    await expect(page.getByTestId('real-name')).toHaveText(customerUser.realName);
    // From the page itself: the test runner's own resolver does not know the test host names.
    const tenantId = await page.evaluate(async (url) => {
      const res = await fetch(url);
      return ((await res.json()) as { data: { tenantId: string } }).data.tenantId;
    }, `${CUSTOMER}${BASE_PATH}/api/portal/session`);
    expect(tenantId).toBe(customerUser.tenant);

    // A platform session (tenant 000000) carried over to the customer domain is sent to /login.
    const staff = await passwordLogin(STAFF, admin);
    const [pair] = cookiePairs(staff).split('; ');
    const [name, value] = [pair.slice(0, pair.indexOf('=')), pair.slice(pair.indexOf('=') + 1)];
    await context.clearCookies();
    await context.addCookies([{ name, value, url: CUSTOMER, secure: true, httpOnly: true, sameSite: 'Lax' }]);
    await page.goto(`${CUSTOMER}${BASE_PATH}/wel/index`);
    await expect(page).toHaveURL(new RegExp(`^${CUSTOMER}${BASE_PATH}/login`));
    await expect(page.getByLabel(/^租户ID/)).toHaveCount(0);
  });
});
