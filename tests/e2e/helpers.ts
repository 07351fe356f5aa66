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

/** The inbox beside the portal (scripts/e2e-inbox.mjs): what its SMTP server and SMS vendor received. */
const inbox = `http://127.0.0.1:${Number(process.env.E2E_PORT ?? 3100) + 2}`;
/** The SMS vendor stand-in's endpoint and key, for an SMS configuration the journeys create. */
export const smsVendor = { endpoint: inbox, apikey: 'e2e-yunpian-apikey' };

async function poll<T>(read: () => Promise<T | undefined>, what: string): Promise<T> {
  for (let i = 0; i < 100; i++) {
    const found = await read();
    if (found !== undefined) return found;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`nothing arrived: ${what}`);
}

/** The latest mail to `to` (waits up to 10 s). */
export async function nextMail(
  to: string,
  since = 0,
): Promise<{ to: string; subject: string; text: string }> {
  return poll(async () => {
    const mails = (await (await fetch(`${inbox}/mails`)).json()) as Array<{
      to: string;
      subject: string;
      text: string;
    }>;
    return mails
      .slice(since)
      .reverse()
      .find((m) => m.to === to.toLowerCase());
  }, `mail to ${to}`);
}

/** The latest text to `mobile` (waits up to 10 s). */
export async function nextText(
  mobile: string,
  since = 0,
): Promise<{ mobile: string; params: Record<string, string> }> {
  return poll(async () => {
    const texts = (await (await fetch(`${inbox}/texts`)).json()) as Array<{
      mobile: string;
      params: Record<string, string>;
    }>;
    return texts
      .slice(since)
      .reverse()
      .find((t) => t.mobile === mobile);
  }, `text to ${mobile}`);
}

/** A Blade call through the proxy with the page's session, as the portal's fetcher sends it; expects code 200. */
export async function bladeCall<T>(
  page: Page,
  method: 'GET' | 'POST',
  path: string,
  data?: unknown,
): Promise<T> {
  const headers = { 'X-CSRF': '1', Origin: new URL(page.url()).origin };
  const res =
    method === 'GET'
      ? await page.request.get(path, { headers })
      : await page.request.post(path, { headers, data: data as Record<string, unknown> });
  const body = (await res.json()) as { code: number; data: T; msg?: string };
  expect(body.code, `${path}: ${body.msg}`).toBe(200);
  return body.data;
}
