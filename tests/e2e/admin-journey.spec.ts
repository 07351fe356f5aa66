import { expect, test, type Locator, type Page } from '@playwright/test';
import { admin, captchaAnswer } from './helpers';

/**
 * The administration journey of issue 4: the platform administrator creates a package and a tenant; the tenant's
 * administrator creates a department, a role holding one page and one of its buttons, and a user with that role;
 * the user sees exactly that menu and button, and a call outside the role answers 403.
 */

const shot = (page: Page, name: string) =>
  page.screenshot({ path: `test-results/screens/${name}.png`, fullPage: true });

async function loginAs(page: Page, tenant: string, account: string, password: string) {
  await page.context().clearCookies();
  const captcha = page.waitForResponse((r) => r.url().includes('/api/blade-auth/oauth/captcha'));
  await page.goto('/login');
  const { data } = (await (await captcha).json()) as { data: { key: string } };
  await page.getByLabel(/^(租户ID|Tenant)/).fill(tenant);
  await page.getByLabel(/^(账号|Account)/).fill(account);
  await page.getByLabel(/^(密码|Password)/).fill(password);
  await page.getByLabel(/^(验证码|Captcha)$/).fill(await captchaAnswer(page, data.key));
  await page.getByRole('button', { name: /^(登录|Sign in)$/ }).click();
  await expect(page).toHaveURL(/\/wel\/index$/);
}

/** Checks a node of a checkbox tree (the checkboxes are hidden from the accessibility tree; the item is not). */
async function check(tree: Locator, label: string) {
  await tree
    .getByRole('treeitem', { name: label, exact: true })
    .first()
    .locator('input[type="checkbox"]')
    .first()
    .check();
}

async function save(page: Page, dialog: Locator, text = '新增成功') {
  await dialog.getByRole('button', { name: '保存' }).click();
  await expect(page.getByText(text).first()).toBeVisible();
}

test('a tenant from a package, its administrator, a role with one page and one button, a user with that role', async ({
  page,
}) => {
  test.setTimeout(240_000);
  const suffix = Date.now().toString(36).slice(-4);
  const tenantAdminPassword = 'Tenant#e2e-2026';
  const userPassword = 'User#e2e-2026';

  // Platform administrator: a package of the system and authority menus, then a tenant on it.
  await loginAs(page, admin.tenant, admin.account, admin.password);
  await page.goto('/system/tenantpackage');
  await page.getByRole('button', { name: '新增', exact: true }).click();
  let dialog = page.getByRole('dialog');
  await dialog.getByLabel('产品包名称').fill(`标准包${suffix}`);
  await check(dialog, '系统管理');
  await check(dialog, '权限管理');
  // Platform-only: provisioning drops it whatever the package lists.
  await check(dialog, '研发工具');
  await save(page, dialog);

  await page.goto('/system/tenant');
  await page.getByRole('button', { name: '新增', exact: true }).click();
  dialog = page.getByRole('dialog');
  await dialog.getByLabel('租户名称').fill(`检测公司${suffix}`);
  await dialog.getByLabel('管理员密码').fill(tenantAdminPassword);
  await dialog.getByLabel('联系人').fill('李四');
  await dialog.getByLabel('产品包').click();
  await page.getByRole('option', { name: `标准包${suffix}` }).click();
  await save(page, dialog);
  const created = page.getByTestId('tenant-created');
  const tenantId = (await created.locator('[data-key="tenantId"]').textContent())?.trim() ?? '';
  expect(tenantId).toMatch(/^\d{6}$/);
  await shot(page, 'tenant-created');

  // The tenant's administrator: no code generation (platform only), then a department, a role, a grant, a user.
  await loginAs(page, tenantId, 'admin', tenantAdminPassword);
  const adminSidebar = page.getByRole('complementary');
  await expect(adminSidebar.getByRole('button', { name: '系统管理' })).toBeVisible();
  await expect(adminSidebar.getByRole('button', { name: '研发工具' })).toHaveCount(0);
  await expect(adminSidebar.locator('a[href^="/tool"]')).toHaveCount(0);
  for (const call of ['/api/blade-develop/model/list', '/api/blade-develop/code/list']) {
    const refused = await page.request.get(call, { headers: { 'X-CSRF': '1' } });
    expect(refused.status()).toBe(403);
  }
  await page.goto('/system/dept');
  await page.getByRole('button', { name: '新增', exact: true }).click();
  dialog = page.getByRole('dialog');
  await dialog.getByLabel('部门名称').fill('质检一部');
  await dialog.getByLabel('部门全称').fill('质量检验第一部');
  await save(page, dialog);

  await page.goto('/authority/role');
  await page.getByRole('button', { name: '新增', exact: true }).click();
  dialog = page.getByRole('dialog');
  await dialog.getByLabel('角色名称').fill('检验员');
  await dialog.getByLabel('角色别名').fill('inspector');
  await save(page, dialog);
  const roleRow = page.getByRole('row', { name: /检验员/ });
  await roleRow.getByRole('button', { name: '权限设置' }).click();
  dialog = page.getByRole('dialog', { name: /权限设置/ });
  const menus = dialog.getByRole('group', { name: '菜单权限' });
  const deptPage = menus.getByRole('treeitem', { name: '部门管理', exact: true });
  await deptPage
    .getByRole('treeitem', { name: '新增', exact: true })
    .locator('input[type="checkbox"]')
    .first()
    .check();
  await shot(page, 'role-grant');
  await save(page, dialog, '操作成功!');

  await page.goto('/system/user');
  await page.getByRole('button', { name: '新增', exact: true }).click();
  dialog = page.getByRole('dialog');
  await dialog.getByLabel('登录账号').fill('jianyan');
  await dialog.getByLabel('用户姓名').fill('检验员甲');
  await dialog.getByLabel('密码', { exact: true }).fill(userPassword);
  await dialog.getByLabel('确认密码').fill(userPassword);
  await check(dialog.getByRole('group', { name: '所属角色' }), '检验员');
  await check(dialog.getByRole('group', { name: '所属部门' }), '质检一部');
  await save(page, dialog);
  await expect(page.getByRole('gridcell', { name: '检验员甲' })).toBeVisible();
  await shot(page, 'user');

  // The user: exactly the granted page and button.
  await loginAs(page, tenantId, 'jianyan', userPassword);
  const sidebar = page.getByRole('complementary');
  await sidebar.getByRole('button', { name: '系统管理' }).click();
  await expect(sidebar.getByRole('link', { name: '部门管理' })).toBeVisible();
  // Every page link of the sidebar (the logo link to the home page aside): only the granted one.
  const pages = sidebar.locator(
    'a[href^="/system"], a[href^="/authority"], a[href^="/monitor"], a[href^="/tool"]',
  );
  await expect(pages).toHaveCount(1);
  await expect(sidebar.getByRole('button', { name: '权限管理' })).toHaveCount(0);
  await page.goto('/system/dept');
  await expect(page.getByRole('gridcell', { name: '质检一部' })).toBeVisible();
  await expect(page.getByRole('button', { name: '新增', exact: true })).toBeVisible();
  await expect(page.getByRole('button', { name: '删除' })).toHaveCount(0);
  await expect(page.getByRole('button', { name: '编辑' })).toHaveCount(0);
  await shot(page, 'granted-user');

  // A call the role does not hold.
  const denied = await page.request.get('/api/blade-user/page?current=1&size=10', {
    headers: { 'X-CSRF': '1' },
  });
  expect(denied.status()).toBe(403);
  expect(((await denied.json()) as { code: number }).code).toBe(403);
});
