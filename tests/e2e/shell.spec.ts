import { expect, test, type Page } from '@playwright/test';
import { bladeCall, login, nextMail } from './helpers';

// Journeys through the portal shell (issue 3). Screens are saved under test-results/screens for review.

const shot = (page: Page, name: string) => page.screenshot({ path: `test-results/screens/${name}.png` });

async function openSettings(page: Page) {
  // With the top bar the palette button opens the dialog; without it, the floating layout button does.
  const button = page.getByRole('button', { name: /^(主题与布局|布局设置)$/ });
  await button.first().click();
  await expect(page.getByTestId('theme-dialog')).toBeVisible();
}

async function closeSettings(page: Page) {
  await page.getByTestId('theme-dialog').getByRole('button', { name: '关闭' }).click();
  await expect(page.getByTestId('theme-dialog')).toBeHidden();
}

test.beforeEach(async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 760 });
});

test('layout modes 1–6 show the right parts, and the choice survives a reload', async ({ page }) => {
  await login(page);
  const expected: Record<number, [boolean, boolean, boolean]> = {
    1: [false, false, false],
    2: [true, false, false],
    3: [false, true, false],
    4: [false, true, true],
    5: [true, true, false],
    6: [true, true, true],
  };
  for (const mode of [1, 2, 3, 4, 5, 6]) {
    await openSettings(page);
    await page
      .getByTestId('theme-dialog')
      .getByRole('radio', { name: new RegExp(`^${mode} · `) })
      .check();
    await closeSettings(page);
    const [top, left, tags] = expected[mode];
    await expect(page.getByTestId('top-bar')).toHaveCount(top ? 1 : 0);
    await expect(page.getByTestId('sidebar')).toHaveCount(left ? 1 : 0);
    await expect(page.getByTestId('tags-bar')).toHaveCount(tags ? 1 : 0);
    await shot(page, `layout-mode-${mode}`);
    if (mode === 4) {
      await page.reload();
      await expect(page.getByTestId('tags-bar')).toBeVisible();
      await expect(page.getByTestId('top-bar')).toHaveCount(0);
    }
  }
  // Collapse: the logo shows the icon instead of the title.
  await expect(page.getByTestId('logo-title')).toBeVisible();
  await page.getByRole('button', { name: '折叠菜单' }).click();
  await expect(page.getByTestId('logo-icon')).toBeVisible();
  await expect(page.getByTestId('logo-title')).toHaveCount(0);
});

test('the desktop shell’s flags override the layout and its avatar replaces the user’s', async ({ page }) => {
  await login(page);
  await page.goto('/wel/index?desktopShell=1&shellTop=1&shellLeft=0&shellTags=0&shellAvatar=%2Ffavicon.svg');
  await expect(page.getByTestId('sidebar')).toHaveCount(0);
  await expect(page.getByTestId('tags-bar')).toHaveCount(0);
  await expect(page.getByTestId('avatar').locator('img')).toHaveAttribute('src', '/favicon.svg');
  // Remembered for the browser tab while navigating.
  await page.goto('/info/index');
  await expect(page.getByTestId('sidebar')).toHaveCount(0);
});

test('themes are applied, persisted by name across reloads', async ({ page }) => {
  await login(page);
  // Every theme once, each screenshot named by the theme; vip last, since the reload below checks it.
  for (const [name, file] of [
    ['默认主题', 'theme-default'],
    ['白色主题', 'theme-white'],
    ['黑色主题', 'theme-dark'],
    ['星空主题', 'theme-star'],
    ['智能主题', 'theme-smart'],
    ['iview主题', 'theme-iview'],
    ['酷炫主题', 'theme-cool'],
    ['d2主题', 'theme-d2'],
    ['hey主题', 'theme-hey'],
    ['lte主题', 'theme-lte'],
    ['vip主题', 'theme-vip'],
  ] as const) {
    await openSettings(page);
    await page.getByTestId('theme-dialog').getByRole('radio', { name }).click();
    await closeSettings(page);
    await shot(page, file);
  }
  await page.reload();
  await expect(page.getByTestId('top-bar')).toBeVisible();
  const stored = await page.evaluate(
    () => JSON.parse(localStorage.getItem('portal-themeName') ?? '{}').content,
  );
  expect(stored).toBe('theme-vip');
  // The dark palette is in force after the reload.
  await expect(page.locator('body')).toHaveCSS('background-color', 'rgb(26, 26, 26)');
  await openSettings(page);
  await expect(page.getByTestId('theme-dialog').getByRole('radio', { name: 'vip主题' })).toHaveAttribute(
    'aria-checked',
    'true',
  );
});

