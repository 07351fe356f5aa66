import { catalogRoutes } from './files/catalog.routes';
import { fileActionRoutes } from './files/file.routes';
import { userAdminActions } from './user/user-admin.routes';
import { myActions } from './user/my.routes';
import { myVerifyActions } from './verify/my-verify.routes';
import { menuAdminActions } from './system/menu/menu-admin.routes';
import { postRoleActions } from './system/post-role/post-role.routes';
import { Hono } from 'hono';
import { RESOURCE_DEFINITIONS } from '../../lib/contracts/registry';
import { trainersRoutes } from './trainers/trainers.routes';
import { deptLabRoutes } from './user/dept-lab.routes';
import { tenantAdminRoutes } from './system/tenant/tenant-admin.routes';
import { messageRoutes } from './message/message.routes';
import type { ResourceDef } from '../../lib/contracts/resource';
import { contractResource } from '../../lib/contracts/business/contract';
import { contractBatchResource } from '../../lib/contracts/business/contract-batch';
import { costPlanResource, realCostResource } from '../../lib/contracts/business/cost';
import { devopsRecordResource } from '../../lib/contracts/business/devops';
import { customerResource } from '../../lib/contracts/business/customer';
import { eventRecordResource } from '../../lib/contracts/business/event-record';
import { cccBusinessPage, STAFF_PAGES } from '../../lib/contracts/application/staff';
import { applicationStaffRoutes } from './application/staff.routes';
import { fieldTaskResource } from '../../lib/contracts/business/field-task';
import { invoiceResource } from '../../lib/contracts/business/invoice';
import { bizMessageResource } from '../../lib/contracts/business/message';
import { projectResource } from '../../lib/contracts/business/project';
import { realIncomeResource } from '../../lib/contracts/business/real-income';
import { teamResource, teamUserResource } from '../../lib/contracts/business/team';
import { codeResource } from '../../lib/contracts/develop/code';
import { datasourceResource } from '../../lib/contracts/develop/datasource';
import { modelResource } from '../../lib/contracts/develop/model';
import { modelPrototypeResource } from '../../lib/contracts/develop/model-prototype';
import { fileCatalogResource } from '../../lib/contracts/files/catalog';
import { fileFunctionResource } from '../../lib/contracts/files/function';
import { filePresetResource } from '../../lib/contracts/files/preset';
import { clientResource } from '../../lib/contracts/system/client';
import { deptResource } from '../../lib/contracts/system/dept';
import { dictBizResource, dictResource } from '../../lib/contracts/system/dict';
import { externalUserResource } from '../../lib/contracts/system/external-user';
import { userResource } from '../../lib/contracts/system/user';
import { apiLogResource, errorLogResource, usualLogResource } from '../../lib/contracts/system/log';
import { apiScopeResource, dataScopeResource } from '../../lib/contracts/system/scope';
import { attachResource } from '../../lib/contracts/files/attach';
import { menuResource } from '../../lib/contracts/system/menu';
import { ossResource } from '../../lib/contracts/system/oss';
import { postResource } from '../../lib/contracts/system/post';
import { roleResource } from '../../lib/contracts/system/role';
import { loginSourceResource } from '../../lib/contracts/system/login-source';
import { smsResource } from '../../lib/contracts/system/sms';
import { mailResource } from '../../lib/contracts/system/mail';
import { mailActions, mailHooks } from './verify/mail-config.resource';
import { tenantPackageResource } from '../../lib/contracts/system/tenant-package';
import { topMenuResource } from '../../lib/contracts/system/topmenu';
import type { BladeEnv, Deps } from '../core/context';
import { crudRoutes, type CrudHooks } from '../core/crud';
import {
  codeActions,
  codeHooks,
  datasourceHooks,
  modelActions,
  modelHooks,
  modelPrototypeActions,
  modelPrototypeHooks,
} from './develop/develop.resource';
import {
  contractActions,
  contractBatchActions,
  contractBatchHooks,
  contractHooks,
  invoiceActions,
  invoiceHooks,
  projectActions,
  projectHooks,
  realIncomeActions,
  realIncomeHooks,
} from './business/finance.resource';
import { costPlanActions, costPlanHooks, realCostActions, realCostHooks } from './business/costs.resource';
import { devopsRecordHooks } from './business/devops.resource';
import { bizMessageHooks, teamHooks, teamUserHooks } from './business/teams-messages.resource';
import { customerActions, customerHooks } from './business/customer.resource';
import { eventRecordHooks, fieldTaskHooks } from './business/task.resource';
import { fileFunctionHooks, filePresetHooks } from './files/config.resource';
import { fileCatalogActions, fileCatalogHooks } from './files/library.resource';
import { errorLogHooks, logHooks } from './log/log.resource';
import { apiScopeHooks, dataScopeHooks } from './system/scope/scope.resource';
import { attachActions, attachHooks } from './files/attach.resource';
import { ossActions, ossHooks } from './oss/oss.resource';
import { loginSourceHooks } from './auth/login-source.resource';
import { smsActions, smsHooks } from './sms/sms.resource';
import { clientHooks } from './system/client/client.resource';
import { deptActions, deptHooks } from './system/dept/dept.resource';
import {
  bizDictActions,
  bizDictHooks,
  systemDictActions,
  systemDictHooks,
} from './system/dict/dict.resource';
import { menuHooks } from './system/menu/menu.resource';
import { postHooks } from './system/post/post.resource';
import { regionActions } from './system/region/region.resource';
import { roleActions, roleHooks } from './system/role/role.resource';
import { tenantPackageHooks } from './system/tenant-package/tenant-package.resource';
import { topMenuActions, topMenuHooks } from './system/topmenu/topmenu.resource';
import { userHooks } from './user/user.resource';
import { myApplicationResource, myCertificateResource } from '../../lib/contracts/application/customer-pages';
import { myPaymentNoteResource, paymentNotePage } from '../../lib/contracts/payment/payment';
import { paymentRoutes } from './payment/payment.routes';
import {
  complaintPage,
  myComplaintResource,
  mySurveyResource,
  surveyPage,
} from '../../lib/contracts/quality/quality';
import { qualityRoutes } from './quality/quality.routes';
import { cardGoodsResource, cardSalePage, myCardSaleResource } from '../../lib/contracts/card-sale/card-sale';
import { cardSaleRoutes, goodsHooks } from './card-sale/card-sale.routes';
import { dashboardRoutes } from './dashboard/dashboard.routes';
import { certResource, equipmentResource, usagePage } from '../../lib/contracts/equipment/equipment';
import { certHooks, equipmentHooks, usageRoutes } from './equipment/equipment.service';
import { notesPage } from '../../lib/contracts/notes/notes';
import { notesRoutes } from './notes/notes.service';
import { flowCardResource, testItemResource } from '../../lib/contracts/acceptance/acceptance';
import { acceptanceRoutes, flowCardHooks, testItemHooks } from './acceptance/acceptance.service';
import {
  invoiceInfoResource,
  invoiceManagePage,
  myInvoiceResource,
} from '../../lib/contracts/invoice/invoice';
import { invoiceRoutes } from './invoice/invoice.routes';
import { invoiceInfoHooks } from './invoice/invoice.service';
import { certChangePage } from '../../lib/contracts/cert-change/cert-change';
import { certChangeRoutes } from './cert-change/cert-change.routes';
import { borrowingPage, paperArchivePage } from '../../lib/contracts/paper-archive/paper-archive';
import { paperArchiveRoutes } from './paper-archive/paper-archive.routes';
import { certConfigResource, deliveryLogPage, nodeProgressPage } from '../../lib/contracts/alerts/alerts';
import { alertRoutes, certConfigHooks } from './alerts/alerts.service';

