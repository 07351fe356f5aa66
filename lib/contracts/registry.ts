import type { ActionDef } from './action';
import { contractAcceptance, contractEnd, contractResource } from './business/contract';
import {
  batchAbnormalHandling,
  batchBankTransactionNumber,
  contractBatchResource,
} from './business/contract-batch';
import {
  costPlanResource,
  costPlanStatisticsProject,
  costPlanStatisticsSys,
  realCostAddInvoice,
  realCostResource,
} from './business/cost';
import { devopsRecordResource } from './business/devops';
import { invoiceResource, invoiceUpload } from './business/invoice';
import { bizMessageResource } from './business/message';
import { customerImport, customerListForSelect, customerResource } from './business/customer';
import { eventRecordResource } from './business/event-record';
import { fieldTaskResource } from './business/field-task';
import { projectAcceptance, projectResource, projectUpdateState } from './business/project';
import { realIncomeResource } from './business/real-income';
import { teamResource, teamUserResource } from './business/team';
import { codeResource } from './develop/code';
import { datasourceResource } from './develop/datasource';
import { modelResource } from './develop/model';
import { modelTableList } from './develop/model.actions';
import { modelPrototypeResource } from './develop/model-prototype';
import { fileCatalogResource } from './files/catalog';
import { fileFunctionResource } from './files/function';
import { filePresetResource } from './files/preset';
import { CATALOG_ACTIONS } from './files/catalog.actions';
import { USER_ADMIN_ACTIONS } from './system/user-admin.actions';
import { MY_ACTIONS } from './system/my.actions';
import { MY_VERIFY_ACTIONS } from './system/my-verify.actions';
import { MENU_READ_ACTIONS } from './system/menu.actions';
import { POST_ROLE_ACTIONS } from './system/post-role.actions';
import { FILE_ACTIONS } from './files/file.actions';
import {
  fileSignatureDocument,
  fileUpdateStamped,
  fileViewOfd,
  sealInfo,
  sealRemove,
} from './files/stamp.actions';
import type { ResourceDef, ResourceMenuDef } from './resource';
import { clientResource } from './system/client';
import { deptResource } from './system/dept';
import { deptLazyList, deptLazyTree, deptTree } from './system/dept.actions';
import { dictBizResource, dictResource } from './system/dict';
import { externalUserResource } from './system/external-user';
import { userResource } from './system/user';
import { apiLogResource, errorLogResource, usualLogResource } from './system/log';
import { apiScopeResource, dataScopeResource } from './system/scope';
import { attachResource } from './files/attach';
import { dictActions, dictBizActions } from './system/dict.actions';
import { menuResource } from './system/menu';
import { ossEnable, ossResource } from './system/oss';
import { paramResource } from './system/param';
import { postResource } from './system/post';
import {
  regionDetail,
  regionLazyTree,
  regionList,
  regionRemove,
  regionSelect,
  regionSubmit,
} from './system/region.actions';
import { roleResource } from './system/role';
import { roleGrant, roleTree } from './system/role.actions';
import { loginSourceResource } from './system/login-source';
import { smsResource } from './system/sms';
import { mailResource } from './system/mail';
import { smsEnable } from './system/sms.actions';
import { tenantPackageResource } from './system/tenant-package';
import { topMenuResource } from './system/topmenu';
import { topMenuGrant } from './system/topmenu.actions';
import { myApplicationResource, myCertificateResource } from './application/customer-pages';
import { STAFF_ACTIONS, STAFF_PAGES } from './application/staff';
import { TRAINER_ACTIONS } from './application/trainers.actions';
import { APPLY_ACTIONS } from './application/apply.actions';
import { COMPANY_ACTIONS } from './customer/company.actions';
import { DEPT_LAB_ACTIONS } from './system/dept-lab.actions';
import { TENANT_ACTIONS } from './system/tenant.actions';
import { MESSAGE_ACTIONS } from './message/message.actions';
import { myPaymentNoteResource, PAYMENT_ACTIONS, paymentNotePage } from './payment/payment';
import { QUALITY_ACTIONS, QUALITY_RESOURCES } from './quality/quality';
import { CARD_SALE_ACTIONS, CARD_SALE_RESOURCES } from './card-sale/card-sale';
import { certResource, equipmentResource, USAGE_ACTIONS, usagePage } from './equipment/equipment';
import { ACCEPTANCE_ACTIONS, flowCardResource, testItemResource } from './acceptance/acceptance';
import {
  INVOICE_ACTIONS,
  invoiceInfoResource,
  invoiceManagePage,
  myInvoiceResource,
} from './invoice/invoice';
import { CERT_CHANGE_ACTIONS, certChangePage } from './cert-change/cert-change';
import { borrowingPage, PAPER_ARCHIVE_ACTIONS, paperArchivePage } from './paper-archive/paper-archive';
import { ALERT_ACTIONS, certConfigResource, deliveryLogPage, nodeProgressPage } from './alerts/alerts';
import { NOTE_ACTIONS, notesPage } from './notes/notes';

