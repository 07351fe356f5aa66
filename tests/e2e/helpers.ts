import { expect, type Page } from '@playwright/test';

export const admin = { tenant: '000000', account: 'admin', password: 'Admin#e2e-2026' };

/** Reads the captcha answer through the test-only hook (refused by production start-up). */
export async function captchaAnswer(page: Page, key: string): Promise<string> {
  const res = await page.request.get(`/api/test-hooks/captcha?key=${encodeURIComponent(key)}`);
  expect(res.ok()).toBeTruthy();
  return ((await res.json()) as { data: { answer: string } }).data.answer;
}

/** Opens /login and fills the form; the captcha answer comes from the hook. Does not submit. */
export async function fillLogin(page: Page, account = admin.account, password = admin.password) {
  const captcha = page.waitForResponse((r) => r.url().includes('/api/blade-auth/oauth/captcha'));
  await page.goto('/login');
  const { data } = (await (await captcha).json()) as { data: { key: string } };
  await page.getByLabel(/^(账号|Account)/).fill(account);
  await page.getByLabel(/^(密码|Password)/).fill(password);
  await page.getByLabel(/^(验证码|Captcha)$/).fill(await captchaAnswer(page, data.key));
}

export async function login(page: Page) {
  await fillLogin(page);
  await page.getByRole('button', { name: /^(登录|Sign in)$/ }).click();
  await expect(page).toHaveURL(/\/wel\/index$/);
  await expect(page.getByTestId('real-name')).toHaveText('管理员');
}
