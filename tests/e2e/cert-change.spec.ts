import { expect, test, type Page } from '@playwright/test';
import { pngBytes } from './files-helpers';
import { bladeCall, login } from './helpers';
import {
  createCqstApplication,
  registerCompany,
  signedIn,
  staffUser,
  submitCqstApplication,
  type CompanyRegistration,
} from './journey-helpers';

// A certificate change end to end (issue 16). Fast setup through the API: a company registers, applies for a
// 防爆合格证 (CQST: no factory inspection) and the institute issues it (tests/e2e/applications.spec.ts walks the same
// steps on the screens). Then on the screens: the customer asks for a change of the issued certificate in 我的证书
// (types → before/after → files → submit), the clerk accepts and evaluates it, the decider approves it, and the
// customer sees the reissued certificate as version 2 with version 1 still readable.

const CUSTOMER: CompanyRegistration = {
  account: 'wc-applicant',
  password: 'Wancheng#2026',
  email: 'cert@wancheng-ex.example',
  phone: '13937700002',
  companyName: '南阳宛城防爆电器有限公司',
  creditCode: '91411300MA4CHG001K',
  address: '河南省南阳市宛城区',
  contactName: '钱工',
  contactPhone: '037763005678',
};
const EVALUATOR = { account: 'chg-evaluator', password: 'Evaluate#chg-2026' };
const DECIDER = { account: 'chg-decider', password: 'Decide#chg-2026' };
const PRODUCT = '隔爆型接线盒';
const OLD_FACTORY = '南阳宛城防爆电器有限公司一分厂';
const NEW_FACTORY = '南阳宛城防爆电器有限公司高新区工厂';

/** The fast path to an issued 防爆合格证: the calls the application screens make, then the staff's steps. */
async function issuedCertificate(admin: Page, customer: Page, evaluator: Page, decider: Page) {
  const id = await createCqstApplication(customer, CUSTOMER, {
    productName: PRODUCT,
    models: [{ model: 'BHD-51', spec: '660V 16A', isSampleModel: true }],
    exMarkings: ['Ex db IIC T6 Gb'],
    factoryName: OLD_FACTORY,
  });
  await submitCqstApplication(customer, id);
  const transit = (page: Page, action: string, extra: Record<string, unknown> = {}) =>
    bladeCall(page, 'POST', '/api/blade-customer/applicationFlow/transit', { id, action, ...extra });
  for (const action of ['accept', 'noticeFee', 'receiveSamples', 'startTest']) await transit(admin, action);
  await transit(admin, 'passTest', { testConclusion: '样品符合 GB/T 3836.1-2021、GB/T 3836.2-2021 的要求' });
  await transit(evaluator, 'evaluate', { reason: '资料完整，检测结论支持发证' });
  await transit(decider, 'issue');
}

