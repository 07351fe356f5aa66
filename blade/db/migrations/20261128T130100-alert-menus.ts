/* eslint-disable @typescript-eslint/no-explicit-any -- a migration sees the schema as it was then, not today's types */
import type { Kysely } from 'kysely';
import { ADMINISTRATORS, addMenuTree, grantMenus } from './lib/menus-v1';

// The alert pages (declared in lib/contracts/alerts/alerts.ts) on a database that has menus already: the 提醒管理
// group, 证书到期提醒 and 节点进度提醒 with their buttons, written as declared now and granted as the seed would have
// (the platform administrator and the admins of tenants without a package), as 20261127T130100-equipment-menus does
// for the laboratory. A code ever made (even deleted) is left alone. A fresh database gets them from the seed.

const GROUP = {
  code: 'alert_center',
  name: '提醒管理',
  path: '/alerts',
  source: 'notifications_active',
  sort: 45,
};
const PAGES = [
  {
    code: 'cert_expire_alert',
    name: '证书到期提醒',
    path: '/alerts/certExpire',
    source: 'notification_important',
    sort: 1,
    buttons: [
      { code: 'cert_expire_alert_add', name: '新增', alias: 'add', action: 1 },
      { code: 'cert_expire_alert_edit', name: '修改', alias: 'edit', action: 2 },
      { code: 'cert_expire_alert_delete', name: '删除', alias: 'delete', action: 3 },
      { code: 'cert_expire_alert_status', name: '启用/停用', alias: 'status', action: 2 },
    ],
  },
  {
    code: 'node_progress_alert',
    name: '节点进度提醒',
    path: '/alerts/nodeProgress',
    source: 'timeline',
    sort: 2,
    buttons: [{ code: 'node_progress_alert_edit', name: '设置时限', alias: 'limit', action: 1 }],
  },
];

export async function up(db: Kysely<any>): Promise<void> {
  const { made } = await addMenuTree(db, { group: GROUP, pages: PAGES });
  await grantMenus(db, made, ADMINISTRATORS);
}

export async function down(): Promise<void> {
  // The menus and grants stay: they are the administrators' data once made (as start-up's additions).
}
