import { createHash } from 'node:crypto';
import { expect, type Browser, type Locator, type Page } from '@playwright/test';
import { pngBytes } from './files-helpers';
import { bladeCall, fillLogin, nextMail } from './helpers';

// The business journeys' shared steps: a customer company registered through the public calls (or its registration
// form filled), roles and staff users, a signed-in page per person, the must-upload documents of a record's archive, a
// CQST application through its calls and the CCC form's first two steps. Each journey names its own company, phone
// and e-mail: the browser suite runs every spec against one portal.

const TENANT = '000000';

const md5 = (text: string) => createHash('md5').update(text).digest('hex');

/** A row of Blade's trees (roles, depts, the grant tree's menus, an archive's catalog), with the fields specs read. */
export interface TreeRow {
  id: string;
  title?: string;
  roleAlias?: string;
  mustUpload?: number | string;
  children?: TreeRow[];
}
export const flatten = (rows: TreeRow[]): TreeRow[] => rows.flatMap((r) => [r, ...flatten(r.children ?? [])]);

export interface Credentials {
  account: string;
  password: string;
}

export interface CompanyRegistration extends Credentials {
  email: string;
  phone: string;
  companyName: string;
  creditCode: string;
  address: string;
  contactName: string;
  contactPhone: string;
  /** The first user's name; the contact's unless given. */
  realName?: string;
}

/**
 * Registers the company and its first user through the public calls, as the registration page makes them; answers
 * that user's page, signed in.
 */
export async function registerCompany(browser: Browser, company: CompanyRegistration): Promise<Page> {
  const page = await (await browser.newContext({ locale: 'zh-CN' })).newPage();
  await page.goto('/login');
  const purpose = { tenantId: TENANT, purpose: 'register', email: company.email };
  const { codeId } = await bladeCall<{ codeId: string }>(
    page,
    'POST',
    '/api/blade-customer/user/sendValidateEmail',
    purpose,
  );
  const code = /\d{6}/.exec((await nextMail(company.email)).text)![0];
  const { key } = await bladeCall<{ key: string }>(page, 'POST', '/api/blade-customer/user/ValidateEmail', {
    ...purpose,
    codeId,
    code,
  });
  await bladeCall(page, 'POST', '/api/blade-customer/user/insertUser', {
    tenantId: TENANT,
    companyName: company.companyName,
    creditCode: company.creditCode,
    address: company.address,
    contactName: company.contactName,
    contactPhone: company.contactPhone,
    account: company.account,
    password: md5(company.password),
    realName: company.realName ?? company.contactName,
    phone: company.phone,
    email: company.email,
    key,
  });
  await page.context().close();
  return signedIn(browser, company);
}

/** Fills the public registration form (企业用户注册) with the company and its first user; asks for no code. */
export async function fillRegistration(form: Locator, company: CompanyRegistration) {
  await form.getByLabel('企业名称').fill(company.companyName);
  await form.getByLabel('统一社会信用代码').fill(company.creditCode);
  await form.getByLabel('企业地址').fill(company.address);
  await form.getByLabel('联系人').fill(company.contactName);
  await form.getByLabel('联系电话').fill(company.contactPhone);
  await form.getByLabel('账号', { exact: true }).fill(company.account);
  await form.getByLabel('密码', { exact: true }).fill(company.password);
  await form.getByLabel('确认密码').fill(company.password);
  await form.getByLabel('真实姓名').fill(company.realName ?? company.contactName);
  await form.getByLabel('手机号码').fill(company.phone);
  await form.getByLabel('邮箱').fill(company.email);
}

async function findRoleId(admin: Page, roleAlias: string): Promise<string> {
  const roles = flatten(
    await bladeCall<TreeRow[]>(admin, 'GET', `/api/blade-system/role/list?roleAlias=${roleAlias}`),
  );
  return roles.find((r) => r.roleAlias === roleAlias)!.id;
}

/** A new top-level role (no menus yet); its id. */
export async function createRole(
  admin: Page,
  role: { roleName: string; roleAlias: string; sort: number },
): Promise<string> {
  await bladeCall(admin, 'POST', '/api/blade-system/role/submit', { ...role, parentId: '0' });
  return findRoleId(admin, role.roleAlias);
}

/**
 * A staff user holding the role `roleAlias` (one of the seeded ones, blade/modules/application/staff-roles.ts, or one
 * a spec made with createRole), in the first dept.
 */
export async function staffUser(
  admin: Page,
  who: Credentials,
  roleAlias: string,
  name: string,
): Promise<void> {
  const roleId = await findRoleId(admin, roleAlias);
  const depts = await bladeCall<TreeRow[]>(admin, 'GET', '/api/blade-system/dept/list');
  await bladeCall(admin, 'POST', '/api/blade-user/submit', {
    account: who.account,
    password: who.password,
    password2: who.password,
    roleId,
    deptId: depts[0].id,
    name,
    realName: name,
  });
}

/** A new browser context signed in on the login page (zh-CN), at the home page. */
export async function signedIn(browser: Browser, who: Credentials): Promise<Page> {
  const page = await (await browser.newContext({ locale: 'zh-CN' })).newPage();
  await fillLogin(page, who.account, who.password);
  await page.getByRole('button', { name: '登录' }).click();
  await expect(page).toHaveURL(/\/wel\/index/);
  return page;
}

/** How a spec reaches a record's archive in Blade: a GET's data, and one file's upload (each expects code 200). */
export interface ArchiveCalls {
  get<T>(path: string): Promise<T>;
  /** Posts the record's fields, then the file, to /api/blade-resource/file/uploadFile. */
  upload(
    fields: Record<string, string>,
    file: { name: string; mimeType: string; buffer: Buffer },
  ): Promise<void>;
}

