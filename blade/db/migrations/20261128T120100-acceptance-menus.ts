/* eslint-disable @typescript-eslint/no-explicit-any -- a migration sees the schema as it was then, not today's types */
import type { Kysely } from 'kysely';
import { ADMINISTRATORS, addMenuTree, grantMenus } from './lib/menus-v1';

// The acceptance pages (declared in lib/contracts/acceptance/acceptance.ts) on a database that has menus already:
// 检测项目 and 检测流转卡 under the 实验室管理 group (made by 20261127T130100 if it was not), with their buttons, granted
// as the seed would have: to the platform administrator and to the admins of tenants without a package. A code ever
// made (even deleted) is left alone. A fresh database has no menus yet: the seed brings them.

const GROUP = { code: 'laboratory', name: '实验室管理', path: '/laboratory', source: 'science', sort: 40 };
const PAGES = [
  {
    code: 'test_item',
    name: '检测项目',
    path: '/laboratory/testItem',
    source: 'fact_check',
    sort: 3,
    buttons: [
      { code: 'test_item_add', name: '新增', alias: 'add', action: 1 },
      { code: 'test_item_edit', name: '修改', alias: 'edit', action: 2 },
      { code: 'test_item_delete', name: '删除', alias: 'delete', action: 3 },
      { code: 'test_item_export', name: '导出', alias: 'export', action: 1 },
    ],
  },
  {
    code: 'test_flow_card',
    name: '检测流转卡',
    path: '/laboratory/testFlowCard',
    source: 'assignment',
    sort: 4,
    buttons: [
      { code: 'test_flow_card_add', name: '新增', alias: 'add', action: 1 },
      { code: 'test_flow_card_edit', name: '修改', alias: 'edit', action: 2 },
      { code: 'test_flow_card_delete', name: '删除', alias: 'delete', action: 3 },
      { code: 'test_flow_card_item', name: '检测项目', alias: 'item', action: 2 },
      { code: 'test_flow_card_report', name: '检测报告', alias: 'report', action: 2 },
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
