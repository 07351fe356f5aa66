/* eslint-disable @typescript-eslint/no-explicit-any -- a migration sees the schema as it was then, not today's types */
import type { Kysely } from 'kysely';
import { ADMINISTRATORS, addMenuTree, grantMenus } from './lib/menus-v1';

// The notes page (declared in lib/contracts/notes/notes.ts) on a database that has menus already: 笔记 under the
// seeded 经营管理 group with its buttons, granted as the seed would have: to the platform administrator and to the
// admins of tenants without a package (who hold every menu). Start-up (ensureResourceMenus) would add the rows too, but
// grants them to the platform administrator only. A code ever made (even deleted) is left alone: an administrator's
// deletion stays. A fresh database has no menus yet: the seed brings them. Without a live 经营管理 group (an
// administrator deleted it) nothing is added: start-up reports the missing parent as for any definition.

const GROUP_CODE = 'administration';
const PAGE = {
  code: 'note_tree',
  name: '笔记',
  path: '/administration/noteTree',
  source: 'sticky_note_2',
  sort: 13,
  buttons: [
    { code: 'note_tree_add', name: '新建', alias: 'add', action: 1 },
    { code: 'note_tree_edit', name: '编辑', alias: 'edit', action: 2 },
    { code: 'note_tree_delete', name: '删除', alias: 'delete', action: 3 },
    { code: 'note_tree_share', name: '共享', alias: 'share', action: 2 },
  ],
};

export async function up(db: Kysely<any>): Promise<void> {
  const { made } = await addMenuTree(db, { parentCode: GROUP_CODE, pages: [PAGE] });
  await grantMenus(db, made, ADMINISTRATORS);
}

export async function down(): Promise<void> {
  // The menus and grants stay: they are the administrators' data once made (as start-up's additions).
}