test('the language is switched, the title follows, and it survives a reload', async ({ page }) => {
  await login(page);
  await page.getByRole('button', { name: '语言' }).click();
  await expect(page.getByRole('menuitem', { name: '中文' })).toHaveAttribute('aria-disabled', 'true');
  await page.getByRole('menuitem', { name: 'English' }).click();
  await expect(page.getByRole('button', { name: 'Language' })).toBeVisible();
  await expect(page).toHaveTitle(/Home/);
  await page.reload();
  await expect(page.getByRole('button', { name: 'Language' })).toBeVisible();
  await expect(page.getByTestId('tags-bar').getByRole('tab').first()).toHaveText('Home');
  await shot(page, 'home-en');
  await page.getByRole('button', { name: 'Language' }).click();
  await page.getByRole('menuitem', { name: '中文' }).click();
  await expect(page.getByRole('button', { name: '语言' })).toBeVisible();
});

test('tabs open per page, keep their query, and their menus close and clear', async ({ page }) => {
  await login(page);
  const tags = page.getByTestId('tags-bar').getByTestId('tag');
  await page.goto('/info/index');
  await expect(page.getByRole('tab', { name: '修改密码' })).toBeVisible();
  // The tab is stored once the page has opened it; a full navigation before that would start from the stored list.
  await expect(tags).toHaveText(['首页', '个人信息']);
  await page.goto('/wel/dashboard?from=e2e');
  await expect(page.getByRole('heading', { name: '控制台' })).toBeVisible();
  await expect(page).toHaveTitle(/控制台/);
  await expect(tags).toHaveText(['首页', '个人信息', '控制台']);
  // Back to the info tab; the dashboard tab keeps its query.
  await tags.nth(1).click();
  await expect(page).toHaveURL(/\/info\/index$/);
  await tags.nth(2).click();
  await expect(page).toHaveURL(/\/wel\/dashboard\?from=e2e$/);
  // Right-click menu: close others.
  await tags.nth(2).click({ button: 'right' });
  await expect(page.getByRole('menuitem', { name: '清除缓存' })).toBeVisible();
  await shot(page, 'tabs-context-menu');
  await page.getByRole('menuitem', { name: '关闭其他' }).click();
  await expect(tags).toHaveText(['首页', '控制台']);
  // Clearing the cache asks first from the right-click menu as from the dropdown; cancelling clears nothing.
  await tags.nth(1).click({ button: 'right' });
  await page.getByRole('menuitem', { name: '清除缓存' }).click();
  await expect(page.getByText('是否需要清除缓存?')).toBeVisible();
  await page.getByRole('button', { name: '取消' }).click();
  await expect(page.getByText('是否需要清除缓存?')).toBeHidden();
  await expect(page.getByRole('alert').filter({ hasText: '清除完毕' })).toHaveCount(0);
  // Dropdown: clear cache asks first.
  await page.getByRole('button', { name: '标签操作' }).click();
  await page.getByRole('menuitem', { name: '清除缓存' }).click();
  await expect(page.getByText('是否需要清除缓存?')).toBeVisible();
  await page.getByRole('button', { name: '确定' }).click();
  await expect(page.getByRole('alert').filter({ hasText: '清除完毕' })).toBeVisible();
  // Close all → home only.
  await page.getByRole('button', { name: '标签操作' }).click();
  await page.getByRole('menuitem', { name: '关闭全部' }).click();
  await expect(tags).toHaveText(['首页']);
  await expect(page).toHaveURL(/\/wel\/index$/);
  // An unknown path goes to /404, which opens no tab.
  await page.goto('/no/such/page');
  await expect(page).toHaveURL(/\/404$/);
});

