import { createHash } from 'node:crypto';
import { expect, type Browser, type Page } from '@playwright/test';
import { pngBytes } from './files-helpers';
import { bladeCall, fillLogin, nextMail } from './helpers';

// The business journeys' shared setup: a customer company registered through the public calls, staff users in the
// seeded roles, a signed-in page per person, the must-upload documents of a record's archive. Each journey names its
// own company, phone and e-mail: the browser suite runs every spec against one portal.

const TENANT = '000000';

const md5 = (text: string) => createHash('md5').update(text).digest('hex');

interface TreeRow {
  id: string;
  roleAlias?: string;
  mustUpload?: number | string;
  children?: TreeRow[];
}
const flatten = (rows: TreeRow[]): TreeRow[] => rows.flatMap((r) => [r, ...flatten(r.children ?? [])]);

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
}

/** Registers the company and its first user through the public calls, as the registration page makes them. */
export async function registerCompany(browser: Browser, company: CompanyRegistration): Promise<void> {
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
    realName: company.contactName,
    phone: company.phone,
    email: company.email,
    key,
  });
  await page.context().close();
}

/** A staff user holding one of the seeded roles (blade/modules/application/staff-roles.ts), in the first dept. */
export async function staffUser(
  admin: Page,
  who: Credentials,
  roleAlias: string,
  name: string,
): Promise<void> {
  const roles = flatten(
    await bladeCall<TreeRow[]>(admin, 'GET', `/api/blade-system/role/list?roleAlias=${roleAlias}`),
  );
  const role = roles.find((r) => r.roleAlias === roleAlias)!;
  const depts = await bladeCall<TreeRow[]>(admin, 'GET', '/api/blade-system/dept/list');
  await bladeCall(admin, 'POST', '/api/blade-user/submit', {
    account: who.account,
    password: who.password,
    password2: who.password,
    roleId: role.id,
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

/**
 * Uploads one small scan into every must-upload node of a record's archive (an application, a certificate change), as
 * the documents step does; answers how many.
 */
export async function uploadRequired(page: Page, functionCode: string, dataId: string): Promise<number> {
  const level = async (parentId: string) => {
    const value = await bladeCall<{ records?: TreeRow[] } | TreeRow[]>(
      page,
      'GET',
      `/api/blade-resource/fileCatalog/selectFileList?functionCode=${functionCode}&dataId=${dataId}&parentId=${parentId}&current=1&size=500`,
    );
    return Array.isArray(value) ? value : (value.records ?? []);
  };
  let uploaded = 0;
  for (const root of await level('0'))
    for (const node of await level(root.id)) {
      if (Number(node.mustUpload) !== 1) continue;
      uploaded += 1;
      const res = await page.request.post('/api/blade-resource/file/uploadFile', {
        headers: { 'X-CSRF': '1', Origin: new URL(page.url()).origin },
        // The record's fields first: the server decides on them as the file part starts.
        multipart: {
          functionCode,
          dataId,
          fileCatalogId: node.id,
          // A scan, as most of these documents are (the archive takes images and Office files: spec 000 §2).
          file: {
            name: `scan-${uploaded}.png`,
            mimeType: 'image/png',
            buffer: pngBytes(64, 64, [40, 90, 160]),
          },
        },
      });
      const body = (await res.json()) as { code: number; msg: string };
      expect(body.code, body.msg).toBe(200);
    }
  return uploaded;
}