/** Through the portal's proxy from the test runner, with the page's session (as bladeCall). */
function proxyCalls(page: Page): ArchiveCalls {
  return {
    get: (path) => bladeCall(page, 'GET', path),
    async upload(fields, file) {
      const res = await page.request.post('/api/blade-resource/file/uploadFile', {
        headers: { 'X-CSRF': '1', Origin: new URL(page.url()).origin },
        // The record's fields first: the server decides on them as the file part starts.
        multipart: { ...fields, file },
      });
      const body = (await res.json()) as { code: number; msg: string };
      expect(body.code, body.msg).toBe(200);
    },
  };
}

/**
 * Uploads one small scan into every must-upload node of a record's archive (an application, a certificate change), as
 * the documents step does; answers how many.
 */
export async function uploadRequired(
  page: Page,
  functionCode: string,
  dataId: string,
  calls: ArchiveCalls = proxyCalls(page),
): Promise<number> {
  const level = async (parentId: string) => {
    const value = await calls.get<{ records?: TreeRow[] } | TreeRow[]>(
      `/api/blade-resource/fileCatalog/selectFileList?functionCode=${functionCode}&dataId=${dataId}&parentId=${parentId}&current=1&size=500`,
    );
    return Array.isArray(value) ? value : (value.records ?? []);
  };
  let uploaded = 0;
  for (const root of await level('0'))
    for (const node of await level(root.id)) {
      if (Number(node.mustUpload) !== 1) continue;
      uploaded += 1;
      // A scan, as most of these documents are (the archive takes images and Office files: spec 000 §2).
      await calls.upload(
        { functionCode, dataId, fileCatalogId: node.id },
        { name: `scan-${uploaded}.png`, mimeType: 'image/png', buffer: pngBytes(64, 64, [40, 90, 160]) },
      );
    }
  return uploaded;
}

/** What a CQST (防爆合格证) application names besides its company, which applies and manufactures. */
export interface CqstProduct {
  productName: string;
  models: { model: string; spec: string; isSampleModel: boolean }[];
  exMarkings: string[];
  /** The factory, when it is not the company itself (at the company's address). */
  factoryName?: string;
}

/** A draft CQST application through the calls the application form makes, as the company's user; its id. */
export async function createCqstApplication(
  customer: Page,
  company: CompanyRegistration,
  product: CqstProduct,
): Promise<string> {
  const app = await bladeCall<{ id: string }>(
    customer,
    'POST',
    '/api/blade-customer/cqstOrCnvEx/insertCqstOrCnvExDto',
    {
      applicantName: company.companyName,
      applicantCreditCode: company.creditCode,
      applicantAddress: company.address,
      manufacturerName: company.companyName,
      manufacturerCreditCode: company.creditCode,
      manufacturerAddress: company.address,
      factoryName: product.factoryName ?? company.companyName,
      factoryCreditCode: company.creditCode,
      factoryAddress: company.address,
      contactName: company.contactName,
      contactPhone: company.phone,
      productName: product.productName,
      models: product.models,
      exMarkings: product.exMarkings,
      standards: 'GB/T 3836.1-2021,GB/T 3836.2-2021',
    },
  );
  return app.id;
}

/** Submits a CQST application with its required documents uploaded first; answers its number. */
export async function submitCqstApplication(customer: Page, id: string): Promise<string> {
  await uploadRequired(customer, 'cqst_application', id);
  const submitted = await bladeCall<{ applicationNo: string }>(
    customer,
    'POST',
    '/api/blade-customer/cqstOrCnvEx/subMitCqst',
    { id },
  );
  return submitted.applicationNo;
}

/** What the CCC form's product step asks for: the product, its one model, its marking. */
export interface CccProduct {
  productName: string;
  model: string;
  spec: string;
  exMarking: string;
}

/**
 * Fills the CCC form's applicant step: the company applies and produces, the factory is the applicant, its contact is
 * the company's. Does not go on to the next step.
 */
export async function fillCccApplicant(page: Page, company: CompanyRegistration) {
  await page.getByLabel('认证委托人名称').fill(company.companyName);
  await page.getByLabel('认证委托人统一社会信用代码').fill(company.creditCode);
  await page.getByLabel('认证委托人地址').fill(company.address);
  await page.getByLabel('生产者名称').fill(company.companyName);
  await page.getByLabel('生产者统一社会信用代码').fill(company.creditCode);
  await page.getByLabel('生产者地址').fill(company.address);
  await page.getByLabel('同认证委托人').check();
  await page.getByLabel(/^联系人/).fill(company.contactName);
  await page.getByLabel('联系电话').fill(company.phone);
}

/**
 * Fills the CCC form's product step: an explosion-proof motor with one model, its marking (taken: shown as a chip)
 * and the two standards. Does not go on to the next step.
 */
export async function fillCccProduct(page: Page, product: CccProduct) {
  await page.getByLabel('产品名称').fill(product.productName);
  await page.getByLabel('产品类别').click();
  await page.getByRole('option', { name: /防爆电机/ }).click();
  await page.getByRole('button', { name: '添加型号' }).click();
  await page.getByRole('textbox', { name: '型号 1', exact: true }).fill(product.model);
  await page.getByRole('textbox', { name: '规格 1', exact: true }).fill(product.spec);
  const marking = page.getByRole('textbox', { name: '防爆标志' });
  await marking.fill(product.exMarking);
  await marking.press('Enter');
  await expect(page.getByRole('button', { name: product.exMarking })).toBeVisible();
  const standards = page.getByRole('combobox', { name: '依据标准' });
  for (const code of ['GB/T 3836.1-2021', 'GB/T 3836.2-2021']) {
    await standards.fill(code);
    await standards.press('Enter');
  }
}
