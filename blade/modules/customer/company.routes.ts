import {
  companyDetail,
  companyUserDetail,
  standardsGroupsAction,
} from '../../../lib/contracts/customer/company.actions';
import { actionRouter } from '../../core/action';
import type { Deps } from '../../core/context';
import { NotFoundError } from '../../core/errors';
import { auditFields } from '../../core/vo';
import type { UserRow } from '../../db/schema';
import { scopedUser } from '../user/user-admin.repository';
import { findUserById } from '../user/user.repository';
import { findCompany, standardsGroups, type CompanyRow } from './customer.repository';

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

/** Calls of blade-customer's company accounts for signed-in users (mounted after the token check). */
export function companyRoutes(deps: Deps) {
  const { router, serve } = actionRouter(deps);

  // Any other id (another company's, another tenant's, outside a staff member's user data scope) is 404.
  serve(companyUserDetail, async ({ trx, auth, input, company }) => {
    const user =
      company === null
        ? await scopedUser(trx, auth, input.id)
        : await findUserById(trx, auth.tenantId, input.id);
    if (!user || (company !== null && user.company_id !== company)) throw new NotFoundError();
    const owner = user.company_id ? await findCompany(trx, auth.tenantId, user.company_id) : undefined;
    return userVO(user, owner);
  });

  serve(companyDetail, async ({ trx, auth, input, company }) => {
    const wanted = company ?? input.id;
    if (!wanted || (input.id && input.id !== wanted)) throw new NotFoundError();
    const row = await findCompany(trx, auth.tenantId, wanted);
    if (!row) throw new NotFoundError();
    return companyVO(row);
  });

  serve(standardsGroupsAction, ({ trx, input }) => standardsGroups(trx, input.groupName ?? undefined));

  return router;
}
