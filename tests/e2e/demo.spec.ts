import { expect, test, type Browser, type Page } from '@playwright/test';
import { COMPANIES, DEMO_PASSWORD, DEMO_TENANT_ID, STAFF } from '@/blade/demo/data';
import type { MenuNode } from '@/lib/shared/menu';
import { leafPaths, seriousViolations } from './a11y-helpers';
import { followTiles, readTiles } from './dashboard-helpers';
import { captchaAnswer } from './helpers';

// The demo institute (issue 18, blade/demo): the browser suite's server starts with DEMO_INSTITUTE (scripts/
// e2e-server.mjs), so the demo tenant is there as `npm run demo` makes it. On its data: each dashboard tile counts the
// list it opens for a clerk, the finance officer and a customer; every screen of the demo administrator's menu opens
// without an error in the console and without a serious or critical accessibility violation (axe-core, WCAG 2 A/AA);
// the screenshots of the dashboards and of one screen per module are saved.

const SHOTS = 'test-results/screens/demo';
const staff = (role: string) => STAFF.find((s) => s.account === role)!;

/** Signs in to the demo tenant in a new browser context (the login form asks for the tenant id). */
async function demoLogin(browser: Browser, account: string): Promise<Page> {
  const page = await (await browser.newContext({ locale: 'zh-CN' })).newPage();
  const captcha = page.waitForResponse((r) => r.url().includes('/api/blade-auth/oauth/captcha'));
  await page.goto('/login');
  const { data } = (await (await captcha).json()) as { data: { key: string } };
  await page.getByLabel(/^租户ID/).fill(DEMO_TENANT_ID);
  await page.getByLabel(/^账号/).fill(account);
  await page.getByLabel(/^密码/).fill(DEMO_PASSWORD);
  await page.getByLabel(/^验证码$/).fill(await captchaAnswer(page, data.key));
  await page.getByRole('button', { name: '登录' }).click();
  await expect(page).toHaveURL(/\/wel\/index$/);
  return page;
}

test('each tile counts the list it opens, for a clerk, the finance officer and a customer', async ({
  browser,
}) => {
  test.setTimeout(300_000);
  const people = [
    { account: staff('shouli').account, shot: 'dashboard-clerk' },
    { account: staff('caiwu').account, shot: 'dashboard-finance' },
    { account: COMPANIES[0].account, shot: 'dashboard-customer' },
  ];
  for (const { account, shot } of people) {
    const page = await demoLogin(browser, account);
    const tiles = await readTiles(page);
    // The demo has work for each of them: some tile counts rows.
    expect(
      tiles.some((t) => t.count > 0),
      account,
    ).toBe(true);
    await page.screenshot({ path: `${SHOTS}/${shot}.png`, fullPage: true });
    await followTiles(page, tiles);
    await page.context().close();
  }
});

/** One screen per module, saved while the walk passes it. */
const MODULE_SHOTS: Record<string, string> = {
  '/wel/dashboard': 'figures',
  '/businessManagement/ccc': 'applications',
  '/businessManagement/paymentNote': 'payment-notes',
  '/businessManagement/certificate': 'certificates',
  '/businessManagement/certChange': 'cert-changes',
  '/laboratory/equipment': 'equipment',
  '/laboratory/equipmentUsage': 'bookings',
  '/documents/paperArchive': 'paper-archives',
  '/documents/archiveBorrowing': 'loans',
  '/administration/projectManagement': 'projects',
  '/administration/realIncome': 'receipts',
  '/administration/noteTree': 'notes',
  '/system/user': 'users',
};

test('every screen of the demo administrator’s menu opens without a console error or an accessibility violation', async ({
  browser,
}) => {
  test.setTimeout(900_000);
  const page = await demoLogin(browser, 'admin');
  // The dashboard once every tile has counted (taken straight after the login it showed the loading skeleton).
  expect((await readTiles(page)).length).toBeGreaterThan(10);
  await page.screenshot({ path: `${SHOTS}/dashboard-admin.png`, fullPage: true });
  const problems: string[] = [];
  let at = '/wel/index';
  page.on('console', (message) => {
    if (message.type() === 'error') problems.push(`${at}: console: ${message.text()}`);
  });
  page.on('pageerror', (error) => problems.push(`${at}: page error: ${error.message}`));
  page.on('response', (response) => {
    if (response.url().includes('/api/') && response.status() >= 500)
      problems.push(`${at}: ${response.status()} ${response.url()}`);
  });
  const routes = (await (await page.request.get('/api/blade-system/menu/routes')).json()) as {
    data: MenuNode[];
  };
  const paths = ['/wel/dashboard', ...new Set(leafPaths(routes.data))];
  expect(paths.length).toBeGreaterThan(40);
  expect(Object.keys(MODULE_SHOTS).filter((path) => !paths.includes(path))).toEqual([]);
  for (const path of paths) {
    at = path;
    await page.goto(path);
    await page.waitForLoadState('networkidle');
    for (const violation of await seriousViolations(page)) problems.push(`${path}: axe: ${violation}`);
    if (MODULE_SHOTS[path])
      await page.screenshot({ path: `${SHOTS}/${MODULE_SHOTS[path]}.png`, fullPage: true });
  }
  expect(problems).toEqual([]);
});
