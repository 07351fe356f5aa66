import { expect, test, type Page } from '@playwright/test';
import { login } from './helpers';
import {
  fillCccApplicant,
  fillCccProduct,
  registerCompany,
  signedIn,
  staffUser,
  uploadRequired,
  type CompanyRegistration,
} from './journey-helpers';

// Certification applications end to end (issue 15). A company registers (its code read off the loopback mail server),
// fills a CCC application in the form's steps and submits it with its documents; the institute's staff take it from
// acceptance through samples, type test, factory inspection and evaluation to the decision, each step on the case
// page by a person allowed to take it (the decider is not the tester, inspector or evaluator); the company then sees
// its certificate.

const CUSTOMER: CompanyRegistration = {
  account: 'hx-applicant',
  password: 'Huaxia#2026',
  email: 'cert@huaxia-motor.example',
  phone: '13937700001',
  companyName: '南阳华夏防爆电机有限公司',
  creditCode: '91411300MA4ABC0013',
  address: '河南省南阳市卧龙区防爆路 8 号',
  contactName: '赵工',
  contactPhone: '037763001234',
};
const EVALUATOR = { account: 'e2e-evaluator', password: 'Evaluate#e2e-2026' };
const DECIDER = { account: 'e2e-decider', password: 'Decide#e2e-2026' };
const PRODUCT = '隔爆型三相异步电动机';

/** Takes the named step on the case page (its confirmation dialog, with the text it asks for). */
async function step(page: Page, action: string, text?: { label: string; value: string }) {
  await page
    .getByRole('group', { name: '办理步骤' })
    .getByRole('button', { name: action, exact: true })
    .click();
  const dialog = page.getByRole('dialog', { name: action });
  if (text) await dialog.getByLabel(text.label).fill(text.value);
  await dialog.getByRole('button', { name: '确定' }).click();
  await expect(dialog).toHaveCount(0);
}

const stateChip = (page: Page, state: string) => page.getByText(state, { exact: true }).first();

