import { nextId } from '../../core/ids';
import type { Selectable } from 'kysely';
import type { CustomerCompanyTable, UserRow } from '../../db/schema';
import type { Db } from '../../db/tenant';
import { ensureWorkRole } from '../../core/work-roles';
import type { AuthUser } from '../../core/context';
import { zhText } from '../../core/refusal-keys';
import { MESSAGE_CATEGORY, sendMessage } from '../message/message.repository';

export type CompanyRow = Selectable<CustomerCompanyTable>;

/** blade_user.user_type of customer users (1 web, 2 app, 3 other are Blade's, 4 external users). */
export const CUSTOMER_USER = 5;

/** The role every customer user holds: seeded into a tenant by its first registration. */
export const CUSTOMER_ROLE = { alias: 'customer', name: '客户', sort: 90 } as const;

/**
 * The menus the customer role is granted: the customer-facing ones only (the home page, and 认证申请: my applications
 * with the apply button, my certificates, my payment notes). Migrations 20261126T150100 and 20261126T160000 granted
 * the application and payment pages to the customer roles made before them.
 */
export const CUSTOMER_MENU_CODES = [
  'desk',
  'wel',
  'application_center',
  'my_application',
  'application_apply',
  'my_certificate',
  'my_payment_note',
  // Issue 16: 我的投诉 with its 投诉 button, 满意度调查 (lib/contracts/quality QUALITY_CUSTOMER_MENU_CODES).
  'my_complaint',
  'complaint_apply',
  'my_survey',
  // Issue 16: 标志购买 (lib/contracts/card-sale CARD_SALE_CUSTOMER_MENU_CODES; migration 20261127T120100).
  'my_card_sale',
  // Issue 16: 我的发票 (lib/contracts/invoice INVOICE_CODES.customerPage).
  'my_invoice',
] as const;

/** Global parameters (blade_param, written by the platform administrator) that steer registration. */
export const PARAM_REGISTER_OPEN = 'account.registerUser';
/** Tenant ids (comma-separated) whose registrations wait for approval, or `*` for every tenant. */
export const PARAM_REGISTER_APPROVAL = 'customer.registerApproval';

export async function paramValue(db: Db, key: string): Promise<string | undefined> {
  const row = await db
    .selectFrom('blade_param')
    .select('param_value')
    .where('param_key', '=', key)
    .where('is_deleted', '=', 0)
    .executeTakeFirst();
  return row?.param_value.trim();
}

export async function registrationOpen(db: Db): Promise<boolean> {
  return (await paramValue(db, PARAM_REGISTER_OPEN)) !== 'false';
}

export async function approvalRequired(db: Db, tenantId: string): Promise<boolean> {
  const value = await paramValue(db, PARAM_REGISTER_APPROVAL);
  if (!value) return false;
  const listed = value.split(',').map((v) => v.trim());
  return listed.includes('*') || listed.includes(tenantId);
}

/** What a registration must not repeat of another's, and the table that holds it. */
const UNIQUE_IN = {
  company_name: 'blade_customer_company',
  credit_code: 'blade_customer_company',
  phone: 'blade_user',
} as const;

/** Whether a live row of the tenant holds `value` in `column` already. */
async function taken(
  db: Db,
  tenantId: string,
  column: keyof typeof UNIQUE_IN,
  value: string,
): Promise<boolean> {
  const row = await db
    .selectFrom(UNIQUE_IN[column])
    .select('id')
    .where('tenant_id', '=', tenantId)
    .where(db.dynamic.ref(column), '=', value)
    .where('is_deleted', '=', 0)
    .executeTakeFirst();
  return row !== undefined;
}

export const companyNameTaken = (db: Db, tenantId: string, name: string) =>
  taken(db, tenantId, 'company_name', name);

export const creditCodeTaken = (db: Db, tenantId: string, code: string) =>
  taken(db, tenantId, 'credit_code', code);

/** Whether a live user of the tenant, staff or customer, has this phone. */
export const phoneTaken = (db: Db, tenantId: string, phone: string) => taken(db, tenantId, 'phone', phone);

export interface NewCompany {
  companyName: string;
  creditCode: string;
  address: string;
  contactName: string;
  contactPhone: string;
  email: string;
}

export async function insertCompany(db: Db, tenantId: string, company: NewCompany): Promise<string> {
  const id = nextId();
  await db
    .insertInto('blade_customer_company')
    .values({
      id,
      tenant_id: tenantId,
      company_name: company.companyName,
      credit_code: company.creditCode,
      address: company.address,
      contact_name: company.contactName,
      contact_phone: company.contactPhone,
      email: company.email,
    })
    .execute();
  return id;
}

