import { expect, test } from '@playwright/test';
import { bladeCall, login } from './helpers';

// 检测项目 and 检测流转卡 as the platform administrator (who holds every seeded menu): the dictionary's export opened in a
// new window with a single-use key through the proxy (a second use refused in words), a card's items with the report
// column and the coverage, and screenshots of both screens. Names carry the ACC-E2E prefix.

test('test items export through a single-use key; a flow card shows its items', async ({ page, context }) => {
  await login(page);
  const code = `ACC-E2E-${Date.now().toString(36)}`;
  await bladeCall(page, 'POST', '/api/blade-acceptance/testItemsDict/save', {
    itemCode: code,
    name: '外壳耐压试验',
    standardClause: 'GB/T 3836.2-2021 15.1',
    protectionTypes: 'd',
    fee: '1200.50',
    accredited: 1,
  });
  await page.goto('/laboratory/testItem');
  await expect(page.getByText(code)).toBeVisible();
  await page.screenshot({ path: 'test-results/screens/acceptance-test-items.png', fullPage: true });

  // The new window's request (a download never commits a URL in the window itself).
  const opened = context.waitForEvent('request', (r) => r.url().includes('/testItemsDict/export'));
  await page.getByRole('button', { name: '导出' }).click();
  const url = (await opened).url();
  expect(url).toContain('/api/blade-acceptance/testItemsDict/export?');
  expect(url).toContain('authKey=');
  expect(url).not.toMatch(/blade-auth|access_token/i);

  // A fresh key through the proxy: the workbook once, then refused in words.
  const { authKey } = await bladeCall<{ authKey: string }>(
    page,
    'GET',
    '/api/blade-cqst/exportExcel/getAuthKey?export=testItems',
  );
  const exportUrl = `/api/blade-acceptance/testItemsDict/export?authKey=${encodeURIComponent(authKey)}`;
  const first = await page.request.get(exportUrl);
  expect(first.status()).toBe(200);
  expect(first.headers()['content-type']).toContain('spreadsheetml');
  const second = await page.request.get(exportUrl);
  expect(second.status()).toBe(401);
  expect(((await second.json()) as { msg: string }).msg).toBe('导出授权无效或已被使用');

  const items = await bladeCall<{ records: { id: string }[] }>(
    page,
    'GET',
    `/api/blade-acceptance/testItemsDict/page?itemCode=${code}`,
  );
  const cardNo = `ACC-E2E-LZK-${Date.now().toString(36)}`;
  await bladeCall(page, 'POST', '/api/blade-acceptance/testFlowCard/save', { cardNo, sampleNo: 'YP-E2E-1' });
  const cards = await bladeCall<{ records: { id: string }[] }>(
    page,
    'GET',
    `/api/blade-acceptance/testFlowCard/page?cardNo=${cardNo}`,
  );
  await bladeCall(page, 'POST', '/api/blade-acceptance/testFlowCardItems/save', {
    cardId: cards.records[0].id,
    testItemId: items.records[0].id,
    remark: '常温',
  });
  await page.goto('/laboratory/testFlowCard');
  const row = page.getByRole('row').filter({ hasText: cardNo });
  await row.getByRole('button', { name: '详情' }).click();
  const dialog = page.getByRole('dialog');
  await expect(dialog.getByText(`${code} 外壳耐压试验`)).toBeVisible();
  await expect(dialog.getByText('未上传')).toBeVisible();
  await page.screenshot({ path: 'test-results/screens/acceptance-flow-card.png', fullPage: true });
});
