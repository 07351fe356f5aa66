/* eslint-disable @typescript-eslint/no-explicit-any -- a migration sees the schema as it was then, not today's types */
import type { Kysely } from 'kysely';
import { ADMINISTRATORS, addMenuTree, grantMenus } from './lib/menus-v1';

// The state buttons of 检测流转卡 (lib/contracts/acceptance/acceptance.ts) on a database that has menus already: the
// page and its earlier buttons are found (20261128T120100 made them), the new ones are added after them and granted
// as the seed would have (the platform administrator, the admins of tenants without a package). A fresh database
// gets them from the seed.

const GROUP = { code: 'laboratory', name: '实验室管理', path: '/laboratory', source: 'science', sort: 40 };
const CARD_PAGE = {
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
    { code: 'test_flow_card_start', name: '开始检测', alias: 'start', action: 2 },
    { code: 'test_flow_card_finish', name: '检测完成', alias: 'finish', action: 2 },
    { code: 'test_flow_card_draft', name: '编制报告', alias: 'draft', action: 2 },
    { code: 'test_flow_card_archive', name: '归档', alias: 'archive', action: 2 },
    { code: 'test_flow_card_rectify', name: '整改完成', alias: 'rectify', action: 2 },
  ],
};

export async function up(db: Kysely<any>): Promise<void> {
  const { made } = await addMenuTree(db, { group: GROUP, pages: [CARD_PAGE] });
  await grantMenus(db, made, ADMINISTRATORS);
}

export async function down(): Promise<void> {
  // The menus and grants stay: they are the administrators' data once made.
}
