import { expect, test, type Page } from '@playwright/test';
import { followTiles, readTiles } from './dashboard-helpers';
import { bladeCall, login } from './helpers';
import {
  createCqstApplication,
  registerCompany,
  submitCqstApplication,
  type CompanyRegistration,
} from './journey-helpers';

// The work dashboard on /wel/index (issue 18): each tile's count is the total of the list it opens, with the tile's
// filters applied there and shown in the list's search fields. A little data first, through the calls the screens
// make: a company registers, submits one CQST application and keeps one as a draft. The administrator sees the staff
// tiles of every list in their menu; the company's user sees only the tiles of their own lists.

const CUSTOMER: CompanyRegistration = {
  account: 'dash-e2e-applicant',
  password: 'DashE2e#2026',
  email: 'dash-e2e@wancheng-ex.example',
  phone: '13937700021',
  companyName: '南阳宛城防爆仪表有限公司',
  creditCode: '91411300MA4DAB0120',
  address: '河南省南阳市宛城区',
  contactName: '钱工',
  contactPhone: '037763005678',
};
const PRODUCT = 'dash-e2e-隔爆型压力变送器';

/** The tiles a customer's menu opens (components/home/dashboard-tiles.ts). */
const CUSTOMER_TILES = [
  'myOpenApplications',
  'myReturnedApplications',
  'myNotesToPay',
  'myNotesOverdue',
  'myCertsExpiring',
];

/** A CQST application through the form's calls; submitted (with its required documents) unless `draft`. */
async function cqstApplication(customer: Page, draft: boolean): Promise<void> {
  const id = await createCqstApplication(customer, CUSTOMER, {
    productName: `${PRODUCT}${draft ? '-草稿' : ''}`,
    models: [{ model: 'PT-3051', spec: '0-10MPa', isSampleModel: true }],
    exMarkings: ['Ex db IIC T6 Gb'],
  });
  if (!draft) await submitCqstApplication(customer, id);
}

test('each tile counts the list it opens, for the administrator and for a customer', async ({
  page,
  browser,
}) => {
  test.setTimeout(300_000);
  await login(page);
  const customer = await registerCompany(browser, CUSTOMER);
  await cqstApplication(customer, false);
  await cqstApplication(customer, true);

  // The administrator: the staff tiles, one of them counting the submitted application.
  const staffTiles = await readTiles(page);
  const ids = staffTiles.map((t) => t.id);
  expect(ids).toEqual(
    expect.arrayContaining(['cccWaiting', 'cqstSubmitted', 'notesIssued', 'certsExpiring']),
  );
  expect(staffTiles.find((t) => t.id === 'cqstSubmitted')!.count).toBeGreaterThanOrEqual(1);
  await expect(page.getByRole('heading', { name: /欢迎/ })).toBeVisible();
  await page.screenshot({ path: 'test-results/screens/dashboard-admin.png', fullPage: true });
  await followTiles(page, staffTiles);

  // Unread messages: the top bar's count, and the tile opens the bar's messages (there is no message list screen).
  await page.goto('/wel/index');
  const unread = await bladeCall<{ unreadCount: number }>(
    page,
    'POST',
    '/api/blade-customer/message/selectCurrentNewMessage',
  );
  const unreadTile = page.locator('[data-unread-tile]');
  await expect(unreadTile.getByTestId('tile-count')).toHaveText(String(unread.unreadCount));
  await unreadTile.click();
  await expect(page.getByTestId('notices')).toBeVisible();
  await page.keyboard.press('Escape');

  // /wel/dashboard: the institute's figures as four charts.
  await page.goto('/wel/dashboard');
  for (const figure of [
    'applicationsByState',
    'equipmentByColour',
    'certificatesPerMonth',
    'receiptsPerMonth',
  ])
    await expect(page.locator(`[data-figure="${figure}"] svg`).first()).toBeVisible();
  await page.screenshot({ path: 'test-results/screens/wel-dashboard-admin.png', fullPage: true });

  // The company's user: only the tiles of their own lists; both applications are open, one of them a draft.
  const customerTiles = await readTiles(customer);
  expect(customerTiles.map((t) => t.id).sort()).toEqual([...CUSTOMER_TILES].sort());
  expect(customerTiles.find((t) => t.id === 'myOpenApplications')!.count).toBe(2);
  // And lists them with the step each is at.
  const openPanel = customer.getByRole('region', { name: '办理中的申请' });
  await expect(openPanel.locator('[data-open-application]')).toHaveCount(2);
  await expect(openPanel.getByText('草稿', { exact: true })).toBeVisible();
  await customer.screenshot({ path: 'test-results/screens/dashboard-customer.png', fullPage: true });
  await followTiles(customer, customerTiles);
  // The institute's figures are not a customer's (blade/ answers 403).
  await customer.goto('/wel/dashboard');
  await expect(customer.getByText('机构统计数据仅对本机构管理员开放。')).toBeVisible();
});
