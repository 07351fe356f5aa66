/* eslint-disable @typescript-eslint/no-explicit-any -- a migration sees the schema as it was then, not today's types */
import type { Kysely } from 'kysely';
import { ADMINISTRATORS, addMenuTree, grantMenus } from './lib/menus-v1';

// The archive pages (declared in lib/contracts/paper-archive/paper-archive.ts) on a database that has menus already:
// 纸质档案 and 档案借阅 with their buttons under the seeded 档案管理 group (archive_manage), written as declared now and
// granted as the seed would have: to the platform administrator and to the admins of tenants without a package (who
// hold every menu). Start-up (ensureResourceMenus) would add the rows too but grant them to the platform administrator
// only. A code ever made (even deleted) is left alone: an administrator's deletion stays. A fresh database has no
// menus yet: the seed brings them. The archivist, team leader and engineer roles are the tenants' to make (README).

const GROUP_CODE = 'archive_manage';
const PAGES = [
  {
    code: 'paper_archive',
    name: '纸质档案',
    path: '/documents/paperArchive',
    source: 'inventory_2',
    sort: 4,
    buttons: [
      { code: 'paper_archive_submit', name: '提交档案', alias: 'submit', action: 1 },
      { code: 'paper_archive_print', name: '签章打印', alias: 'print', action: 2 },
    ],
  },
  {
    code: 'archive_borrowing',
    name: '档案借阅',
    path: '/documents/archiveBorrowing',
    source: 'menu_book',
    sort: 5,
    buttons: [
      { code: 'archive_borrow_apply', name: '借阅申请', alias: 'apply', action: 1 },
      { code: 'archive_borrow_approve', name: '审批', alias: 'approve', action: 2 },
      { code: 'archive_borrow_manage', name: '借出归还', alias: 'manage', action: 2 },
    ],
  },
];

export async function up(db: Kysely<any>): Promise<void> {
  const { made } = await addMenuTree(db, { parentCode: GROUP_CODE, pages: PAGES });
  await grantMenus(db, made, ADMINISTRATORS);
}

export async function down(): Promise<void> {
  // The menus and grants stay: they are the administrators' data once made (as start-up's additions).
}
