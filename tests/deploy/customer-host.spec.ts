import { expect, test, type Browser, type Page } from '@playwright/test';
// The browser suites' loopback mail server (a real SMTP server): the registration code is read off it.
import { startInbox } from '../../scripts/e2e-inbox.mjs';
import {
  fillCccApplicant,
  fillCccProduct,
  fillRegistration,
  uploadRequired,
  type ArchiveCalls,
  type CompanyRegistration,
} from '../e2e/journey-helpers';
import {
  BASE_PATH,
  CUSTOMER_HOST,
  PORTS,
  SECRETS,
  STAFF_HOST,
  copyStandalone,
  createDatabase,
  sql,
  startNginx,
  startPortal,
} from './harness';

/**
 * A customer company on its own host name (issue 15): the production shape of tests/deploy (standalone portal on
 * PostgreSQL behind nginx, TLS, BASE_PATH=/portal), the customer domain bound to the institute's tenant. The company
 * registers on the customer host with an e-mail code, signs in there without naming a tenant, fills a CCC application
 * in the form's steps, uploads its documents and submits it; the institute's staff find it on the staff host.
 */

const STAFF = `https://${STAFF_HOST}:${PORTS.https}`;
const CUSTOMER = `https://${CUSTOMER_HOST}:${PORTS.https}`;
const INBOX = { smtpPort: PORTS.inboxSmtp, httpPort: PORTS.inboxHttp };
const APPLICANT: CompanyRegistration = {
  account: 'hx-applicant',
  password: 'Huaxia#2026-host',
  email: 'cert@huaxia-motor.example',
  phone: '13937700001',
  companyName: '南阳华夏防爆电机有限公司',
  creditCode: '91411300MA4ABC0013',
  address: '河南省南阳市卧龙区防爆路 8 号',
  contactName: '赵工',
  contactPhone: '037763001234',
};
const PRODUCT = '隔爆型三相异步电动机';

let database: Awaited<ReturnType<typeof createDatabase>>;
let portal: Awaited<ReturnType<typeof startPortal>>;
let nginx: Awaited<ReturnType<typeof startNginx>>;
let inbox: Awaited<ReturnType<typeof startInbox>>;

/** The newest mail to `to` on the loopback server (waits up to 10 s). */
async function nextMail(to: string): Promise<string> {
  for (let i = 0; i < 100; i++) {
    const mails = (await (await fetch(`http://127.0.0.1:${INBOX.httpPort}/mails`)).json()) as Array<{
      to: string;
      text: string;
    }>;
    const found = mails.reverse().find((m) => m.to === to);
    if (found) return found.text;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`no mail to ${to}`);
}

test.beforeAll(async () => {
  database = await createDatabase('portal_customer_host');
  inbox = await startInbox(INBOX);
  portal = await startPortal({
    dir: copyStandalone(),
    port: PORTS.portal,
    env: {
      DATABASE_URL: database.url,
      TRUSTED_PROXIES: '127.0.0.1',
      CAPTCHA_ENABLED: 'false',
      PUBLIC_ORIGINS: [STAFF, CUSTOMER].join(','),
      SMTP_URL: `smtp://127.0.0.1:${INBOX.smtpPort}`,
      MAIL_FROM: 'portal@deploy.test',
    },
  });
  // The institute's customers reach it on their own domain: the tenant's `domain` field binds the host.
  await sql(database.url, `update blade_tenant set domain = $1 where tenant_id = '000000'`, [
    `${CUSTOMER_HOST}:${PORTS.https}`,
  ]);
  nginx = await startNginx(PORTS.portal);
});

test.afterAll(async () => {
  await nginx?.stop('SIGQUIT');
  expect(await portal?.stop()).toEqual({ code: 0, signal: null });
  await inbox?.close();
  await database?.drop();
});

async function newPage(browser: Browser): Promise<Page> {
  return (await browser.newContext({ locale: 'zh-CN', ignoreHTTPSErrors: true })).newPage();
}

/**
 * A Blade call made by the page itself, as the portal's fetcher makes it (session cookie, X-CSRF, the page's origin):
 * the test's own HTTP client would not resolve the hosts chromium maps to loopback. Expects code 200.
 */
async function bladeCall<T>(page: Page, path: string): Promise<T> {
  const body = await page.evaluate(
    async (url) => (await fetch(url, { headers: { 'X-CSRF': '1' } })).json(),
    `${BASE_PATH}${path}`,
  );
  expect(body.code, body.msg).toBe(200);
  return body.data as T;
}

/** The archive calls made by the page itself (see bladeCall), under the sub-path. */
function inPage(page: Page): ArchiveCalls {
  return {
    get: <T>(path: string) => bladeCall<T>(page, path),
    async upload(fields, file) {
      const body = await page.evaluate(
        async ({ url, fields, bytes, name, type }) => {
          // The record's fields first: the server decides on them as the file part starts.
          const form = new FormData();
          for (const [key, value] of Object.entries(fields)) form.append(key, value);
          form.append('file', new Blob([new Uint8Array(bytes)], { type }), name);
          const res = await fetch(url, { method: 'POST', headers: { 'X-CSRF': '1' }, body: form });
          return (await res.json()) as { code: number; msg: string };
        },
        {
          url: `${BASE_PATH}/api/blade-resource/file/uploadFile`,
          fields,
          bytes: [...file.buffer],
          name: file.name,
          type: file.mimeType,
        },
      );
      expect(body.code, body.msg).toBe(200);
    },
  };
}