test('a customer changes an issued certificate and sees the reissued version 2 beside version 1', async ({
  page,
  browser,
}) => {
  test.setTimeout(240_000);
  await login(page);
  const customer = await registerCompany(browser, CUSTOMER);
  await staffUser(page, EVALUATOR, 'application_evaluate', '评定员丙');
  await staffUser(page, DECIDER, 'application_decide', '决定人丁');
  const evaluator = await signedIn(browser, EVALUATOR);
  const decider = await signedIn(browser, DECIDER);
  await issuedCertificate(page, customer, evaluator, decider);

  // The customer: 我的证书 → 申请变更 on the issued certificate.
  await customer.goto('/application/myCertificate');
  const row = customer.getByRole('row', { name: new RegExp(PRODUCT) });
  await expect(row.getByText('有效', { exact: true })).toBeVisible();
  const certNumber = (await row.getByText(/^CNEx\d{2}\.\d{4}$/).textContent())!;
  await row.getByRole('button', { name: '申请变更' }).click();
  const dialog = customer.getByRole('dialog', { name: '申请证书变更' });
  await dialog.getByLabel('生产企业搬迁').check();
  await dialog.getByRole('button', { name: '下一步' }).click();
  await expect(dialog.getByLabel('变更前 生产企业', { exact: true })).toHaveValue(OLD_FACTORY);
  await dialog.getByLabel('变更后 生产企业', { exact: true }).fill(NEW_FACTORY);
  await dialog.getByLabel('变更后 生产企业地址').fill('河南省南阳市高新区防爆大道 1 号');
  await dialog.getByLabel('原因').fill('工厂整体搬迁至高新区');
  await customer.screenshot({ path: 'test-results/screens/cert-change-form.png', fullPage: true });
  await dialog.getByRole('button', { name: '保存草稿' }).click();
  // Submitting without the files is refused naming them; each required node then takes a scan.
  await dialog.getByRole('button', { name: '提交变更申请' }).click();
  await expect(dialog.getByRole('alert')).toContainText('请上传以下变更资料：变更申请书');
  for (const node of ['变更申请书', '营业执照', '工厂信息表']) {
    await dialog.getByLabel(`上传到“${node}”`).setInputFiles({
      name: `${node}.png`,
      mimeType: 'image/png',
      buffer: pngBytes(64, 64, [120, 60, 30]),
    });
    await expect(dialog.getByText('已上传 1 个')).toHaveCount(
      ['变更申请书', '营业执照', '工厂信息表'].indexOf(node) + 1,
    );
  }
  await customer.screenshot({ path: 'test-results/screens/cert-change-files.png', fullPage: true });
  await dialog.getByRole('button', { name: '提交变更申请' }).click();
  await expect(dialog).toHaveCount(0);
  await customer.goto('/application/myCertChange');
  const mine = customer.getByRole('row', { name: new RegExp(certNumber.replace('.', '\\.')) });
  await expect(mine.getByText('已提交', { exact: true })).toBeVisible();

  // The institute: the administrator accepts and evaluates, the decider (not the evaluator) approves.
  const act = async (staff: Page, step: string) => {
    await staff.goto('/businessManagement/certChange');
    await staff
      .getByRole('row', { name: new RegExp(certNumber.replace('.', '\\.')) })
      .getByRole('button', { name: step, exact: true })
      .click();
    const stepDialog = staff.getByRole('dialog', { name: new RegExp(`^${step}：`) });
    await stepDialog.getByRole('button', { name: '确定' }).click();
    await expect(stepDialog).toHaveCount(0);
  };
  await act(page, '受理');
  await act(page, '评定');
  await page.screenshot({ path: 'test-results/screens/cert-change-staff.png', fullPage: true });
  await act(decider, '批准换证');
  await expect(
    decider
      .getByRole('row', { name: new RegExp(certNumber.replace('.', '\\.')) })
      .getByText('已换发', { exact: true }),
  ).toBeVisible();

  // The customer: the same number, now version 2, with version 1 still readable.
  await customer.goto('/application/myCertificate');
  const reissued = customer.getByRole('row', { name: new RegExp(PRODUCT) });
  await expect(reissued).toHaveCount(1);
  await expect(reissued.getByText(certNumber, { exact: true })).toBeVisible();
  await expect(reissued.getByRole('gridcell', { name: '2', exact: true })).toBeVisible();
  await reissued.getByRole('button', { name: '查看' }).click();
  const versions = customer.getByRole('table', { name: '证书版本' });
  await expect(versions.getByText('第 1 版')).toBeVisible();
  await expect(versions.getByText('第 2 版')).toBeVisible();
  await expect(versions.getByText('现行')).toHaveCount(1);
  await versions.getByRole('row', { name: /第 1 版/ }).click();
  // Version 1 as it was issued: the old factory, marked replaced.
  const first = customer.getByRole('region', { name: `证书 ${certNumber} 第 1 版` });
  await expect(first.getByText(OLD_FACTORY)).toBeVisible();
  await expect(first.getByText('已换发')).toBeVisible();
  await customer.screenshot({ path: 'test-results/screens/cert-change-versions.png', fullPage: true });
});