test('the tab of a keep-alive page keeps its state until it is closed', async ({ page }) => {
  await login(page);
  await page.goto('/info/index');
  await page.getByRole('tab', { name: '修改密码' }).click();
  await page.getByTestId('tags-bar').getByTestId('tag').first().click();
  await expect(page).toHaveURL(/\/wel\/index$/);
  await page.getByTestId('tags-bar').getByTestId('tag').nth(1).click();
  await expect(page).toHaveURL(/\/info\/index$/);
  await expect(page.getByRole('tab', { name: '修改密码' })).toHaveAttribute('aria-selected', 'true');
  // Closing the tab forgets the kept state: the page opens again on its first tab.
  await page.getByRole('button', { name: '关闭 个人信息' }).click();
  await expect(page).toHaveURL(/\/wel\/index$/);
  await page.getByRole('button', { name: '用户菜单' }).click();
  await page.getByRole('menuitem', { name: '个人信息' }).click();
  await expect(page).toHaveURL(/\/info\/index$/);
  await expect(page.getByRole('tab', { name: '修改密码' })).toHaveAttribute('aria-selected', 'false');
});

test('menu search filters by prefix, Escape closes it and Enter opens the entry', async ({ page }) => {
  await login(page);
  await page.goto('/info/index');
  await page.getByRole('button', { name: '菜单搜索' }).click();
  const box = page.getByRole('combobox', { name: '菜单搜索' });
  await box.fill('不存在');
  await expect(page.getByText('没有匹配的菜单')).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(box).toBeHidden();
  await page.getByRole('button', { name: '菜单搜索' }).click();
  await page.getByRole('combobox', { name: '菜单搜索' }).fill('首');
  await expect(page.getByRole('option', { name: /首页/ })).toBeVisible();
  await shot(page, 'menu-search');
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/\/wel\/index$/);
});

test('the department and role switch asks for both, logs in again with a new session and lands on /', async ({
  page,
  context,
}) => {
  await login(page);
  const before = (await context.cookies()).find((c) => c.name.includes('portal-session'))?.value;
  await page.getByRole('button', { name: '用户菜单' }).click();
  await page.getByRole('menuitem', { name: '切换部门/角色' }).click();
  const dialog = page.getByTestId('switch-dialog');
  await expect(dialog).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(dialog).toBeVisible();
  await dialog.getByRole('combobox', { name: '部门' }).click();
  await page.getByRole('option').first().click();
  await dialog.getByRole('combobox', { name: '角色' }).click();
  await page.getByRole('option').first().click();
  await expect(page.getByRole('listbox')).toBeHidden();
  await shot(page, 'switch-dialog');
  const switched = page.waitForResponse((r) => r.url().endsWith('/api/portal/switch'));
  const reloaded = page.waitForEvent('load');
  await dialog.getByRole('button', { name: '确定' }).click();
  expect((await switched).status()).toBe(200);
  await reloaded;
  await expect(page).toHaveURL(/\/wel\/index$/);
  await expect(page.getByTestId('real-name')).toHaveText('管理员');
  await expect(dialog).toBeHidden();
  const after = (await context.cookies()).find((c) => c.name.includes('portal-session'))?.value;
  expect(after).toBeTruthy();
  expect(after).not.toBe(before);
});

