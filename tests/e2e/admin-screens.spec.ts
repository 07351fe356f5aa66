import { expect, test, type Locator, type Page } from '@playwright/test';
import { login } from './helpers';

/** Screens of system administration as the platform administrator: spec §2 / §5 texts, real blade/ calls. */

const shot = (page: Page, name: string) =>
  page.screenshot({ path: `test-results/screens/${name}.png`, fullPage: true });

async function blurEmpty(dialog: Locator, label: string) {
  const input = dialog.getByLabel(label, { exact: true });
  await input.focus();
  await input.blur();
}

test.describe('system administration screens', () => {
  test.beforeEach(async ({ page }) => {
    await login(page);
  });

  test('tenant package: columns, required texts, menuId saved, search, no view button, delete', async ({
    page,
  }) => {
    await page.goto('/system/tenantpackage');
    const grid = page.getByRole('grid', { name: '租户产品包' });
    for (const header of ['产品包名称', '菜单列表', '备注']) {
      await expect(grid.getByRole('columnheader', { name: header })).toBeVisible();
    }
    await page.getByRole('button', { name: '删除' }).first().click();
    await expect(page.getByText('请选择至少一条数据')).toBeVisible();

    await page.getByRole('button', { name: '新增', exact: true }).click();
    const dialog = page.getByRole('dialog', { name: /新增租户产品包/ });
    await dialog.getByRole('button', { name: '保存' }).click();
    await expect(dialog.getByText('请输入产品包名称')).toBeVisible();
    await expect(dialog.getByText('请选择菜单')).toBeVisible();
    await dialog.getByLabel('产品包名称').fill('E2E基础包');
    const system = dialog.getByRole('treeitem', { name: /系统管理/ }).first();
    await system.locator('input[type="checkbox"]').first().check();
    await dialog.getByLabel('备注').fill('端到端');
    await shot(page, 'tenant-package-dialog');
    const saved = page.waitForResponse((r) => r.url().includes('/tenant-package/submit'));
    await dialog.getByRole('button', { name: '保存' }).click();
    const body = (await saved).request().postDataJSON() as { menuId: string; packageName: string };
    expect(body.packageName).toBe('E2E基础包');
    expect(body.menuId).toMatch(/^\d+(,\d+)+$/);
    await expect(page.getByText('新增成功')).toBeVisible();
    await expect(grid.getByText('E2E基础包')).toBeVisible();
    await expect(grid.getByRole('button', { name: '查看' })).toHaveCount(0);
    await shot(page, 'tenant-package');

    const search = page.getByRole('search');
    await search.getByLabel('产品包名称').fill('不存在的包');
    await search.getByRole('button', { name: '搜索' }).click();
    await expect(grid.getByText('E2E基础包')).toHaveCount(0);
    await search.getByRole('button', { name: '清空' }).click();
    await expect(grid.getByText('E2E基础包')).toBeVisible();

    const row = grid.getByRole('row', { name: /E2E基础包/ });
    await row.getByRole('button', { name: '删除' }).click();
    await expect(page.getByText('确定将选择数据删除?')).toBeVisible();
    await page.getByRole('button', { name: '确定' }).click();
    await expect(page.getByText('删除成功')).toBeVisible();
    await expect(grid.getByText('E2E基础包')).toHaveCount(0);
  });

  test('parameters: on-blur required texts, add, edit', async ({ page }) => {
    await page.goto('/system/param');
    await page.getByRole('button', { name: '新增', exact: true }).click();
    const dialog = page.getByRole('dialog');
    await blurEmpty(dialog, '参数名称');
    await expect(dialog.getByText('请输入参数名称')).toBeVisible();
    await blurEmpty(dialog, '参数键名');
    await expect(dialog.getByText('请输入参数键名')).toBeVisible();
    await blurEmpty(dialog, '参数键值');
    await expect(dialog.getByText('请输入参数键值')).toBeVisible();
    await shot(page, 'param-dialog');
    await dialog.getByLabel('参数名称', { exact: true }).fill('端到端参数');
    await dialog.getByLabel('参数键名', { exact: true }).fill('e2e.param');
    await dialog.getByLabel('参数键值', { exact: true }).fill('on');
    await dialog.getByRole('button', { name: '保存' }).click();
    await expect(page.getByText('新增成功')).toBeVisible();
    const grid = page.getByRole('grid', { name: '参数' });
    const row = grid.getByRole('row', { name: /e2e\.param/ });
    await expect(row).toBeVisible();
    await row.getByRole('button', { name: '编辑' }).click();
    const edit = page.getByRole('dialog');
    await edit.getByLabel('参数键值', { exact: true }).fill('off');
    await edit.getByRole('button', { name: '保存' }).click();
    await expect(page.getByText('更新成功')).toBeVisible();
    await expect(row.getByText('off')).toBeVisible();
    await shot(page, 'param');
  });

  for (const layout of ['horizontal', 'vertical'] as const) {
    test(`dictionaries, ${layout} layout: parents, children, fixed child code, validation`, async ({
      page,
    }) => {
      await page.goto(`/dict-${layout}/index`);
      const parents = page.getByRole('region', { name: '字典列表' });
      const children = page.getByRole('region', { name: '字典配置' });
      await parents.getByRole('gridcell', { name: 'sex', exact: true }).click();
      await expect(children.getByRole('gridcell', { name: '男' })).toBeVisible();

      const code = `e2e_${layout}`;
      await parents.getByRole('button', { name: '新增', exact: true }).click();
      const dialog = page.getByRole('dialog');
      await dialog.getByRole('button', { name: '保存' }).click();
      await expect(dialog.getByText('请输入字典编号')).toBeVisible();
      await expect(dialog.getByText('请输入字典名称')).toBeVisible();
      await dialog.getByLabel('字典编号').fill(code);
      await dialog.getByLabel('字典名称').fill(`颜色${layout}`);
      await dialog.getByLabel('字典排序').fill('50');
      await dialog.getByRole('button', { name: '保存' }).click();
      await expect(page.getByText('新增成功')).toBeVisible();

      await parents.getByRole('search').getByLabel('字典编号').fill(code);
      await parents.getByRole('search').getByRole('button', { name: '搜索' }).click();
      await parents.getByRole('gridcell', { name: code, exact: true }).click();
      await children.getByRole('button', { name: '新增', exact: true }).click();
      const child = page.getByRole('dialog');
      await expect(child.getByLabel('字典编号')).toHaveValue(code);
      await expect(child.getByLabel('字典编号')).toBeDisabled();
      await expect(child.getByLabel('上级字典')).toBeDisabled();
      await child.getByRole('button', { name: '保存' }).click();
      await expect(child.getByText('请输入字典键值')).toBeVisible();
      await child.getByLabel('字典名称').fill('红');
      await child.getByLabel('字典键值').fill('red');
      await child.getByLabel('字典排序').fill('1');
      await child.getByRole('button', { name: '保存' }).click();
      await expect(page.getByText('新增成功')).toBeVisible();
      await expect(children.getByRole('gridcell', { name: '红' })).toBeVisible();
      await shot(page, `dict-${layout}`);
    });
  }
});

