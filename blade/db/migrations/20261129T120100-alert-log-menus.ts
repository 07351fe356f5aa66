/* eslint-disable @typescript-eslint/no-explicit-any -- a migration sees the schema as it was then, not today's types */
import type { Kysely } from 'kysely';
import { ADMINISTRATORS, addMenuTree, grantMenus } from './lib/menus-v1';

// The delivery log (提醒记录, declared in lib/contracts/alerts/alerts.ts) under the 提醒管理 group of a database that
// has menus already, with its retry button, granted as the seed would have (the platform administrator and the admins
// of tenants without a package), like 20261128T130100-alert-menus. A fresh database gets it from the seed.

const PAGES = [
  {
    code: 'alert_delivery_log',
    name: '提醒记录',
    path: '/alerts/deliveries',
    source: 'history',
    sort: 3,
    buttons: [{ code: 'alert_delivery_retry', name: '重新发送', alias: 'retry', action: 2 }],
  },
];

export async function up(db: Kysely<any>): Promise<void> {
  const { made } = await addMenuTree(db, { parentCode: 'alert_center', pages: PAGES });
  await grantMenus(db, made, ADMINISTRATORS);
}

export async function down(): Promise<void> {
  // The menus and grants stay: they are the administrators' data once made (as start-up's additions).
}
