import { expect, test } from '@playwright/test';
import { fillLogin, login } from './helpers';

test('an unauthenticated visit goes to the login page, which shows the login text and a captcha', async ({
  page,
}) => {
  await page.goto('/wel/index');
  await expect(page).toHaveURL(/\/login/);
  await expect(page).toHaveTitle('防爆检验所业务管理系统');
  await expect(page.getByRole('heading', { name: '防爆检验所业务管理系统' })).toBeVisible();
  await expect(page.getByTestId('captcha-image')).toHaveAttribute('src', /^data:image\//);
});

test('a wrong password shows the server error and stores no session', async ({ page, context }) => {
  await fillLogin(page, 'admin', 'not-the-password');
  await page.getByRole('button', { name: '登录' }).click();
  await expect(page.getByRole('main').getByRole('alert')).toContainText('用户名或密码错误');
  await expect(page).toHaveURL(/\/login/);
  const cookies = await context.cookies();
  expect(cookies.filter((c) => c.name.includes('portal-session'))).toHaveLength(0);
});

test('log in, see the home page and the menu, and the session cookie is out of reach of page scripts', async ({
  page,
  context,
}) => {
  await login(page);
  await expect(page.getByRole('navigation', { name: '菜单' })).toBeVisible();
  await expect(page.getByRole('link', { name: '首页' })).toBeVisible();
  await expect(page.getByRole('heading', { name: /管理员，欢迎回来/ })).toBeVisible();
  await expect(page).toHaveTitle(/首页/);

  const session = (await context.cookies()).find((c) => c.name.includes('portal-session'));
  expect(session?.httpOnly).toBe(true);
  expect(session?.sameSite).toBe('Lax');
  expect(await page.evaluate(() => document.cookie)).not.toContain('portal-session');
  // The tokens never reach the browser: not in the cookie's readable form, not in any script-visible storage.
  expect(
    await page.evaluate(() => JSON.stringify(localStorage) + JSON.stringify(sessionStorage)),
  ).not.toMatch(/eyJ/);
});

test('switch the language and keep it across a reload', async ({ page }) => {
  await login(page);
  await page.getByRole('button', { name: '语言' }).click();
  await expect(page.getByRole('menuitem', { name: '中文' })).toHaveAttribute('aria-disabled', 'true');
  await page.getByRole('menuitem', { name: 'English' }).click();
  await expect(page.getByRole('link', { name: 'Home' })).toBeVisible();
  await expect(page).toHaveTitle(/Home/);
  await page.reload();
  await expect(page.getByRole('heading', { name: /Welcome back, 管理员/ })).toBeVisible();
  await page.getByRole('button', { name: 'Language' }).click();
  await page.getByRole('menuitem', { name: '中文' }).click();
  await expect(page.getByRole('link', { name: '首页' })).toBeVisible();
});

test('lock with a new lock password, stay locked on navigation, unlock', async ({ page }) => {
  await login(page);
  await page.getByRole('button', { name: '锁屏' }).click();
  const dialog = page.getByRole('dialog', { name: '设置锁屏密码' });
  await dialog.getByRole('button', { name: '确定' }).click();
  await expect(dialog.getByText('锁屏密码不能为空')).toBeVisible();
  await dialog.getByLabel('锁屏密码').fill('lock-1234');
  await dialog.getByRole('button', { name: '确定' }).click();
  await expect(page).toHaveURL(/\/lock$/);

  // The lock lives in the server session: pages and API calls stay closed.
  await page.goto('/wel/index');
  await expect(page).toHaveURL(/\/lock$/);
  const api = await page.request.get('/api/blade-system/menu/routes');
  expect(api.status()).toBe(423);

  await page.getByLabel('锁屏密码').fill('wrong');
  await page.getByRole('button', { name: '解锁' }).click();
  await expect(page.getByRole('main').getByRole('alert')).toBeVisible();
  await page.getByLabel('锁屏密码').fill('lock-1234');
  await page.getByRole('button', { name: '解锁' }).click();
  await expect(page).toHaveURL(/\/wel\/index$/);
});

test('log out after confirming; the old cookie is refused afterwards', async ({ page, context }) => {
  await login(page);
  const oldCookies = await context.cookies();
  await page.getByRole('button', { name: '用户菜单' }).click();
  await page.getByRole('menuitem', { name: '退出登录' }).click();
  await expect(page.getByRole('dialog')).toContainText('退出系统, 是否继续?');
  await page.getByRole('button', { name: '确定' }).click();
  await expect(page).toHaveURL(/\/login/);

  await context.addCookies(oldCookies);
  const replay = await page.request.get('/api/blade-system/menu/routes');
  expect(replay.status()).toBe(401);
});
