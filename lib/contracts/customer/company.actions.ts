import { z } from '../../zod';
import { bySide, defineAction } from '../action';
import { blank, idSchema } from '../inputs';
import { userResource } from '../system/user';

/**
 * What a signed-in user reads of the customer companies (blade-customer, spec 001 §7.2): a customer its own company
 * and that company's users, whatever its roles; staff with the user page's code, the users within their data scope.
 * blade/modules/customer/company.routes.ts serves them.
 */
const readCompany = bySide({ customer: true, staff: userResource.menu!.code });

export const companyUserDetail = defineAction({
  name: 'selectUserById',
  call: { method: 'POST', path: '/blade-customer/user/selectUserById' },
  input: z.object({ id: idSchema }),
  ...readCompany,
  writes: false,
});

/** A customer's own company (an `id` of another is 404); staff name the company. */
export const companyDetail = defineAction({
  name: 'selectCompanyOne',
  call: { method: 'POST', path: '/blade-customer/company/selectCompanyOne' },
  input: z.object({ id: blank(idSchema) }),
  ...readCompany,
  writes: false,
});

/** The standards groups (all, or the one named): reference data every signed-in user reads. */
export const standardsGroupsAction = defineAction({
  name: 'selectStandardsVoByGroupName',
  call: { method: 'POST', path: '/blade-customer/standards/selectStandardsVoByGroupName' },
  input: z.object({ groupName: blank(z.string().trim().max(255)) }),
  access: {},
  writes: false,
});

export const COMPANY_ACTIONS = [companyUserDetail, companyDetail, standardsGroupsAction];
