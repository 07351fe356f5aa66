import { fixturePasswordHash } from '../../testing/fixtures';
import type { Harness } from '../../testing/harness';
import { withTenant } from '../../db/tenant';
import { ensureCustomerRole, insertCompany, insertCustomerUser } from '../customer/customer.repository';
import { form, pngBytes } from '../files/files.test-helpers';

/** A customer company with one signed-in user holding the tenant's customer role (as a registration makes them). */
export async function customerOf(
  h: Harness,
  tenantId: string,
  company: { name: string; creditCode: string; account: string },
): Promise<{ token: string; companyId: string; userId: string }> {
  const password = `${company.account}-pass-1`;
  const passwordHash = await fixturePasswordHash(password);
  const { companyId, userId } = await withTenant(h.blade.db, tenantId, async (trx) => {
    const companyId = await insertCompany(trx, tenantId, {
      companyName: company.name,
      creditCode: company.creditCode,
      address: '河南省南阳市',
      contactName: '张三',
      contactPhone: '0377-12345678',
      email: `${company.account}@example.com`,
    });
    const roleId = await ensureCustomerRole(trx, tenantId);
    const userId = await insertCustomerUser(trx, tenantId, {
      account: company.account,
      passwordHash,
      realName: company.account,
      phone: '',
      email: `${company.account}@example.com`,
      companyId,
      roleId,
      status: 1,
    });
    return { companyId, userId };
  });
  const token = (await h.login(company.account, password, tenantId)).access_token;
  return { token, companyId, userId };
}

/** A customer company of the tenant with only its name and credit code (the tests that add its users one by one). */
export function addCompany(h: Harness, tenantId: string, name: string, creditCode: string): Promise<string> {
  return withTenant(h.blade.db, tenantId, (trx) =>
    insertCompany(trx, tenantId, {
      companyName: name,
      creditCode,
      address: '',
      contactName: '',
      contactPhone: '',
      email: '',
    }),
  );
}

/**
 * A user of company `companyId`, signed in with the password `cust-pass`: in the tenant's customer role unless
 * `roleId` names another.
 */
export async function addCustomerUser(
  h: Harness,
  tenantId: string,
  account: string,
  companyId: string,
  roleId?: string,
): Promise<{ userId: string; token: string }> {
  const role = roleId ?? (await withTenant(h.blade.db, tenantId, (trx) => ensureCustomerRole(trx, tenantId)));
  const passwordHash = await fixturePasswordHash('cust-pass');
  const userId = await withTenant(h.blade.db, tenantId, (trx) =>
    insertCustomerUser(trx, tenantId, {
      account,
      passwordHash,
      realName: account,
      phone: '',
      email: '',
      companyId,
      roleId: role,
      status: 1,
    }),
  );
  return { userId, token: (await h.login(account, 'cust-pass', tenantId)).access_token };
}

type Node = { id: string; catalogName: string; mustUpload: number; isLeaf: boolean };

/** The document nodes of an application's tree (the root's children), as the customer's screen reads them. */
export async function documentNodes(h: Harness, token: string, functionCode: string, dataId: string) {
  const tree = (parentId = '') =>
    h.call(
      `/blade-resource/fileCatalog/selectFileList?${new URLSearchParams({ functionCode, dataId, ...(parentId && { parentId }) })}`,
      token,
    );
  const roots = await tree();
  if (roots.code !== 200) return { status: roots.status, nodes: [] as Node[] };
  const children = await tree((roots.data.records as Node[])[0].id);
  return { status: children.status, nodes: children.data.records as Node[] };
}

/** Uploads a small PNG into a node of a record's tree. */
export async function uploadInto(
  h: Harness,
  token: string,
  fields: { functionCode: string; dataId: string; fileCatalogId: string } | Record<string, never>,
  name = '资料.png',
) {
  const res = await h.blade.app.request('/blade-resource/file/uploadFile', {
    method: 'POST',
    body: form(fields as Record<string, string>, { name, bytes: pngBytes() }),
    headers: { 'Blade-Auth': `bearer ${token}` },
  });
  return {
    status: res.status,
    ...((await res.json()) as { code: number; msg: string; data: { id: string } }),
  };
}
