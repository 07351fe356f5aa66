import { expect, test } from '@playwright/test';
import { login } from './helpers';

// Screens a person looks at: saved under test-results/screens for review (CI keeps them as artefacts).
test('screenshots of the login page and the home page', async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 720 });
  await page.goto('/login');
  await expect(page.getByTestId('captcha-image')).toBeVisible();
  await page.screenshot({ path: 'test-results/screens/login-zh.png' });
  await login(page);
  await expect(page.getByRole('link', { name: '首页' })).toBeVisible();
  await page.screenshot({ path: 'test-results/screens/home-zh.png' });
  await page.getByRole('button', { name: '折叠菜单' }).click();
  await expect(page.getByRole('button', { name: '展开菜单' })).toBeVisible();
  await page.screenshot({ path: 'test-results/screens/home-collapsed-zh.png' });
});

// SECURITY 12: the pages run under a nonce CSP without 'unsafe-inline' or 'unsafe-eval'. Anything the portal's own
// code or its libraries try outside it (a <style> without the nonce, an eval probe) is a violation the browser reports.
test('the shell, a grid screen and the archive screens run without a CSP violation', async ({ page }) => {
  await page.addInitScript(() => {
    const seen: string[] = [];
    (window as unknown as { cspViolations: string[] }).cspViolations = seen;
    document.addEventListener('securitypolicyviolation', (e) =>
      seen.push(`${e.violatedDirective} ${e.sourceFile}:${e.lineNumber} ${e.sample}`),
    );
  });
  await login(page);
  for (const path of ['/wel/index', '/system/user', '/system/dict', '/documents/query', '/archives']) {
    await page.goto(path);
    await page.waitForLoadState('networkidle');
    const violations = await page.evaluate(
      () => (window as unknown as { cspViolations: string[] }).cspViolations,
    );
    expect(violations, path).toEqual([]);
  }
});