type Special = {
  /** A function of the deps when the hooks need them (e.g. the outbound rule). */
  hooks?: CrudHooks | ((deps: Deps) => CrudHooks);
  actions?: (deps: Deps) => Hono<BladeEnv>;
};

/**
 * What is special about a registered resource (lib/contracts/registry.ts): the hooks of its CRUD calls and the routes
 * of its actions (non-CRUD calls, `core/action.ts`). A definition without an entry is served from the definition
 * alone. Call paths are absolute (service included), so the router is mounted at the root, after the token check.
 */
const SPECIAL = new Map<ResourceDef, Special>([
  [postResource, { hooks: postHooks }],
  [tenantPackageResource, { hooks: tenantPackageHooks }],
  [clientResource, { hooks: clientHooks }],
  [topMenuResource, { hooks: topMenuHooks, actions: topMenuActions }],
  [dictResource, { hooks: systemDictHooks, actions: systemDictActions }],
  [dictBizResource, { hooks: bizDictHooks, actions: bizDictActions }],
  [ossResource, { hooks: ossHooks, actions: ossActions }],
  [smsResource, { hooks: smsHooks, actions: smsActions }],
  [mailResource, { hooks: mailHooks, actions: mailActions }],
  [loginSourceResource, { hooks: loginSourceHooks }],
  [datasourceResource, { hooks: datasourceHooks }],
  [modelResource, { hooks: modelHooks, actions: modelActions }],
  [modelPrototypeResource, { hooks: modelPrototypeHooks, actions: modelPrototypeActions }],
  [codeResource, { hooks: codeHooks, actions: codeActions }],
  [menuResource, { hooks: menuHooks }],
  [deptResource, { hooks: deptHooks, actions: deptActions }],
  [roleResource, { hooks: roleHooks, actions: roleActions }],
  [fileFunctionResource, { hooks: fileFunctionHooks }],
  [fileCatalogResource, { hooks: fileCatalogHooks, actions: fileCatalogActions }],
  [filePresetResource, { hooks: filePresetHooks }],
  [usualLogResource, { hooks: logHooks }],
  [apiLogResource, { hooks: logHooks }],
  [errorLogResource, { hooks: errorLogHooks }],
  [dataScopeResource, { hooks: dataScopeHooks }],
  [apiScopeResource, { hooks: apiScopeHooks }],
  [attachResource, { hooks: attachHooks, actions: attachActions }],
  // The user list keeps its own route (user-admin.routes.ts): it caches the page totals of large tenants.
  [userResource, { hooks: (deps) => ({ ...userHooks(deps), ownCalls: ['list'] }) }],
  [externalUserResource, { hooks: userHooks }],
  [projectResource, { hooks: projectHooks, actions: projectActions }],
  [contractResource, { hooks: contractHooks, actions: contractActions }],
  [contractBatchResource, { hooks: contractBatchHooks, actions: contractBatchActions }],
  [realIncomeResource, { hooks: realIncomeHooks, actions: realIncomeActions }],
  [invoiceResource, { hooks: invoiceHooks, actions: invoiceActions }],
  [realCostResource, { hooks: realCostHooks, actions: realCostActions }],
  [costPlanResource, { hooks: costPlanHooks, actions: costPlanActions }],
  [devopsRecordResource, { hooks: devopsRecordHooks }],
  [teamResource, { hooks: teamHooks }],
  [teamUserResource, { hooks: teamUserHooks }],
  [bizMessageResource, { hooks: bizMessageHooks }],
  [customerResource, { hooks: customerHooks, actions: customerActions }],
  [fieldTaskResource, { hooks: fieldTaskHooks }],
  [eventRecordResource, { hooks: eventRecordHooks }],
  // Served by routes of their own (modules/application, the certificate calls by the staff side).
  [myApplicationResource, { hooks: { ownCalls: ['list', 'detail'] } }],
  [myCertificateResource, { hooks: { ownCalls: ['list', 'detail'] } }],
  // Applications, staff side: the pages' lists and every staff call are routes of their own (staff.routes.ts).
  [cccBusinessPage, { hooks: { ownCalls: ['list'] }, actions: applicationStaffRoutes }],
  ...STAFF_PAGES.filter((def) => def !== cccBusinessPage).map((def): [ResourceDef, Special] => [
    def,
    { hooks: { ownCalls: ['list', 'detail'] } },
  ]),
  // Payment notes (issue 16): both pages share the calls, served by modules/payment's routes.
  [myPaymentNoteResource, { hooks: { ownCalls: ['list', 'detail'] } }],
  [paymentNotePage, { hooks: { ownCalls: ['list', 'detail'] }, actions: paymentRoutes }],
  // Complaints and surveys (issue 16): every call is a route of modules/quality (quality.routes.ts).
  [myComplaintResource, { hooks: { ownCalls: ['list', 'detail'] }, actions: qualityRoutes }],
  [mySurveyResource, { hooks: { ownCalls: ['list'] } }],
  [complaintPage, { hooks: { ownCalls: ['list', 'detail'] } }],
  [surveyPage, { hooks: { ownCalls: ['list'] } }],
  // CCC mark sales (issue 16): the goods are plain CRUD; the orders' calls are routes of modules/card-sale.
  [cardGoodsResource, { hooks: goodsHooks }],
  [myCardSaleResource, { hooks: { ownCalls: ['list', 'detail'] }, actions: cardSaleRoutes }],
  [cardSalePage, { hooks: { ownCalls: ['list', 'detail'] } }],
  // Equipment (issue 17): the bookings' calls are routes of modules/equipment (usageRoutes).
  [equipmentResource, { hooks: equipmentHooks }],
  [certResource, { hooks: certHooks }],
  [usagePage, { hooks: { ownCalls: ['list'] }, actions: usageRoutes }],
  // Alerts (issue 17): the configurations' delete and status and the tracks' calls are modules/alerts routes.
  [certConfigResource, { hooks: certConfigHooks, actions: alertRoutes }],
  [nodeProgressPage, { hooks: { ownCalls: ['list'] } }],
  [deliveryLogPage, { hooks: { ownCalls: ['list'] } }],
  // Invoices (issue 16): the companies' invoice titles are a definition; the applications' calls are routes of
  // modules/invoice (invoice.routes.ts).
  [myInvoiceResource, { hooks: { ownCalls: ['list', 'detail'] } }],
  [invoiceManagePage, { hooks: { ownCalls: ['list', 'detail'] }, actions: invoiceRoutes }],
  [invoiceInfoResource, { hooks: invoiceInfoHooks }],
  // Certificate changes and unified certificates (issue 16): every call is a route of modules/cert-change.
  [certChangePage, { hooks: { ownCalls: ['list', 'detail'] }, actions: certChangeRoutes }],
  // Paper archives and archive borrowing (issue 17): every call is a route of modules/paper-archive.
  [paperArchivePage, { hooks: { ownCalls: ['list'] }, actions: paperArchiveRoutes }],
  [borrowingPage, { hooks: { ownCalls: ['list'] } }],
  // Notes (issue 17): every call is a route of modules/notes (notes.service.ts).
  [notesPage, { hooks: { ownCalls: ['list'] }, actions: notesRoutes }],
  // Test items and flow cards (issue 17): the cards' items, coverage and export keys are routes of modules/acceptance.
  [testItemResource, { hooks: testItemHooks }],
  [flowCardResource, { hooks: flowCardHooks, actions: acceptanceRoutes }],
]);

