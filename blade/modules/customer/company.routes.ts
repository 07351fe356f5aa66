import { Hono } from 'hono';
import { z } from 'zod';
import type { AuthUser, BladeEnv, Deps } from '../../core/context';
import { ok } from '../../core/envelope';
import { NotFoundError } from '../../core/errors';
import { auditFields } from '../../core/vo';
import { demand } from '../../core/permission';
import { withTenant, type Db } from '../../db/tenant';
import type { UserRow } from '../../db/schema';
import { scopedUser } from '../user/user-admin.repository';
import { findUserById } from '../user/user.repository';
import { readParams } from '../../core/input';
import { blank, idSchema } from '../../../lib/contracts/inputs';
import { findCompany, standardsGroups, type CompanyRow } from './customer.repository';

/** Staff read customers' users and companies with the user page's code, within their user data scope. */
const STAFF_READ = { codes: ['user'] } as const;

const byIdSchema = z.object({ id: idSchema });
const companySchema = z.object({ id: blank(idSchema) });
const standardsSchema = z.object({ groupName: blank(z.string().trim().max(255)) });

function companyVO(company: CompanyRow) {
  return {
    ...auditFields(company),
    tenantId: company.tenant_id,
    companyName: company.company_name,
    creditCode: company.credit_code,
    address: company.address,
    contactName: company.contact_name,
    contactPhone: company.contact_phone,
    email: company.email,
  };
}

function userVO(user: UserRow, company: CompanyRow | undefined) {
  return {
    ...auditFields(user),
    tenantId: user.tenant_id,
    userType: user.user_type,
    account: user.account,
    name: user.name,
    realName: user.real_name,
    phone: user.phone,
    email: user.email,
    avatar: user.avatar,
    roleId: user.role_id,
    companyId: user.company_id ?? '',
    companyName: company?.company_name ?? '',
  };
}

/** The caller's own row: a customer is the user with a company. */
async function caller(trx: Db, auth: AuthUser): Promise<UserRow> {
  const me = await findUserById(trx, auth.tenantId, auth.userId);
  if (!me) throw new NotFoundError();
  return me;
}

/** Calls of blade-customer's company accounts for signed-in users (mounted after the token check). */
export function companyRoutes(deps: Deps) {
  const router = new Hono<BladeEnv>();

  // POST user/selectUserById {id} — a customer reads the users of their own company; staff those within their user
  // data scope, with the user page's code. Any other id (another company's, another tenant's) is 404.
  router.post('/user/selectUserById', async (c) => {
    const auth = c.get('auth');
    const { id } = byIdSchema.parse(await readParams(c));
    const me = await withTenant(deps.db, auth.tenantId, (trx) => caller(trx, auth));
    if (!me.company_id) await demand(deps, auth, STAFF_READ);
    const data = await withTenant(deps.db, auth.tenantId, async (trx) => {
      const user = me.company_id
        ? await findUserById(trx, auth.tenantId, id)
        : await scopedUser(trx, auth, id);
      if (!user || (me.company_id && user.company_id !== me.company_id)) throw new NotFoundError();
      const company = user.company_id ? await findCompany(trx, auth.tenantId, user.company_id) : undefined;
      return userVO(user, company);
    });
    return c.json(ok(data));
  });

  // POST company/selectCompanyOne {id?} — a customer's own company; staff name the company (user page's code).
  router.post('/company/selectCompanyOne', async (c) => {
    const auth = c.get('auth');
    const { id } = companySchema.parse(await readParams(c));
    const me = await withTenant(deps.db, auth.tenantId, (trx) => caller(trx, auth));
    if (!me.company_id) await demand(deps, auth, STAFF_READ);
    const wanted = me.company_id ?? id;
    if (!wanted || (id && id !== wanted)) throw new NotFoundError();
    const company = await withTenant(deps.db, auth.tenantId, (trx) =>
      findCompany(trx, auth.tenantId, wanted),
    );
    if (!company) throw new NotFoundError();
    return c.json(ok(companyVO(company)));
  });

  // POST standards/selectStandardsVoByGroupName {groupName?} — the standards groups (all, or the one named).
  router.post('/standards/selectStandardsVoByGroupName', async (c) => {
    const { groupName } = standardsSchema.parse(await readParams(c));
    return c.json(ok(await standardsGroups(deps.db, groupName ?? undefined)));
  });

  return router;
}
