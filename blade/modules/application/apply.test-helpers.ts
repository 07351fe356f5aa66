import { addTenant, fixturePasswordHash, grantMenus, roleIdByAlias } from '../../testing/fixtures';
import type { Harness } from '../../testing/harness';
import type { Insertable } from 'kysely';
import { nextId } from '../../core/ids';
import type { ApplicationTable, CertificateTable } from '../../db/schema';
import { withTenant, type Db } from '../../db/tenant';
import { ensureCustomerRole, insertCompany, insertCustomerUser } from '../customer/customer.repository';
import { form, pngBytes } from '../files/files.test-helpers';
import { ensureStaffRoles } from './staff-roles';

/**
 * The two tenants the business tests keep apart: the certification body `t` (认证机构) and another body `u` (另一机构),
 * each with the application steps' staff roles. Answers the roles each was given, `t`'s first.
 */
export async function addTenantPair(db: Db, t: string, u: string): Promise<[string[], string[]]> {
  await addTenant(db, { tenantId: t, tenantName: '认证机构', adminPassword: 't-admin-pass' });
  await addTenant(db, { tenantId: u, tenantName: '另一机构', adminPassword: 'u-admin-pass' });
  return [
    await withTenant(db, t, (trx) => ensureStaffRoles(trx, t, null)),
    await withTenant(db, u, (trx) => ensureStaffRoles(trx, u, null)),
  ];
}

/** The customers of a tenant pair (addTenantPair): a and b of the body `t`, u of the other body `u`. */
export type TrioKey = 'a' | 'b' | 'u';

/**
 * A signed-in customer of each company the business tests keep apart (customerOf): 甲 (`a`) and 乙 (`b`) of `t`, 丙
 * (`u`) of `u`, with the accounts `${accountPrefix}_a` and so on. The customer role of each tenant holds `menuCodes`
 * too: a role made before the pages were granted to it gets them here.
 */
export async function customerTrio(
  h: Harness,
  t: string,
  u: string,
  accountPrefix: string,
  menuCodes: readonly string[] = [],
): Promise<Record<TrioKey, { token: string; companyId: string; userId: string }>> {
  const trio = {} as Record<TrioKey, { token: string; companyId: string; userId: string }>;
  for (const [tenant, key, name, creditCode] of [
    [t, 'a', '甲防爆电器有限公司', '91410100MA00000A1X'],
    [t, 'b', '乙防爆电器有限公司', '91410100MA00000B2X'],
    [u, 'u', '丙防爆电器有限公司', '91410100MA00000C3X'],
  ] as const) {
    trio[key] = await customerOf(h, tenant, { name, creditCode, account: `${accountPrefix}_${key}` });
    const role = await roleIdByAlias(h.blade.db, tenant, 'customer');
    await grantMenus(h.blade.db, tenant, role, menuCodes);
  }
  return trio;
}

/** Columns of an application row (addApplication), over its defaults. */
export type ApplicationValues = Partial<Insertable<ApplicationTable>>;

/** The one model of a default application: its sample model. */
export const SAMPLE_MODEL = { model: 'YBX3-80', spec: '', isSampleModel: true, differenceNote: '' };

/**
 * The columns of an application row `id` of the tenant, as the customer side leaves one (the customer calls have tests
 * of their own): a submitted CCC application of 甲防爆 for a 隔爆型电动机 with its sample model, numbered after its
 * id; `values` over these.
 */
function applicationRow(
  id: string,
  tenantId: string,
  values: ApplicationValues,
): Insertable<ApplicationTable> {
  return {
    id,
    tenant_id: tenantId,
    scheme: 'ccc',
    application_no: `SQ2026${id.slice(-10)}`,
    applicant_name: '甲防爆电器有限公司',
    manufacturer_name: '甲防爆电器有限公司',
    factory_name: '甲防爆电器有限公司一厂',
    product_name: '隔爆型电动机',
    product_category: '2301',
    models: JSON.stringify([SAMPLE_MODEL]),
    ex_markings: JSON.stringify(['Ex db IIB T4 Gb']),
    standards: 'GB/T 3836.1-2021',
    flow_state: 'submitted',
    ...values,
  };
}

/** An application row of the tenant (the defaults: applicationRow), `values` over the defaults. Answers its id. */
export async function addApplication(
  db: Db,
  tenantId: string,
  values: ApplicationValues = {},
): Promise<string> {
  const id = values.id ?? nextId();
  await withTenant(db, tenantId, (trx) =>
    trx
      .insertInto('business_application')
      .values(applicationRow(id, tenantId, values))
      .execute(),
  );
  return id;
}

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

export interface IssuedCertificateOptions {
  /** Columns of the certificate over the defaults (a CCC certificate of 甲防爆, valid 2026-01-01 to 2031-01-01). */
  certificate?: Partial<Insertable<CertificateTable>>;
  /** Columns of its application over the defaults; `false`: no application row (the id is made up). */
  application?: Partial<Insertable<ApplicationTable>> | false;
}

/**
 * An issued application of `companyId` and its valid certificate, as the decision step leaves them, in one
 * transaction of the tenant: the certificate tests' starting point. Answers the certificate's id, number and
 * application id.
 */
export async function addIssuedCertificate(
  db: Db,
  tenantId: string,
  companyId: string | null,
  { certificate = {}, application = {} }: IssuedCertificateOptions = {},
): Promise<{ id: string; no: string; appId: string }> {
  const id = certificate.id ?? nextId();
  const appId = certificate.application_id ?? nextId();
  const no = certificate.cert_number ?? `2026${id.slice(-12)}`;
  const scheme = certificate.scheme ?? 'ccc';
  const productName = certificate.product_name ?? '隔爆型电动机';
  await withTenant(db, tenantId, async (trx) => {
    if (application !== false)
      await trx
        .insertInto('business_application')
        .values(
          applicationRow(appId, tenantId, {
            scheme,
            application_no: null,
            company_id: companyId,
            product_name: productName,
            models: JSON.stringify([]),
            ex_markings: JSON.stringify([]),
            flow_state: 'issued',
            ...application,
          }),
        )
        .execute();
    await trx
      .insertInto('business_certificate')
      .values({
        tenant_id: tenantId,
        scheme,
        company_id: companyId,
        holder_name: '甲防爆电器有限公司',
        manufacturer_name: '甲防爆电器有限公司',
        factory_name: '甲防爆电器有限公司一厂',
        product_category: '2301',
        models: JSON.stringify([]),
        ex_markings: JSON.stringify([]),
        standards: 'GB/T 3836.1-2021',
        issue_date: '2026-01-01',
        valid_to: '2031-01-01',
        cert_status: 'valid',
        ...certificate,
        id,
        application_id: appId,
        cert_number: no,
        product_name: productName,
      })
      .execute();
  });
  return { id, no, appId };
}