test('a company applies for CCC and the institute takes it to the issued certificate, which the company then sees', async ({
  page,
  browser,
}) => {
  test.setTimeout(240_000);
  await login(page);
  const customer = await registerCompany(browser, CUSTOMER);
  await staffUser(page, EVALUATOR, 'application_evaluate', '评定员甲');
  await staffUser(page, DECIDER, 'application_decide', '决定人乙');

  // The company: a new CCC application in the form's steps.
  await customer.getByRole('button', { name: '认证申请' }).click();
  await customer.getByRole('link', { name: '我的申请' }).click();
  await expect(customer).toHaveURL(/\/application\/myApplication/);
  await customer.getByRole('button', { name: '新建 CCC 申请' }).click();
  await expect(customer).toHaveURL(/\/application\/form\?scheme=ccc/);
  await fillCccApplicant(customer, CUSTOMER);
  await customer.getByRole('button', { name: '下一步' }).click();

  // A marking with a dust EPL in a gas group is refused with the part named; the right one goes in with the product.
  const marking = customer.getByRole('textbox', { name: '防爆标志' });
  await marking.fill('Ex db IIB T4 Db');
  await marking.press('Enter');
  await expect(customer.getByText(/设备保护级别 Db 与设备类别 IIB 不符/)).toBeVisible();
  await fillCccProduct(customer, {
    productName: PRODUCT,
    model: 'YBX3-132M-4',
    spec: '7.5kW 380V',
    exMarking: 'Ex db IIB T4 Gb',
  });
  // The first model is the sample model until another is marked.
  await expect(customer.getByRole('checkbox', { name: '代表型号 1' })).toBeChecked();
  await customer.getByRole('button', { name: '下一步' }).click();

  // Documents: the checklist names the required ones; submitting without them is refused naming one.
  const checklist = customer.getByRole('list', { name: '必传资料' });
  await expect(checklist.getByText('未上传').first()).toBeVisible();
  const applicationId = new URL(customer.url()).searchParams.get('id')!;
  expect(applicationId).toMatch(/^\d+$/);
  await customer.getByRole('button', { name: '下一步' }).click();
  await customer.getByRole('button', { name: '提交申请' }).click();
  await expect(customer.getByRole('alert').filter({ hasText: '请先上传必需的申请资料：' })).toHaveCount(1);
  const uploaded = await uploadRequired(customer, 'ccc_application', applicationId);
  expect(uploaded).toBeGreaterThanOrEqual(5);
  await customer.getByRole('button', { name: '上一步' }).click();
  await customer.getByRole('button', { name: '刷新清单' }).click();
  await expect(checklist.getByText('未上传')).toHaveCount(0);
  await expect(checklist.getByText('已上传')).toHaveCount(uploaded);
  await customer.screenshot({ path: 'test-results/screens/application-documents.png', fullPage: true });
  await customer.getByRole('button', { name: '下一步' }).click();
  await customer.getByRole('button', { name: '提交申请' }).click();
  await expect(customer).toHaveURL(/\/application\/detail/);
  await expect(stateChip(customer, '已提交')).toBeVisible();
  await expect(customer.getByText(/SQC\d{10}/).first()).toBeVisible();

  // Staff: the acceptance queue, the case page, and the steps in order.
  await page.goto('/businessManagement/ccc');
  await page
    .getByRole('row', { name: new RegExp(PRODUCT) })
    .getByRole('button', { name: '打开' })
    .click();
  await expect(page).toHaveURL(/\/businessManagement\/case/);
  await step(page, '受理');
  await expect(stateChip(page, '已受理')).toBeVisible();
  await step(page, '发缴费通知');
  await expect(stateChip(page, '已发缴费通知')).toBeVisible();

  // The company ships the samples with the courier's number.
  await customer.reload();
  await customer.getByLabel('快递单号').fill('SF1234567890');
  await customer.getByRole('button', { name: '确认寄出' }).click();
  await expect(stateChip(customer, '样品已寄出')).toBeVisible();

  await page.reload();
  await step(page, '接收样品');
  await expect(stateChip(page, '样品已接收')).toBeVisible();
  await step(page, '开始检测');
  await step(page, '检测通过', {
    label: '检测结论',
    value: '样品符合 GB/T 3836.1-2021、GB/T 3836.2-2021 的要求',
  });
  await expect(stateChip(page, '工厂检查')).toBeVisible();
  await page.getByRole('tab', { name: '工厂检查' }).click();
  const check = page.getByRole('region', { name: '工厂检查结果' });
  await check.getByLabel('检查日期').fill('2026-11-20');
  await check.getByLabel('检查结果').click();
  await page.getByRole('option', { name: '通过', exact: true }).click();
  await check.getByLabel('检查结论').fill('质量保证能力符合要求，产品一致性检查合格');
  await check.getByRole('button', { name: '保存结果' }).click();
  await expect(stateChip(page, '评定中')).toBeVisible();
  const caseUrl = page.url();

  // The evaluator, then the decision-maker: other people than the one who tested and inspected.
  const evaluator = await signedIn(browser, EVALUATOR);
  await evaluator.goto(caseUrl);
  await step(evaluator, '评定', { label: '评定意见', value: '资料完整，检测与检查结论支持发证' });
  await expect(stateChip(evaluator, '待决定')).toBeVisible();
  const decider = await signedIn(browser, DECIDER);
  await decider.goto(caseUrl);
  await step(decider, '发证');
  await expect(stateChip(decider, '已发证')).toBeVisible();
  await decider.getByRole('tab', { name: '办理记录' }).click();
  await expect(decider.getByText('评定员甲')).toBeVisible();
  await decider.screenshot({ path: 'test-results/screens/application-case-issued.png', fullPage: true });

  // The company sees its certificate: a 16-digit CCC number, valid for five years.
  await customer.goto('/application/myCertificate');
  const row = customer.getByRole('row', { name: new RegExp(PRODUCT) });
  await expect(row).toBeVisible();
  await expect(row.getByText(/^\d{16}$/)).toBeVisible();
  await expect(row.getByText('有效', { exact: true })).toBeVisible();
  await customer.screenshot({ path: 'test-results/screens/application-certificates.png', fullPage: true });
});
