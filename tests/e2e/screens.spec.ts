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