/**
 * Every resource definition, pure (no I/O): what both halves derive from. blade/ serves each one
 * (`blade/modules/resources.ts` adds the hooks and actions of what is special about it) and seeds its page and
 * buttons; the portal names its route; the row-level-security test expects a tenant-owned one's table.
 */
export const RESOURCE_DEFINITIONS: readonly ResourceDef[] = [
  paramResource,
  postResource,
  tenantPackageResource,
  clientResource,
  topMenuResource,
  ossResource,
  smsResource,
  mailResource,
  loginSourceResource,
  deptResource,
  roleResource,
  dictResource,
  dictBizResource,
  menuResource,
  datasourceResource,
  modelResource,
  modelPrototypeResource,
  codeResource,
  fileFunctionResource,
  fileCatalogResource,
  filePresetResource,
  usualLogResource,
  apiLogResource,
  errorLogResource,
  dataScopeResource,
  apiScopeResource,
  attachResource,
  userResource,
  externalUserResource,
  projectResource,
  contractResource,
  contractBatchResource,
  realIncomeResource,
  invoiceResource,
  realCostResource,
  costPlanResource,
  devopsRecordResource,
  teamResource,
  teamUserResource,
  bizMessageResource,
  customerResource,
  fieldTaskResource,
  eventRecordResource,
  myApplicationResource,
  myCertificateResource,
  ...STAFF_PAGES,
  myPaymentNoteResource,
  paymentNotePage,
  ...QUALITY_RESOURCES,
  ...CARD_SALE_RESOURCES,
  equipmentResource,
  certResource,
  usagePage,
  myInvoiceResource,
  invoiceManagePage,
  invoiceInfoResource,
  certChangePage,
  paperArchivePage,
  borrowingPage,
  // Alerts (issue 17): lib/contracts/alerts/alerts.ts.
  certConfigResource,
  nodeProgressPage,
  deliveryLogPage,
  notesPage,
  testItemResource,
  flowCardResource,
];

/** The pages the definitions declare. */
export const RESOURCE_MENUS: readonly ResourceMenuDef[] = RESOURCE_DEFINITIONS.flatMap((def) =>
  def.menu ? [def.menu] : [],
);

/**
 * Every action definition (the calls beside the CRUD verbs), pure like the resources: blade/ serves each one
 * (actionRoute, or a hand-written route at the declared call); the proxy derives from them which GET calls write
 * (lib/contracts/writing-calls.ts) and which calls get the long upstream timeout (lib/bff/forward.ts).
 */
export const ACTION_DEFINITIONS: readonly ActionDef[] = [
  topMenuGrant,
  ossEnable,
  smsEnable,
  deptLazyList,
  ...DEPT_LAB_ACTIONS,
  ...TENANT_ACTIONS,
  ...MESSAGE_ACTIONS,
  ...USER_ADMIN_ACTIONS,
  ...MY_ACTIONS,
  ...MY_VERIFY_ACTIONS,
  ...APPLY_ACTIONS,
  ...COMPANY_ACTIONS,
  ...MENU_READ_ACTIONS,
  ...POST_ROLE_ACTIONS,
  deptTree,
  deptLazyTree,
  roleTree,
  roleGrant,
  ...Object.values(dictActions),
  ...Object.values(dictBizActions),
  regionLazyTree,
  regionSelect,
  regionList,
  regionDetail,
  regionSubmit,
  regionRemove,
  modelTableList,
  fileSignatureDocument,
  fileViewOfd,
  fileUpdateStamped,
  sealInfo,
  sealRemove,
  ...CATALOG_ACTIONS,
  ...FILE_ACTIONS,
  projectUpdateState,
  projectAcceptance,
  contractAcceptance,
  contractEnd,
  batchBankTransactionNumber,
  batchAbnormalHandling,
  realCostAddInvoice,
  costPlanStatisticsSys,
  costPlanStatisticsProject,
  invoiceUpload,
  customerListForSelect,
  customerImport,
  ...STAFF_ACTIONS,
  ...TRAINER_ACTIONS,
  ...PAYMENT_ACTIONS,
  ...QUALITY_ACTIONS,
  ...CARD_SALE_ACTIONS,
  ...USAGE_ACTIONS,
  ...INVOICE_ACTIONS,
  ...CERT_CHANGE_ACTIONS,
  ...PAPER_ARCHIVE_ACTIONS,
  ...ALERT_ACTIONS,
  ...NOTE_ACTIONS,
  ...ACCEPTANCE_ACTIONS,
];
