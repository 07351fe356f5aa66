/* eslint-disable @typescript-eslint/no-explicit-any -- a migration sees the schema as it was then, not today's types */
import type { Kysely } from 'kysely';
import { ADMINISTRATORS, addMenuTree, grantMenus } from './lib/menus-v1';

// The laboratory pages (declared in lib/contracts/equipment/equipment.ts) on a database that has menus already: the
// 实验室管理 group, 仪器设备 and 设备使用预约 with their buttons, written as declared now, and granted as the seed would
// have: to the platform administrator and to the admins of tenants without a package (who hold every menu). Start-up
// (ensureResourceMenus) would add the rows too, but grants them to the platform administrator only; a tenant admin of
// an existing database would never see the pages. A code ever made (even deleted) is left alone: an administrator's
// deletion stays. A fresh database has no menus yet: the seed brings them.

const GROUP = { code: 'laboratory', name: '实验室管理', path: '/laboratory', source: 'science', sort: 40 };
const PAGES = [
  {
    code: 'equipment',
    name: '仪器设备',
    path: '/laboratory/equipment',
    source: 'biotech',
    sort: 1,
    buttons: [
      { code: 'equipment_add', name: '新增', alias: 'add', action: 1 },
      { code: 'equipment_edit', name: '修改', alias: 'edit', action: 2 },
      { code: 'equipment_delete', name: '删除', alias: 'delete', action: 3 },
      { code: 'equipment_cert', name: '计量证书', alias: 'certificate', action: 2 },
      { code: 'equipment_use', name: '开始使用', alias: 'use', action: 2 },
    ],
  },
  {
    code: 'equipment_usage',
    name: '设备使用预约',
    path: '/laboratory/equipmentUsage',
    source: 'event_available',
    sort: 2,
    buttons: [
      { code: 'equipment_usage_add', name: '新增预约', alias: 'add', action: 1 },
      { code: 'equipment_usage_edit', name: '修改预约', alias: 'edit', action: 2 },
      { code: 'equipment_usage_begin', name: '开始使用', alias: 'begin', action: 2 },
      { code: 'equipment_usage_end', name: '结束使用', alias: 'end', action: 2 },
      { code: 'equipment_usage_exception', name: '异常结束', alias: 'exception', action: 2 },
    ],
  },
];

export async function up(db: Kysely<any>): Promise<void> {
  const { made } = await addMenuTree(db, { group: GROUP, pages: PAGES });
  await grantMenus(db, made, ADMINISTRATORS);
}

export async function down(): Promise<void> {
  // The menus and grants stay: they are the administrators' data once made (as start-up's additions).
}
