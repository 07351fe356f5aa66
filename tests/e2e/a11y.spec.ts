import { expect, test } from '@playwright/test';
import { seriousViolations } from './a11y-helpers';

// Issue 18: no serious or critical WCAG 2 A/AA violation (axe-core). The login page here; every screen of a whole
// menu in tests/e2e/demo.spec.ts, walked on the demo institute's data.

test('the login page has no serious or critical accessibility violation', async ({ page }) => {
  await page.goto('/login');
  await expect(page.getByTestId('captcha-image')).toBeVisible();
  expect(await seriousViolations(page)).toEqual([]);
});
