import { expect, test, type Locator, type Page } from '@playwright/test';
import ExcelJS from 'exceljs';
import { login } from './helpers';

/**
 * The business journey: a project set 执行中, a contract of 100000.00 added from the project's page, three payment
 * batches of 30/30/40 on the contract's page, one receipt of 10000.00, the refusal of a receipt above what the
 * batch still owes (with the amount), the contract list exported and opened, the contract and then the project
 * accepted.
 */

// Wide enough that the grids render their action column without scrolling.
test.use({ viewport: { width: 2200, height: 1200 } });

const rowOf = (page: Page, text: string) => page.getByRole('row').filter({ hasText: text });
// The smallest file the scan upload takes: a PNG signature and an IHDR chunk's start.
const PNG = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13, 73, 72, 68, 82]);

async function save(page: Page, dialog: Locator, text = '新增成功') {
  await dialog.getByRole('button', { name: '保存' }).click();
  await expect(page.getByText(text).first()).toBeVisible();
  await expect(dialog).toBeHidden();
}

async function pick(page: Page, dialog: Locator, label: string, option: string | RegExp) {
  await dialog.getByLabel(label).click();
  await page.getByRole('option', { name: option }).click();
}

test('a project, its contract, three payment batches and a receipt', async ({ page }) => {
  test.setTimeout(240_000);
  const suffix = Date.now().toString(36).slice(-5);
  const projectName = `检测项目${suffix}`;
  const contractName = `检测合同${suffix}`;
  await login(page);

  // The project, then 立项 → 执行中.
  await page.goto('/administration/projectManagement');
  await page.getByRole('button', { name: '新增', exact: true }).click();
  let dialog = page.getByRole('dialog');
  await dialog.getByLabel('项目名称').fill(projectName);
  await dialog.getByLabel('项目单位').fill('某检测中心');
  await save(page, dialog);
  await expect(rowOf(page, projectName)).toContainText('立项');
  await rowOf(page, projectName).getByRole('button', { name: '变更状态' }).click();
  dialog = page.getByRole('dialog');
  await pick(page, dialog, '目标状态', '执行中');
  await save(page, dialog, '操作成功!');
  await expect(rowOf(page, projectName)).toContainText('执行中');

  // The contract, from the project's page: the project is fixed there.
  await rowOf(page, projectName).getByRole('button', { name: '详情' }).click();
  await expect(page).toHaveURL(/\/administration\/projectManagement_detail\?id=\d+$/);
  await expect(page.getByRole('heading', { name: projectName })).toBeVisible();
  await page.getByRole('button', { name: '新增', exact: true }).click();
  dialog = page.getByRole('dialog');
  await expect(dialog.getByLabel('所属项目')).toHaveCount(0);
  await dialog.getByLabel('合同名称').fill(contractName);
  await dialog.getByLabel('合同编号').fill(`HT-${suffix}`);
  await dialog.getByLabel('合同金额').fill('100000.00');
  await save(page, dialog);
  await expect(rowOf(page, contractName)).toContainText('100,000.00');

  // Three batches on the contract's page: their amounts are the contract's shares.
  await rowOf(page, contractName).getByRole('button', { name: '详情' }).click();
  await expect(page).toHaveURL(/\/administration\/contractManagement_detail\?id=\d+$/);
  await expect(page.getByRole('heading', { name: contractName })).toBeVisible();
  await expect(page.getByText('100,000.00（大写：壹拾万元整）')).toBeVisible();
  const batches: Array<[string, string, string]> = [
    ['首付款', '30', '30,000.00'],
    ['进度款', '30', '30,000.00'],
    ['尾款', '40', '40,000.00'],
  ];
  for (const [name, percent] of batches) {
    await page.getByRole('button', { name: '新增', exact: true }).click();
    dialog = page.getByRole('dialog');
    await dialog.getByLabel('批次名称').fill(name);
    await dialog.getByLabel('付款比例').fill(percent);
    await save(page, dialog);
  }
  for (const [name, , amount] of batches) await expect(rowOf(page, name)).toContainText(amount);
  await expect(page.getByTestId('percent-total')).toHaveText('付款比例合计：100.00%');

  // A receipt: the contract's received and unpaid follow.
  const received = page.locator('dd[data-label="已收金额"]');
  const unpaid = page.locator('dd[data-label="未收金额"]');
  await page.getByRole('tab', { name: '收款记录' }).click();
  await page.getByRole('button', { name: '新增', exact: true }).click();
  dialog = page.getByRole('dialog');
  await pick(page, dialog, '付款批次', /^首付款/);
  await dialog.getByLabel('收款金额').fill('10000.00');
  await dialog.getByLabel('收款日期').fill('2026-11-20');
  await save(page, dialog);
  await expect(rowOf(page, '首付款')).toContainText('10,000.00');
  await expect(received).toHaveText('10,000.00');
  await expect(unpaid).toHaveText('90,000.00');

  // The batches follow too; the page as it stands is the screenshot.
  await page.getByRole('tab', { name: '付款批次' }).click();
  await expect(rowOf(page, '首付款')).toContainText('20,000.00');
  await page.screenshot({ path: '/tmp/contract-detail.png', fullPage: true });

  // More than the batch still owes (20,000.00) is refused; the dialog keeps what was typed.
  await page.getByRole('tab', { name: '收款记录' }).click();
  await page.getByRole('button', { name: '新增', exact: true }).click();
  dialog = page.getByRole('dialog');
  await pick(page, dialog, '付款批次', '首付款（未收 20,000.00）');
  await dialog.getByLabel('收款金额').fill('25000.00');
  await dialog.getByLabel('收款日期').fill('2026-11-21');
  await dialog.getByRole('button', { name: '保存' }).click();
  const refusal = page.getByText(/收款金额不能超过该批次的未收金额/).first();
  await expect(refusal).toBeVisible();
  console.log(`refusal shown: ${await refusal.textContent()}`);
  await expect(dialog.getByLabel('收款金额')).toHaveValue('25000.00');
  await dialog.getByRole('button', { name: '取消' }).click();
  await expect(received).toHaveText('10,000.00');
  // The refusal names the amount the batch still owes, as the server filled it in.
  await expect(
    page.getByText('收款金额不能超过该批次的未收金额20000.00元（可先做异常处理）').first(),
  ).toBeVisible();

  // The contract list, exported with the list's filter, downloaded and opened.
  await page.goto('/administration/contractManagement');
  await page.getByRole('search').getByLabel('合同编号').fill(`HT-${suffix}`);
  await page.getByRole('search').getByRole('button', { name: '搜索' }).click();
  await expect(rowOf(page, contractName)).toBeVisible();
  const downloading = page.waitForEvent('download');
  await page.getByRole('button', { name: '导出' }).click();
  const download = await downloading;
  expect(download.suggestedFilename()).toMatch(/^合同-\d{4}-\d{2}-\d{2}\.xlsx$/);
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.readFile(await download.path());
  const sheet = workbook.worksheets[0];
  expect(sheet.rowCount).toBe(2);
  expect(sheet.getRow(1).getCell(2).value).toBe('合同编号');
  expect(sheet.getRow(2).getCell(2).value).toBe(`HT-${suffix}`);
  expect(sheet.getRow(2).getCell(5).value).toBe(100000);
  expect(sheet.getRow(2).getCell(6).value).toBe(10000);

  // An invoice on the contract, with its scan: never more than the contract in all.
  await page.goto('/administration/invoice');
  await page.getByRole('button', { name: '新增', exact: true }).click();
  dialog = page.getByRole('dialog');
  await pick(page, dialog, '所属合同', `HT-${suffix} ${contractName}`);
  await dialog.getByLabel('发票抬头').fill('某检测中心');
  await dialog.getByLabel('发票号码').fill(`FP-${suffix}`);
  await dialog.getByLabel('开票日期').fill('2026-11-24');
  await dialog.getByLabel('发票金额').fill('100000.01');
  await dialog
    .locator('input[type=file]')
    .setInputFiles({ name: 'scan.png', mimeType: 'image/png', buffer: PNG });
  await expect(dialog.getByText('已上传扫描件')).toBeVisible();
  await dialog.getByRole('button', { name: '保存' }).click();
  await expect(page.getByText('开票金额合计不能超过合同金额，还可开票100000.00元').first()).toBeVisible();
  await dialog.getByLabel('发票金额').fill('60000.00');
  await save(page, dialog);
  await expect(rowOf(page, `FP-${suffix}`)).toContainText('60,000.00');
  await expect(rowOf(page, `FP-${suffix}`)).toContainText('已上传扫描件');
  await page.goto('/administration/contractManagement');
  await page.getByRole('search').getByLabel('合同编号').fill(`HT-${suffix}`);
  await page.getByRole('search').getByRole('button', { name: '搜索' }).click();

  // The contract accepted, then the project: the warranty ends a year later.
  await rowOf(page, contractName).getByRole('button', { name: '验收' }).click();
  dialog = page.getByRole('dialog');
  await dialog.getByLabel('验收日期').fill('2026-11-25');
  await dialog.getByLabel('质保期（月）').fill('12');
  await save(page, dialog, '操作成功!');
  await expect(rowOf(page, contractName)).toContainText('已验收');
  await expect(rowOf(page, contractName)).toContainText('2027-11-25');
  await page.goto('/administration/projectManagement');
  await rowOf(page, projectName).getByRole('button', { name: '验收' }).click();
  dialog = page.getByRole('dialog');
  await dialog.getByLabel('验收日期').fill('2026-11-25');
  await dialog.getByLabel('质保期（月）').fill('24');
  await save(page, dialog, '操作成功!');
  await expect(rowOf(page, projectName)).toContainText('已验收');
  await expect(rowOf(page, projectName)).toContainText('100,000.00');
});