test.describe('tenants and sealed dictionaries', () => {
  test.beforeEach(async ({ page }) => {
    await login(page);
  });

  test("tenant rows: datasource and package dialogs, none for the platform tenant's package", async ({
    page,
  }) => {
    const call = async (path: string, data: unknown) => {
      const res = await page.request.post(`/api/blade-system/${path}`, {
        data,
        headers: { 'X-CSRF': '1', Origin: new URL(page.url()).origin },
      });
      expect(res.status()).toBe(200);
      return ((await res.json()) as { data: Record<string, string> }).data;
    };
    const menus = (await (
      await page.request.get('/api/blade-system/menu/grant-tree', { headers: { 'X-CSRF': '1' } })
    ).json()) as { data: { menu: Array<{ id: string }> } };
    await call('tenant-package/submit', { packageName: 'E2E包乙', menuId: menus.data.menu[0].id });
    await call('tenant/submit', { tenantName: 'E2E租户', linkman: '王五' });

    await page.goto('/system/tenant');
    const grid = page.getByRole('grid', { name: '租户' });
    await expect(
      grid.getByRole('row', { name: /管理组/ }).getByRole('button', { name: '产品包配置' }),
    ).toHaveCount(0);
    const row = grid.getByRole('row', { name: /E2E租户/ });
    await row.getByRole('button', { name: '产品包配置' }).click();
    let dialog = page.getByRole('dialog', { name: /产品包配置：E2E租户/ });
    await expect(dialog.getByRole('combobox', { name: '产品包' })).toHaveText('无（全部租户菜单）');
    await dialog.getByRole('combobox', { name: '产品包' }).click();
    await page.getByRole('option', { name: 'E2E包乙' }).click();
    await shot(page, 'tenant-package-setting');
    await dialog.getByRole('button', { name: '保存' }).click();
    await expect(page.getByText('操作成功!')).toBeVisible();
    await expect(row).toContainText('E2E包乙');
    await row.getByRole('button', { name: '产品包配置' }).click();
    dialog = page.getByRole('dialog', { name: /产品包配置/ });
    await expect(dialog.getByRole('combobox', { name: '产品包' })).toHaveText('E2E包乙');
    await dialog.getByRole('button', { name: '取消' }).click();

    // One database serves every tenant: no datasource configuration is offered (blade/ refuses tenant/datasource).
    await expect(row.getByRole('button', { name: '数据源配置' })).toHaveCount(0);
    await shot(page, 'tenant-dialogs');
  });

  test('a sealed dictionary shows no edit or delete, and its items take no new one', async ({ page }) => {
    await page.goto('/dict-horizontal/index');
    const parents = page.getByRole('region', { name: '字典列表' });
    const children = page.getByRole('region', { name: '字典配置' });
    await parents.getByRole('button', { name: '新增', exact: true }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByLabel('字典编号').fill('e2e_sealed');
    await dialog.getByLabel('字典名称').fill('封存字典');
    await dialog.getByLabel('字典排序').fill('60');
    await dialog.getByRole('combobox', { name: '封存' }).click();
    await page.getByRole('option', { name: '是' }).click();
    await dialog.getByRole('button', { name: '保存' }).click();
    await expect(page.getByText('新增成功')).toBeVisible();
    await parents.getByRole('search').getByLabel('字典编号').fill('e2e_sealed');
    await parents.getByRole('search').getByRole('button', { name: '搜索' }).click();
    const row = parents.getByRole('row', { name: /e2e_sealed/ });
    await expect(row.getByRole('button', { name: '查看' })).toBeVisible();
    await expect(row.getByRole('button', { name: '编辑' })).toHaveCount(0);
    await expect(row.getByRole('button', { name: '删除' })).toHaveCount(0);
    await row.getByRole('gridcell', { name: 'e2e_sealed', exact: true }).click();
    await expect(children.getByRole('grid')).toBeVisible();
    await expect(children.getByRole('button', { name: '新增', exact: true })).toHaveCount(0);
    await expect(children.getByRole('button', { name: '删除' })).toHaveCount(0);
    await shot(page, 'dict-sealed');
  });
});

test('data model fields: listed from the table, one edited', async ({ page }) => {
  await login(page);
  const res = await page.request.post('/api/blade-develop/model/submit', {
    data: { modelTable: 'blade_post', modelName: 'E2E岗位模型', modelCode: 'e2e_post' },
    headers: { 'X-CSRF': '1', Origin: new URL(page.url()).origin },
  });
  expect(res.status()).toBe(200);
  await page.goto('/tool/model');
  await page
    .getByRole('row', { name: /E2E岗位模型/ })
    .getByRole('button', { name: '字段配置' })
    .click();
  const dialog = page.getByRole('dialog', { name: /字段配置：E2E岗位模型/ });
  const row = dialog.getByRole('row', { name: /post_name/ });
  await expect(row).toBeVisible();
  await row.getByRole('button', { name: '编辑' }).click();
  const edit = page.getByRole('dialog', { name: /编辑字段/ });
  await edit.getByLabel('字段说明').fill('岗位名称（E2E）');
  await edit.getByRole('button', { name: '保存' }).click();
  await expect(page.getByText('更新成功')).toBeVisible();
  await expect(row).toContainText('岗位名称（E2E）');
  await shot(page, 'model-fields');
});

test.describe('external users', () => {
  test.beforeEach(async ({ page }) => {
    await login(page);
  });

  test('external users and their laboratory departments: add, search, edit, delete', async ({ page }) => {
    await page.goto('/system/externalUser');
    const grid = page.getByRole('grid', { name: '外部用户' });
    await expect(grid.getByRole('columnheader', { name: '登录账号' })).toBeVisible();
    await page.getByRole('button', { name: '删除' }).first().click();
    await expect(page.getByText('请选择至少一条数据')).toBeVisible();

    await page.getByRole('button', { name: '新增', exact: true }).click();
    const dialog = page.getByRole('dialog', { name: /新增外部用户/ });
    await dialog.getByLabel('登录账号').fill('e2e_guest');
    await dialog.getByLabel('用户姓名').fill('外部甲');
    await dialog.getByLabel('密码', { exact: true }).fill('guest-pass');
    await dialog.getByLabel('确认密码').fill('guest-pass');
    await dialog.getByRole('treeitem', { name: '用户' }).locator('input[type="checkbox"]').first().check();
    await dialog.getByRole('treeitem', { name: /总部/ }).locator('input[type="checkbox"]').first().check();
    await shot(page, 'external-user-dialog');
    await dialog.getByRole('button', { name: '保存' }).click();
    await expect(page.getByText('新增成功')).toBeVisible();
    const row = grid.getByRole('row', { name: /e2e_guest/ });
    await expect(row).toBeVisible();
    // Staff accounts are not external users.
    await expect(grid.getByRole('gridcell', { name: 'admin', exact: true })).toHaveCount(0);

    await row.getByRole('button', { name: '编辑' }).click();
    const edit = page.getByRole('dialog', { name: /编辑外部用户/ });
    await edit.getByLabel('手机号码').fill('13800000000');
    await edit.getByRole('button', { name: '保存' }).click();
    await expect(page.getByText('更新成功')).toBeVisible();
    await expect(row.getByText('13800000000')).toBeVisible();
    await shot(page, 'external-user');

    await page.goto('/system/deptLaboratoryExternalUser');
    const links = page.getByRole('grid', { name: '实验室外部用户' });
    await page.getByRole('button', { name: '新增', exact: true }).click();
    const attach = page.getByRole('dialog', { name: /新增实验室外部用户/ });
    await attach.getByRole('button', { name: '保存' }).click();
    await expect(attach.getByText('请选择外部用户')).toBeVisible();
    await attach.getByRole('combobox', { name: '所属部门' }).click();
    await page.getByRole('option', { name: /检验检测部/ }).click();
    // The picker searches blade/ as one types (by name or account), rather than loading every external user.
    await attach.getByRole('combobox', { name: '外部用户' }).fill('e2e_gu');
    await page.getByRole('option', { name: '外部甲 (e2e_guest)' }).click();
    await expect(attach.getByRole('button', { name: '外部甲 (e2e_guest)' })).toBeVisible();
    await shot(page, 'dept-lab-user-picker');
    await attach.getByRole('button', { name: '保存' }).click();
    await expect(page.getByText('新增成功')).toBeVisible();
    const link = links.getByRole('row', { name: /e2e_guest/ });
    await expect(link).toContainText('检验检测部');
    await shot(page, 'dept-lab-user');
    await link.getByRole('button', { name: '删除' }).click();
    await expect(page.getByText('确定将选择数据删除?')).toBeVisible();
    await page.getByRole('button', { name: '确定' }).click();
    await expect(page.getByText('删除成功')).toBeVisible();
    await expect(links.getByRole('row', { name: /e2e_guest/ })).toHaveCount(0);

    await page.goto('/system/externalUser');
    const search = page.getByRole('search');
    await search.getByLabel('登录账号').fill('nobody');
    await search.getByRole('button', { name: '搜索' }).click();
    await expect(grid.getByRole('row', { name: /e2e_guest/ })).toHaveCount(0);
    await search.getByRole('button', { name: '清空' }).click();
    await grid
      .getByRole('row', { name: /e2e_guest/ })
      .getByRole('button', { name: '删除' })
      .click();
    await page.getByRole('button', { name: '确定' }).click();
    await expect(page.getByText('删除成功')).toBeVisible();
    await expect(grid.getByRole('row', { name: /e2e_guest/ })).toHaveCount(0);
  });
});

test('a refusal reaches the English screen in English', async ({ page }) => {
  // blade/ words the refusal in Chinese (不能删除本账号!) and names its message key; the portal shows the key's English.
  await page.setViewportSize({ width: 1440, height: 900 });
  await login(page);
  await page.context().addCookies([{ name: 'NEXT_LOCALE', value: 'en', url: new URL(page.url()).origin }]);
  await page.goto('/system/user');
  const grid = page.getByRole('grid', { name: 'user' });
  await grid
    .getByRole('row', { name: /\badmin\b/ })
    .first()
    .getByRole('button', { name: 'Delete' })
    .click();
  await expect(page.getByText('Delete the selected data?')).toBeVisible();
  const refused = page.waitForResponse((r) => r.url().includes('/blade-user/remove'));
  await page.getByRole('button', { name: 'OK' }).click();
  expect(await (await refused).json()).toMatchObject({
    code: 400,
    msg: '不能删除本账号!',
    errorCode: 'common.refusal.deleteSelf',
  });
  await expect(page.getByText('You cannot delete your own account')).toBeVisible();
  await expect(page.getByText('不能删除本账号!')).toHaveCount(0);
  await expect(grid.getByRole('row', { name: /\badmin\b/ }).first()).toBeVisible();
  await page.screenshot({ path: 'test-results/screens/refusal-en.png' });
});

test('an endpoint refusal names its setting in English on the English screen', async ({ page }) => {
  // blade/ refuses an object storage endpoint inside the internal network as 资源地址不能指向内部网络, naming the
  // refusal's key and the setting's label as a key of its own; the English screen says both in English.
  await page.setViewportSize({ width: 1440, height: 900 });
  await login(page);
  await page.context().addCookies([{ name: 'NEXT_LOCALE', value: 'en', url: new URL(page.url()).origin }]);
  await page.goto('/resource/oss');
  await page.getByRole('button', { name: 'Add', exact: true }).click();
  const dialog = page.getByRole('dialog');
  await dialog.getByLabel('Code', { exact: true }).fill('e2e-internal');
  await dialog.getByLabel('Endpoint', { exact: true }).fill('http://10.9.9.9:9000');
  await dialog.getByLabel('Access key', { exact: true }).fill('key');
  await dialog.getByLabel('Secret key', { exact: true }).fill('secret');
  await dialog.getByLabel('Bucket', { exact: true }).fill('bucket');
  const refused = page.waitForResponse((r) => r.url().includes('/blade-resource/oss/submit'));
  await dialog.getByRole('button', { name: 'Save' }).click();
  expect(await (await refused).json()).toMatchObject({
    code: 400,
    msg: '资源地址不能指向内部网络',
    errorCode: 'common.outbound.internal',
    errorArgs: { labelKey: 'common.outbound.label.ossEndpoint' },
  });
  await expect(page.getByText('The storage endpoint must not point into the internal network')).toBeVisible();
  await expect(page.getByText('资源地址不能指向内部网络')).toHaveCount(0);
  // A refused save stays open with what was typed.
  await expect(dialog.getByLabel('Endpoint', { exact: true })).toHaveValue('http://10.9.9.9:9000');
  await page.screenshot({ path: 'test-results/screens/refusal-outbound-en.png' });
});

test.describe('every administration page loads its list', () => {
  const pages: Array<[string, string]> = [
    ['/system/user', 'user'],
    ['/system/dept', 'dept'],
    ['/system/post', 'post'],
    ['/system/menu', 'menu'],
    ['/system/topmenu', 'topmenu'],
    ['/system/tenant', 'tenant'],
    ['/system/client', 'client'],
    ['/system/region', 'region'],
    ['/system/dictbiz', 'dictbiz'],
    ['/system/externalUser', 'external-user'],
    ['/system/deptLaboratoryExternalUser', 'dept-lab-user'],
    ['/authority/role', 'role'],
    ['/authority/datascope', 'datascope'],
    ['/authority/apiscope', 'apiscope'],
    ['/monitor/log/usual', 'log-usual'],
    ['/monitor/log/api', 'log-api'],
    ['/monitor/log/error', 'log-error'],
    ['/resource/oss', 'oss'],
    ['/resource/sms', 'sms'],
    ['/resource/attach', 'attach'],
    ['/tool/code', 'code'],
    ['/tool/model', 'model'],
    ['/tool/datasource', 'datasource'],
  ];
  test('as the platform administrator, without an error toast', async ({ page }) => {
    test.setTimeout(300_000);
    await login(page);
    const failures: string[] = [];
    page.on('response', (r) => {
      if (r.url().includes('/api/') && r.status() >= 400) failures.push(`${r.status()} ${r.url()}`);
    });
    for (const [path, name] of pages) {
      await page.goto(path);
      await expect(page.getByRole('grid').first()).toBeVisible({ timeout: 20_000 });
      await expect(page.locator('.MuiDataGrid-overlay, .MuiDataGrid-row').first()).toBeVisible({
        timeout: 20_000,
      });
      await page.waitForLoadState('networkidle');
      await shot(page, `page-${name}`);
    }
    expect(failures).toEqual([]);
  });
});