/**
 * Modules served by actions alone: their rows are not id-keyed CRUD rows (regions are keyed by code, a CNEx record's
 * persons are read and written through the record, a department laboratory's users are links added several at once, tenants are no tenant's rows, a user's messages are read and marked as the user's).
 */
export const ACTION_MODULES: readonly ((deps: Deps) => Hono<BladeEnv>)[] = [
  regionActions,
  dashboardRoutes,
  trainersRoutes,
  deptLabRoutes,
  tenantAdminRoutes,
  messageRoutes,
  catalogRoutes,
  fileActionRoutes,
  userAdminActions,
  myActions,
  myVerifyActions,
  menuAdminActions,
  postRoleActions,
];

export function resourceRoutes(deps: Deps): Hono<BladeEnv> {
  // Hooks of a definition the registry does not list would never run: a start-up error, not a silent gap.
  for (const def of SPECIAL.keys())
    if (!RESOURCE_DEFINITIONS.includes(def)) throw new Error(`[blade] ${def.key} is not in the registry`);
  const router = new Hono<BladeEnv>();
  for (const def of RESOURCE_DEFINITIONS) {
    const { hooks, actions } = SPECIAL.get(def) ?? {};
    router.route('/', crudRoutes(deps, def, typeof hooks === 'function' ? hooks(deps) : hooks));
    if (actions) router.route('/', actions(deps));
  }
  for (const actions of ACTION_MODULES) router.route('/', actions(deps));
  return router;
}