export async function findCompany(db: Db, tenantId: string, id: string): Promise<CompanyRow | undefined> {
  return db
    .selectFrom('blade_customer_company')
    .selectAll()
    .where('tenant_id', '=', tenantId)
    .where('id', '=', id)
    .where('is_deleted', '=', 0)
    .executeTakeFirst();
}

/**
 * The tenant's customer role, made with its menus when the tenant has none yet. The caller holds the tenant row's
 * lock (assertAccountRoom), so two first registrations of a tenant cannot both make one.
 */
export async function ensureCustomerRole(db: Db, tenantId: string): Promise<string> {
  return (await ensureWorkRole(db, tenantId, CUSTOMER_ROLE, CUSTOMER_MENU_CODES, null)).id;
}

export interface NewCustomerUser {
  account: string;
  passwordHash: string;
  realName: string;
  phone: string;
  email: string;
  companyId: string;
  roleId: string;
  status: 0 | 1;
}

export async function insertCustomerUser(db: Db, tenantId: string, user: NewCustomerUser): Promise<string> {
  const id = nextId();
  await db
    .insertInto('blade_user')
    .values({
      id,
      tenant_id: tenantId,
      account: user.account,
      password: user.passwordHash,
      name: user.realName,
      real_name: user.realName,
      phone: user.phone,
      email: user.email,
      user_type: CUSTOMER_USER,
      company_id: user.companyId,
      role_id: user.roleId,
      status: user.status,
      create_user: id,
      update_user: id,
    })
    .execute();
  return id;
}

/** A live customer user of the tenant by account (staff accounts are not recovered here). */
export async function findCustomerByAccount(
  db: Db,
  tenantId: string,
  account: string,
): Promise<UserRow | undefined> {
  return db
    .selectFrom('blade_user')
    .selectAll()
    .where('tenant_id', '=', tenantId)
    .where('account', '=', account)
    .where('company_id', 'is not', null)
    .where('is_deleted', '=', 0)
    .executeTakeFirst();
}

/** The standards groups: system dictionaries whose code starts with `standard_`, with their live items. */
export async function standardsGroups(db: Db, groupName?: string) {
  let headers = db
    .selectFrom('blade_dict')
    .select(['id', 'code', 'dict_value'])
    .where('parent_id', '=', '0')
    .where('code', 'like', 'standard\\_%')
    .where('is_deleted', '=', 0)
    .orderBy('sort')
    .orderBy('code');
  if (groupName)
    headers = headers.where((eb) => eb.or([eb('dict_value', '=', groupName), eb('code', '=', groupName)]));
  const groups = await headers.execute();
  if (!groups.length) return [];
  const items = await db
    .selectFrom('blade_dict')
    .select(['parent_id', 'dict_key', 'dict_value', 'sort', 'remark'])
    .where(
      'parent_id',
      'in',
      groups.map((g) => g.id),
    )
    .where('is_deleted', '=', 0)
    .orderBy('sort')
    .orderBy('id')
    .execute();
  return groups.map((g) => ({
    groupCode: g.code,
    groupName: g.dict_value,
    standards: items
      .filter((i) => i.parent_id === g.id)
      .map((i) => ({ code: i.dict_key, name: i.dict_value, sort: i.sort, remark: i.remark })),
  }));
}

/**
 * The live, enabled users of a customer company (none for null): those told about what happens to the company's
 * applications, payment notes, certificates, complaints and surveys. Inside the caller's tenant transaction.
 */
export async function companyUsers(db: Db, tenantId: string, companyId: string | null): Promise<string[]> {
  if (!companyId) return [];
  const rows = await db
    .selectFrom('blade_user')
    .select('id')
    .where('tenant_id', '=', tenantId)
    .where('company_id', '=', companyId)
    .where('is_deleted', '=', 0)
    .where('status', '=', 1)
    .execute();
  return rows.map((r) => String(r.id));
}

/**
 * Tells a company's users, never the caller, of an event of one of its records (a payment note, an invoice, a mark
 * order): a zh message whose title and content are `{messages}.message.{event}.title|content` and whose sender is
 * `{messages}.message.sender`.
 */
export async function tellCompanyUsers(
  db: Db,
  auth: AuthUser,
  companyId: string | null,
  messages: string,
  event: string,
  values: Record<string, string>,
): Promise<void> {
  await sendMessage(db, auth.tenantId, {
    userIds: (await companyUsers(db, auth.tenantId, companyId)).filter((u) => u !== auth.userId),
    category: MESSAGE_CATEGORY.message,
    title: zhText(`${messages}.message.${event}.title`, values),
    content: zhText(`${messages}.message.${event}.content`, values),
    sender: zhText(`${messages}.message.sender`),
    createUser: auth.userId,
  });
}