test('an uncaught error is logged locally, uploaded to blade-log, and the admin is told', async ({
  page,
}) => {
  await login(page);
  await page.evaluate(() => {
    setTimeout(() => {
      throw new Error('e2e boom');
    });
  });
  await expect(page.getByTestId('error-log-badge')).toContainText('1');
  await page.getByRole('button', { name: '错误日志' }).click();
  const dialog = page.getByTestId('error-log-dialog');
  await expect(dialog.getByRole('cell', { name: 'e2e boom', exact: true })).toBeVisible();
  await shot(page, 'error-log');
  await dialog.getByRole('button', { name: '上传服务器' }).click();
  await expect(page.getByText('确定上传本地日志到服务器?')).toBeVisible();
  await page.getByRole('button', { name: '确定' }).click();
  // By its text: the toast sits outside the still-open error log dialog, which hides the rest of the page from the
  // accessibility tree (role queries) while it is open.
  await expect(page.getByText('发送成功!')).toBeVisible();
  await expect(dialog.getByText('暂无错误日志')).toBeVisible();
  // Stored server-side: the admin can read it through blade-log, and got a notice.
  const list = await page.request.get('/api/blade-log/error/list?exceptionName=Error');
  const body = (await list.json()) as { data: { records: Array<{ requestUri: string }> } };
  expect(body.data.records.some((r) => r.requestUri.startsWith('/wel/index'))).toBe(true);
  await dialog.getByRole('button', { name: '关闭' }).click();
  await page.reload();
  await page.getByRole('button', { name: '通知' }).click();
  await page.getByRole('tab', { name: /^通知/ }).click();
  await expect(page.getByText('收到1条前端错误日志')).toBeVisible();
  await shot(page, 'notices');
  await page.getByText('收到1条前端错误日志').click();
  await expect(page.getByTestId('message-content')).toContainText('前端错误日志');
});

test('clearing the local error log asks first and confirms', async ({ page }) => {
  await login(page);
  await page.evaluate(() => {
    setTimeout(() => {
      throw new Error('to be cleared');
    });
  });
  await expect(page.getByTestId('error-log-badge')).toContainText('1');
  await page.getByRole('button', { name: '错误日志' }).click();
  await page.getByTestId('error-log-dialog').getByRole('button', { name: '清空本地日志' }).click();
  await expect(page.getByText('确定清空本地日志记录?')).toBeVisible();
  await page.getByRole('button', { name: '确定' }).click();
  // By its text: the log dialog stays open and hides the page (the toast with it) from role queries.
  await expect(page.getByText('清空成功!')).toBeVisible();
});

test('avatar rules: default logo, upload checks, a file id shown through the file service', async ({
  page,
}) => {
  await login(page);
  await expect(page.getByTestId('avatar').locator('img')).toHaveAttribute('src', '/logo.svg');
  await page.goto('/info/index');
  const input = page.getByTestId('avatar-input');
  await input.setInputFiles({ name: 'a.gif', mimeType: 'image/gif', buffer: Buffer.from('GIF89a') });
  await expect(page.getByRole('alert').filter({ hasText: '上传头像图片只能是 JPG/PNG 格式!' })).toBeVisible();
  const big = Buffer.alloc(500 * 1024 + 1);
  await input.setInputFiles({ name: 'big.png', mimeType: 'image/png', buffer: big });
  await expect(page.getByRole('alert').filter({ hasText: '上传头像图片大小不能超过 500KB!' })).toBeVisible();
  // A real 1×1 PNG.
  const png = Buffer.from(
    'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==',
    'base64',
  );
  await input.setInputFiles({ name: 'me.png', mimeType: 'image/png', buffer: png });
  await expect(page.getByTestId('avatar').locator('img')).toHaveAttribute(
    'src',
    /^\/api\/blade-resource\/file\/downloadById\?id=[0-9a-f]{32}&isDownload=0&authKey=/,
  );
  // The image really loads through the file service.
  await expect
    .poll(() =>
      page
        .getByTestId('avatar')
        .locator('img')
        .evaluate((img: HTMLImageElement) => img.naturalWidth),
    )
    .toBe(1);
  await shot(page, 'info-avatar');
});

test('personal info checks the phone and saves; dialogs and pages of the shell are in place', async ({
  page,
}) => {
  await login(page);
  await page.goto('/info/index');
  const phone = page.getByLabel('手机号');
  await phone.fill('123');
  await page.getByRole('button', { name: '提交' }).click();
  await expect(page.getByText('手机号码不是11位数')).toBeVisible();
  await phone.fill('23800138000');
  await page.getByRole('button', { name: '提交' }).click();
  await expect(page.getByText('手机号码格式不正确')).toBeVisible();
  await phone.fill('13800138000');
  await page.getByLabel('姓名').fill('管理员');
  await page.getByRole('button', { name: '提交' }).click();
  await expect(page.getByRole('alert').filter({ hasText: '更新成功' })).toBeVisible();
  await page.reload();
  await expect(page.getByLabel('手机号')).toHaveValue('13800138000');
  await shot(page, 'info');
});

