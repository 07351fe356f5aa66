import { expect, test, type Page } from '@playwright/test';
import { pngBytes } from './files-helpers';
import { bladeCall, login } from './helpers';
import {
  fillCccApplicant,
  fillCccProduct,
  registerCompany,
  uploadRequired,
  type CompanyRegistration,
} from './journey-helpers';

// Invoices end to end (issue 16): a company with an accepted application gets a payment note, pays it by uploading a
// voucher on 我的缴费通知单, finance confirms it; the company adds its invoice information and applies for an invoice
// on 我的发票 (the dialog shows the exact amount left to invoice), finance issues it on 发票管理 with the invoice file,
// and the company downloads the file. The application and the note are set up through their calls (their own
// journeys are tests/e2e/applications.spec.ts and the payment module's); the invoice steps go through the screens.

const COMPANY = '南阳开票防爆电器有限公司';
const CREDIT_CODE = '91411300MA4KP0001G';
const CUSTOMER: CompanyRegistration = {
  account: 'kp-applicant',
  password: 'Kaipiao#2026',
  email: 'finance@kaipiao.example',
  phone: '13937700003',
  companyName: COMPANY,
  creditCode: CREDIT_CODE,
  address: '河南省南阳市卧龙区开票路 1 号',
  contactName: '钱工',
  contactPhone: '037763005678',
};
const PRODUCT = '隔爆型接线箱';

/** The company's CCC application through the form's steps, submitted with its documents; answers its id. */
async function applyForCcc(customer: Page): Promise<string> {
  await customer.goto('/application/myApplication');
  await customer.getByRole('button', { name: '新建 CCC 申请' }).click();
  await expect(customer).toHaveURL(/\/application\/form\?scheme=ccc/);
  await fillCccApplicant(customer, CUSTOMER);
  await customer.getByRole('button', { name: '下一步' }).click();
  await fillCccProduct(customer, {
    productName: PRODUCT,
    model: 'BJX-8/20',
    spec: '20A 380V',
    exMarking: 'Ex db IIB T4 Gb',
  });
  await customer.getByRole('button', { name: '下一步' }).click();
  await expect(customer.getByRole('list', { name: '必传资料' })).toBeVisible();
  const applicationId = new URL(customer.url()).searchParams.get('id')!;
  await uploadRequired(customer, 'ccc_application', applicationId);
  await customer.getByRole('button', { name: '下一步' }).click();
  await customer.getByRole('button', { name: '提交申请' }).click();
  await expect(customer).toHaveURL(/\/application\/detail/);
  return applicationId;
}