test('the finance plan’s chart and a customers’ import refused row by row', async ({ page }) => {
  test.setTimeout(120_000);
  await login(page);
  await page.goto('/administration/costPlan');
  await page.getByRole('tab', { name: '财务计划' }).click();
  await expect(page.getByText(/年 收入与支出（计划\/实际）/)).toBeVisible();
  // The months by name (the plan answers yyyy-MM), each once.
  await expect(page.getByRole('cell', { name: '11月', exact: true })).toHaveCount(1);
  await page.screenshot({ path: '/tmp/finance-plan.png', fullPage: true });

  // A sheet with a good row and a row without a name: nothing imported, the bad row named.
  const workbook = new ExcelJS.Workbook();
  const sheet = workbook.addWorksheet('客户');
  sheet.addRow(['客户名称', '联系人']);
  sheet.addRow(['浙江某防爆电机有限公司', '张工']);
  sheet.addRow(['', '李工']);
  const file = Buffer.from(await workbook.xlsx.writeBuffer());
  await page.goto('/administration/customer');
  await page.getByRole('button', { name: '导入', exact: true }).click();
  const dialog = page.getByRole('dialog');
  await dialog.locator('input[type=file]').setInputFiles({
    name: 'customers.xlsx',
    mimeType: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
    buffer: file,
  });
  await dialog.getByRole('button', { name: '开始导入' }).click();
  await expect(dialog.getByText('未导入任何客户', { exact: false })).toBeVisible();
  await expect(dialog.getByRole('row').filter({ hasText: '请输入客户名称' })).toContainText('3');
  await page.screenshot({ path: '/tmp/customer-import.png', fullPage: true });
  await dialog
    .getByRole('button', { name: /关闭|取消/ })
    .first()
    .click();
  await expect(page.getByRole('row').filter({ hasText: '浙江某防爆电机有限公司' })).toHaveCount(0);
});