test('the e-mail binding page is public and refuses a bad link', async ({ page }) => {
  await page.goto('/emailBinding?key=nope');
  await expect(page.getByRole('heading', { name: '邮箱绑定' })).toBeVisible();
  await expect(page.getByText('链接无效或已过期')).toBeVisible();
});

test('e-mail binding: the link arrives by mail and the public page binds the address', async ({
  page,
  browser,
}) => {
  await login(page);
  await page.goto('/info/index');
  await page.getByLabel('邮箱').fill('admin@example.com');
  await page.getByRole('button', { name: '发送绑定链接' }).click();
  await expect(page.getByRole('alert').filter({ hasText: '绑定链接已发送到邮箱' })).toBeVisible();
  const mail = await nextMail('admin@example.com');
  const link = /\/emailBinding\?key=\S+/.exec(mail.text)![0];
  // Opened in another browser without a session.
  const other = await browser.newContext();
  const anonymous = await other.newPage();
  await anonymous.goto(link);
  await anonymous.getByRole('button', { name: '确认绑定' }).click();
  await expect(anonymous.getByText(/绑定成功/)).toBeVisible();
  await other.close();
  const detail = await page.request.get('/api/blade-user/my/detail');
  expect(((await detail.json()) as { data: { email: string } }).data.email).toBe('admin@example.com');
});

test('screen size class follows the window, and ?target= opens the route in a new window', async ({
  page,
  context,
}) => {
  await login(page);
  const shell = page.locator('[data-layout-mode]');
  await expect(shell).toHaveAttribute('data-screen', '3');
  await page.setViewportSize({ width: 800, height: 700 });
  await expect(shell).toHaveAttribute('data-screen', '1');
  await page.setViewportSize({ width: 700, height: 700 });
  await expect(shell).toHaveAttribute('data-screen', '0');
  // The smallest screens collapse the side menu.
  await expect(page.getByTestId('logo-icon')).toBeVisible();
  await page.setViewportSize({ width: 1280, height: 760 });
  const opened = context.waitForEvent('page');
  await page.goto('/info/index?target=_blank');
  const popup = await opened;
  await expect(popup).toHaveURL(/\/info\/index$/);
  await expect(page).toHaveURL(/\/wel\/index$/);
});

interface RouteNode {
  id: string;
  path: string;
  children?: RouteNode[];
}
const findByPath = (nodes: RouteNode[], path: string): RouteNode | undefined =>
  nodes.map((n) => (n.path === path ? n : findByPath(n.children ?? [], path))).find(Boolean);

test('a top menu set up through the admin calls filters the side menu when picked', async ({ page }) => {
  await login(page);
  const routes = await bladeCall<RouteNode[]>(page, 'GET', '/api/blade-system/menu/routes');
  const user = findByPath(routes, '/system/user')!;
  const role = findByPath(routes, '/authority/role')!;
  const code = `e2e${Date.now()}`;
  await bladeCall(page, 'POST', '/api/blade-system/topmenu/submit', {
    code,
    name: '用户与角色',
    source: 'people',
    path: '',
    sort: 0,
  });
  const list = await bladeCall<{ records: Array<{ id: string; code: string }> }>(
    page,
    'GET',
    `/api/blade-system/topmenu/list?code=${code}`,
  );
  const topMenuId = list.records.find((r) => r.code === code)!.id;
  await bladeCall(page, 'POST', '/api/blade-system/topmenu/grant', {
    topMenuIds: [topMenuId],
    menuIds: [user.id, role.id],
  });

  await page.reload();
  const top = page.getByRole('tablist', { name: '顶部菜单' });
  const side = page.getByRole('navigation', { name: '菜单' });
  await expect(top.getByRole('tab', { name: '首页' })).toHaveAttribute('aria-selected', 'true');
  await expect(side.getByRole('button', { name: '工作台' })).toBeVisible();
  await expect(side.getByRole('button', { name: '资源管理' })).toBeVisible();

  await top.getByRole('tab', { name: '用户与角色' }).click();
  // Only the granted pages and the submenus above them remain.
  await expect(side.getByRole('button', { name: '工作台' })).toHaveCount(0);
  await expect(side.getByRole('button', { name: '资源管理' })).toHaveCount(0);
  await side.getByRole('button', { name: '系统管理' }).click();
  await side.getByRole('button', { name: '权限管理' }).click();
  await expect(side.getByRole('link')).toHaveText(['用户管理', '角色管理']);
  // Both submenus have finished opening (the screenshot would catch them half way).
  await expect(side.locator('.MuiCollapse-entered')).toHaveCount(2);
  await shot(page, 'top-menu-filtered');
  await side.getByRole('link', { name: '角色管理' }).click();
  await expect(page).toHaveURL(/\/authority\/role$/);
  await expect(page.getByTestId('tags-bar').getByTestId('tag').last()).toHaveText('角色管理');
  // The pick is kept over a reload, like the tabs.
  await page.reload();
  await expect(top.getByRole('tab', { name: '用户与角色' })).toHaveAttribute('aria-selected', 'true');
  await expect(side.getByRole('button', { name: '系统管理' })).toBeVisible();
  await expect(side.getByRole('button', { name: '工作台' })).toHaveCount(0);

  await top.getByRole('tab', { name: '首页' }).click();
  await expect(side.getByRole('button', { name: '工作台' })).toBeVisible();
  await expect(side.getByRole('button', { name: '资源管理' })).toBeVisible();
});