test('a company pays a note, applies for an invoice, finance issues it with the file and the company downloads it', async ({
  page,
  browser,
}) => {
  test.setTimeout(240_000);
  await login(page);
  const customer = await registerCompany(browser, CUSTOMER);
  const applicationId = await applyForCcc(customer);

  // Staff (the administrator holds every code): accept, then issue a payment note of two lines.
  await bladeCall(page, 'POST', '/api/blade-customer/applicationFlow/transit', {
    id: applicationId,
    action: 'accept',
  });
  const note = await bladeCall<{ id: string; noteNo: string }>(
    page,
    'POST',
    '/api/blade-customer/paymentNote/issuePaymentNote',
    {
      applicationId,
      lines: [
        { item: '申请费', amount: '500.00' },
        { item: '检测费', amount: '12000.10' },
      ],
      totalAmount: '12500.10',
    },
  );

  // The company pays by uploading the voucher on 我的缴费通知单.
  await customer.goto('/application/myPaymentNote');
  await customer.getByRole('row', { name: new RegExp(note.noteNo) }).click();
  await customer.getByLabel(/缴费金额/).fill('12500.10');
  await customer.getByLabel(/缴费日期/).fill('2026-11-26');
  await customer.getByLabel(/付款单位/).fill(COMPANY);
  await customer.getByLabel('银行回单').setInputFiles({
    name: '回单.png',
    mimeType: 'image/png',
    buffer: pngBytes(80, 40, [200, 200, 200]),
  });
  await customer.getByRole('button', { name: '提交缴费凭证' }).click();
  await expect(customer.getByText('待确认', { exact: true })).toBeVisible();

  // Finance confirms the voucher on 缴费管理 (the administrator holds the finance buttons).
  await page.goto('/businessManagement/paymentNote');
  await page.getByRole('row', { name: new RegExp(note.noteNo) }).click();
  const vouchers = page.getByRole('table', { name: '缴费凭证' });
  await expect(vouchers.getByText('待确认', { exact: true })).toBeVisible();
  await vouchers.getByRole('button', { name: '确认', exact: true }).click();
  await expect(vouchers.getByText('已确认', { exact: true })).toBeVisible();
  await expect(page.getByText('已缴清', { exact: true }).first()).toBeVisible();
  await page.screenshot({ path: 'test-results/screens/payment-confirmed.png', fullPage: true });

  // 我的发票: the invoice information first (a special invoice needs its bank), then the application.
  await customer.goto('/application/myInvoice');
  await customer.getByRole('tab', { name: '开票信息' }).click();
  await customer.getByRole('button', { name: '新增开票信息' }).click();
  const form = customer.getByRole('dialog', { name: '开票信息' });
  await form.getByLabel(/发票抬头/).fill(COMPANY);
  await form.getByLabel(/纳税人识别号/).fill(CREDIT_CODE);
  await form.getByRole('combobox', { name: '发票类型' }).click();
  await customer.getByRole('option', { name: '增值税专用发票' }).click();
  await form.getByLabel(/^地址/).fill('河南省南阳市卧龙区开票路 1 号');
  await form.getByLabel(/^电话/).fill('0377-63005678');
  await form.getByLabel(/开户银行/).fill('中国银行南阳分行');
  await form.getByRole('button', { name: '保存' }).click();
  await expect(form.getByText('专用发票必须填写')).toBeVisible();
  await form.getByLabel(/银行账号/).fill('6216600000000000002');
  await form.getByLabel('设为默认开票信息').check();
  await form.getByRole('button', { name: '保存' }).click();
  await expect(form).toHaveCount(0);
  const infoRow = customer.getByRole('row', { name: new RegExp(CREDIT_CODE) });
  await expect(infoRow.getByRole('button', { name: '删除' })).toBeInViewport();
  await customer.screenshot({ path: 'test-results/screens/invoice-information.png', fullPage: true });

  await customer.getByRole('tab', { name: '开票申请' }).click();
  await customer.getByRole('button', { name: '申请开票' }).click();
  const apply = customer.getByRole('dialog', { name: '申请开票' });
  await apply.getByRole('checkbox', { name: new RegExp(note.noteNo) }).check();
  await expect(apply.getByTestId('invoice-available')).toHaveText('可开票金额：12500.10 元');
  await customer.screenshot({ path: 'test-results/screens/invoice-apply-dialog.png', fullPage: true });
  await apply.getByRole('button', { name: '提交申请' }).click();
  await expect(apply).toHaveCount(0);
  const applied = customer.getByRole('row', { name: /KP\d{10}/ });
  await expect(applied.getByText('待开票', { exact: true })).toBeVisible();
  await customer.screenshot({ path: 'test-results/screens/invoice-applications.png', fullPage: true });

  // Finance issues it on 发票管理 with the invoice file.
  await page.goto('/businessManagement/invoiceManage');
  const row = page.getByRole('row', { name: new RegExp(COMPANY) }).first();
  await row.getByRole('button', { name: '开具发票' }).click();
  const issue = page.getByRole('dialog', { name: /开具发票/ });
  await issue.getByLabel(/发票号码/).fill('25412000000012345678');
  await issue.getByLabel(/开票日期/).fill('2026-11-27');
  await issue.getByLabel('发票文件').setInputFiles({
    name: '发票.png',
    mimeType: 'image/png',
    buffer: pngBytes(120, 80, [250, 240, 240]),
  });
  await issue.getByRole('button', { name: '确定' }).click();
  await expect(issue).toHaveCount(0);
  await expect(row.getByText('已开票', { exact: true })).toBeVisible();
  await page.screenshot({ path: 'test-results/screens/invoice-manage.png', fullPage: true });

  // The company sees it issued and downloads the file.
  await customer.reload();
  const issuedRow = customer.getByRole('row', { name: /25412000000012345678/ });
  await expect(issuedRow.getByText('已开票', { exact: true })).toBeVisible();
  // The download opens the file's proxy URL (a short-lived key, no token) in a new window: its answer is the file.
  const answered = customer
    .context()
    .waitForEvent('response', (r) => r.url().includes('/blade-resource/file/downloadById'));
  await issuedRow.getByRole('button', { name: '下载发票' }).click();
  const response = await answered;
  expect(response.status()).toBe(200);
  expect(response.headers()['content-disposition'] ?? '').toMatch(/attachment/);
});