test('a company registers on its own host, applies for CCC there with its documents, and staff see it on theirs', async ({
  browser,
}) => {
  test.setTimeout(240_000);

  // Registration on the customer host: no tenant to name, the code read off the mail server.
  const visitor = await newPage(browser);
  await visitor.goto(`${CUSTOMER}${BASE_PATH}/login`);
  await expect(visitor.getByLabel(/^租户/)).toHaveCount(0);
  await visitor.getByRole('link', { name: '企业用户注册' }).click();
  await expect(visitor).toHaveURL(`${CUSTOMER}${BASE_PATH}/register`);
  const form = visitor.getByRole('form', { name: '企业用户注册' });
  await fillRegistration(form, APPLICANT);
  await form.getByRole('button', { name: '获取验证码' }).click();
  const code = /\b(\d{6})\b/.exec(await nextMail(APPLICANT.email))![1];
  await form.getByLabel('验证码').fill(code);
  await form.getByRole('button', { name: '注册' }).click();
  await expect(visitor.getByRole('status')).toHaveText('注册成功，请登录');
  await visitor.context().close();

  // Signed in on the customer host: the session cookie is that host's, Secure, under the sub-path.
  const customer = await newPage(browser);
  await customer.goto(`${CUSTOMER}${BASE_PATH}/login`);
  await customer.getByLabel(/^账号/).fill(APPLICANT.account);
  await customer.getByLabel(/^密码/).fill(APPLICANT.password);
  await customer.getByRole('button', { name: '登录' }).click();
  await expect(customer).toHaveURL(`${CUSTOMER}${BASE_PATH}/wel/index`);
  const cookies = await customer.context().cookies(CUSTOMER);
  expect(cookies.find((c) => c.name === '__Host-portal-session')).toMatchObject({
    secure: true,
    httpOnly: true,
  });

  // A new CCC application in the form's steps.
  await customer.getByRole('button', { name: '认证申请' }).click();
  await customer.getByRole('link', { name: '我的申请' }).click();
  await expect(customer).toHaveURL(/\/portal\/application\/myApplication/);
  await customer.getByRole('button', { name: '新建 CCC 申请' }).click();
  await expect(customer).toHaveURL(/\/portal\/application\/form\?scheme=ccc/);
  await fillCccApplicant(customer, APPLICANT);
  await customer.getByRole('button', { name: '下一步' }).click();
  await fillCccProduct(customer, {
    productName: PRODUCT,
    model: 'YBX3-132M-4',
    spec: '7.5kW 380V',
    exMarking: 'Ex db IIB T4 Gb',
  });
  await customer.getByRole('button', { name: '下一步' }).click();

  // The documents, uploaded through nginx on the customer host; the checklist then shows none missing.
  const checklist = customer.getByRole('list', { name: '必传资料' });
  await expect(checklist.getByText('未上传').first()).toBeVisible();
  const applicationId = new URL(customer.url()).searchParams.get('id')!;
  expect(applicationId).toMatch(/^\d+$/);
  const uploaded = await uploadRequired(customer, 'ccc_application', applicationId, inPage(customer));
  expect(uploaded).toBeGreaterThanOrEqual(5);
  await customer.getByRole('button', { name: '刷新清单' }).click();
  await expect(checklist.getByText('未上传')).toHaveCount(0);
  await expect(checklist.getByText('已上传')).toHaveCount(uploaded);
  await customer.getByRole('button', { name: '下一步' }).click();
  await customer.getByRole('button', { name: '提交申请' }).click();
  await expect(customer).toHaveURL(/\/portal\/application\/detail/);
  await expect(customer.getByText('已提交', { exact: true }).first()).toBeVisible();
  await expect(customer.getByText(/SQC\d{10}/).first()).toBeVisible();
  await customer.screenshot({ path: 'test-results/deploy/customer-host-submitted.png', fullPage: true });

  // The institute's acceptance clerk (the administrator here) finds it on the staff host.
  const staff = await newPage(browser);
  await staff.goto(`${STAFF}${BASE_PATH}/login`);
  await staff.getByLabel(/^账号/).fill('admin');
  await staff.getByLabel(/^密码/).fill(SECRETS.ADMIN_PASSWORD);
  await staff.getByRole('button', { name: '登录' }).click();
  await expect(staff).toHaveURL(`${STAFF}${BASE_PATH}/wel/index`);
  await staff.goto(`${STAFF}${BASE_PATH}/businessManagement/ccc`);
  await expect(staff.getByRole('row', { name: new RegExp(PRODUCT) })).toBeVisible();
  const page = await bladeCall<{ records: Array<{ id: string; flowState: string; companyName: string }> }>(
    staff,
    '/api/blade-customer/paymentNote/selectApplicationForCccBusinessManagementPage?current=1&size=10',
  );
  expect(page.records).toEqual([
    expect.objectContaining({
      id: applicationId,
      flowState: 'submitted',
      companyName: APPLICANT.companyName,
    }),
  ]);
});
