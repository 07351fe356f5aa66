import type { Migration } from 'kysely';
import * as systemTables from './20261121T073000-system-tables';
import * as authTables from './20261121T073100-auth-tables';
import * as rowLevelSecurity from './20261121T073200-row-level-security';
import * as shellTables from './20261121T090000-shell-tables';
import * as identityAccess from './20261121T091000-identity-access';
import * as adminDataTables from './20261121T092000-admin-data-tables';
import * as filesTables from './20261121T093000-files';
import * as adminMenus from './20261121T094000-admin-menus';
import * as floodBounds from './20261123T173000-flood-bounds';
import * as archiveButtons from './20261123T180000-archive-buttons';
import * as sessionLock from './20261123T190000-session-lock';
import * as statusHistory from './20261123T200000-status-history';
import * as tenantDatasource from './20261125T170600-tenant-datasource';
import * as menuAudit from './20261125T170601-menu-audit';
import * as dictAudit from './20261125T170400-dict-audit';
import * as smsVendors from './20261125T170000-sms-vendors';
import * as deptRoleAudit from './20261125T170500-dept-role-audit';
import * as projectsFinance from './20261126T000000-projects-finance';
import * as projectCosts from './20261126T000100-project-costs';
import * as teamsMessages from './20261126T010000-teams-messages';
import * as customersTasks from './20261126T010100-customers-tasks';
import * as devopsRecords from './20261126T020000-devops-records';
import * as verifyCodes from './20261126T030000-verify-codes';
import * as mailConfig from './20261126T030100-mail-config';
import * as contractListIndexes from './20261126T030200-contract-list-indexes';
import * as smsLoginSwitch from './20261126T030300-sms-login-switch';
import * as customerCompanies from './20261126T120000-customer-companies';
import * as applications from './20261126T140000-applications';
import * as customerApplicationMenus from './20261126T150100-customer-application-menus';
import * as oauthLogin from './20261126T040000-oauth-login';
import * as oauthAuthorizeEndpoint from './20261126T130000-oauth-authorize-endpoint';
import * as applicationStaffRoles from './20261126T150200-application-staff-roles';
import * as applicationAcceptedIndex from './20261126T150300-application-accepted-index';
import * as paymentNotes from './20261126T160000-payment-notes';
import * as quality from './20261126T160100-quality';
import * as invoices from './20261127T100000-invoices';
import * as certChange from './20261127T110000-cert-change';
import * as cardSale from './20261127T120000-card-sale';
import * as cardSaleMenus from './20261127T120100-card-sale-menus';
import * as equipment from './20261127T130000-equipment';
import * as equipmentMenus from './20261127T130100-equipment-menus';
import * as paymentNoteSubjects from './20261127T140000-payment-note-subjects';
import * as fragmentIndex from './20261127T150000-fragment-index';
import * as paperArchive from './20261128T100000-paper-archive';
import * as paperArchiveMenus from './20261128T100100-paper-archive-menus';
import * as notes from './20261128T110000-notes';
import * as notesMenus from './20261128T110100-notes-menus';
import * as acceptance from './20261128T120000-acceptance';
import * as acceptanceMenus from './20261128T120100-acceptance-menus';
import * as alerts from './20261128T130000-alerts';
import * as alertMenus from './20261128T130100-alert-menus';
import * as flowCardStates from './20261129T110000-flow-card-states';
import * as flowCardStateMenus from './20261129T110100-flow-card-state-menus';
import * as noteVersions from './20261129T130000-note-versions';
import * as archivePrint from './20261129T100000-archive-print';
import * as alertDeliveryLog from './20261129T120000-alert-delivery-log';
import * as alertLogMenus from './20261129T120100-alert-log-menus';
import * as paramPlatformPage from './20261130T220000-param-platform-page';
import * as invoiceScanRecords from './20261201T090000-invoice-scan-records';

/** Static list (no directory scanning: bundlers and `next build` must see every migration). Append only. */
export const migrations: Record<string, Migration> = {
  '20261121T073000-system-tables': systemTables,
  '20261121T073100-auth-tables': authTables,
  '20261121T073200-row-level-security': rowLevelSecurity,
  '20261121T090000-shell-tables': shellTables,
  '20261121T091000-identity-access': identityAccess,
  '20261121T092000-admin-data-tables': adminDataTables,
  '20261121T093000-files': filesTables,
  '20261121T094000-admin-menus': adminMenus,
  '20261123T173000-flood-bounds': floodBounds,
  '20261123T180000-archive-buttons': archiveButtons,
  '20261123T190000-session-lock': sessionLock,
  '20261123T200000-status-history': statusHistory,
  '20261125T170600-tenant-datasource': tenantDatasource,
  '20261125T170601-menu-audit': menuAudit,
  '20261125T170400-dict-audit': dictAudit,
  '20261125T170000-sms-vendors': smsVendors,
  '20261125T170500-dept-role-audit': deptRoleAudit,
  '20261126T000000-projects-finance': projectsFinance,
  '20261126T000100-project-costs': projectCosts,
  '20261126T010000-teams-messages': teamsMessages,
  '20261126T010100-customers-tasks': customersTasks,
  '20261126T020000-devops-records': devopsRecords,
  '20261126T030000-verify-codes': verifyCodes,
  '20261126T030100-mail-config': mailConfig,
  '20261126T030200-contract-list-indexes': contractListIndexes,
  '20261126T030300-sms-login-switch': smsLoginSwitch,
  '20261126T120000-customer-companies': customerCompanies,
  '20261126T040000-oauth-login': oauthLogin,
  '20261126T130000-oauth-authorize-endpoint': oauthAuthorizeEndpoint,
  '20261126T140000-applications': applications,
  '20261126T150100-customer-application-menus': customerApplicationMenus,
  '20261126T150200-application-staff-roles': applicationStaffRoles,
  '20261126T150300-application-accepted-index': applicationAcceptedIndex,
  '20261126T160000-payment-notes': paymentNotes,
  '20261126T160100-quality': quality,
  '20261127T100000-invoices': invoices,
  '20261127T110000-cert-change': certChange,
  '20261127T120000-card-sale': cardSale,
  '20261127T120100-card-sale-menus': cardSaleMenus,
  '20261127T130000-equipment': equipment,
  '20261127T130100-equipment-menus': equipmentMenus,
  '20261127T140000-payment-note-subjects': paymentNoteSubjects,
  '20261127T150000-fragment-index': fragmentIndex,
  '20261128T100000-paper-archive': paperArchive,
  '20261128T100100-paper-archive-menus': paperArchiveMenus,
  '20261128T110000-notes': notes,
  '20261128T110100-notes-menus': notesMenus,
  '20261128T120000-acceptance': acceptance,
  '20261128T120100-acceptance-menus': acceptanceMenus,
  '20261128T130000-alerts': alerts,
  '20261128T130100-alert-menus': alertMenus,
  '20261129T100000-archive-print': archivePrint,
  '20261129T110000-flow-card-states': flowCardStates,
  '20261129T110100-flow-card-state-menus': flowCardStateMenus,
  '20261129T120000-alert-delivery-log': alertDeliveryLog,
  '20261129T120100-alert-log-menus': alertLogMenus,
  '20261129T130000-note-versions': noteVersions,
  '20261130T220000-param-platform-page': paramPlatformPage,
  '20261201T090000-invoice-scan-records': invoiceScanRecords,
};