test('pages outside the menu get translated tab labels and titles', async ({ page }) => {
  await login(page);
  await page.goto('/dict-horizontal/index');
  await expect(page).toHaveTitle(/^字典管理（横向） - /);
  await page.goto('/myiframe/urlPath?src=%2Flogo.svg&name=%E6%A0%87%E5%BF%97');
  await expect(page).toHaveTitle(/^标志 - /);
  await page.goto('/myiframe/urlPath?src=%2Ffavicon.svg');
  await expect(page.getByTestId('myiframe')).toHaveAttribute('src', '/favicon.svg');
  await expect(page).toHaveTitle(/^内嵌页面 - /);
  await page.goto('/wel/dashboard');
  const tags = page.getByTestId('tags-bar').getByTestId('tag');
  // The frame page is one tab (one path), named by the item it shows last.
  await expect(tags).toHaveText(['首页', '字典管理（横向）', '内嵌页面', '控制台']);
  // Side menu entries carry their menus' own icons.
  // The menu's own name follows the language too.
  const side = page.getByRole('navigation', { name: /^(菜单|Menu)$/ });
  await expect(
    side.getByRole('button', { name: '工作台' }).locator('svg[data-icon="dashboard"]'),
  ).toBeVisible();
  await expect(
    side.getByRole('button', { name: '系统管理' }).locator('svg[data-icon="settings"]'),
  ).toBeVisible();

  await page.getByRole('button', { name: '语言' }).click();
  await page.getByRole('menuitem', { name: 'English' }).click();
  await expect(tags).toHaveText(['Home', 'Dictionaries (side by side)', 'Embedded page', 'Console']);
  await expect(side.getByRole('button', { name: 'System' })).toBeVisible();
  await side.getByRole('button', { name: 'System' }).click();
  await side.getByRole('link', { name: 'Users', exact: true }).click();
  await expect(page).toHaveURL(/\/system\/user$/);
  await expect(tags.last()).toHaveText('Users');
  await expect(page).toHaveTitle(/^Users - /);
  await shot(page, 'tabs-en');
  await page.getByRole('button', { name: 'Language' }).click();
  await page.getByRole('menuitem', { name: '中文' }).click();
  await expect(tags.last()).toHaveText('用户管理');
});

test('the top bar toggles fullscreen', async ({ page }) => {
  await login(page);
  await page.getByRole('button', { name: '全屏', exact: true }).click();
  await expect.poll(() => page.evaluate(() => !!document.fullscreenElement)).toBe(true);
  await page.getByRole('button', { name: '退出全屏' }).click();
  await expect.poll(() => page.evaluate(() => !!document.fullscreenElement)).toBe(false);
  await expect(page.getByRole('button', { name: '全屏', exact: true })).toBeVisible();
});
