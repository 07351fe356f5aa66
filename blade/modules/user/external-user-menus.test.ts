import { up } from '../../db/migrations/20261121T094000-admin-menus';
import { nextId } from '../../core/ids';
import { addRole, roleIdByAlias } from '../../testing/fixtures';
import { harnessPerFile, PLATFORM, type Harness } from '../../testing/harness';

// Migration 20261121T094000-admin-menus (its external user part) on a database seeded before the external user pages existed: the pages and buttons
// appear under system administration, and whoever held the user page's codes (which guarded these calls before)
// holds the matching new ones.

let h: Harness;
const NEW_CODES = [
  'external_user',
  'external_user_add',
  'external_user_edit',
  'external_user_delete',
  'external_user_view',
  'dept_lab_user',
  'dept_lab_user_add',
  'dept_lab_user_edit',
  'dept_lab_user_delete',
];

const menus = async () =>
  h.blade.db
    .selectFrom('blade_menu')
    .select(['id', 'code', 'parent_id', 'path'])
    .where('is_deleted', '=', 0)
    .execute();
const codeOf = async () => new Map((await menus()).map((m) => [m.id, m.code]));
const idOf = async (code: string) => (await menus()).find((m) => m.code === code)!.id;
const heldBy = async (roleId: string) => {
  const names = await codeOf();
  const rows = await h.blade.db
    .selectFrom('blade_role_menu')
    .select('menu_id')
    .where('role_id', '=', roleId)
    .execute();
  return rows.map((r) => names.get(r.menu_id)!).filter((c) => NEW_CODES.includes(c));
};

harnessPerFile((made) => {
  h = made;
});

it('is seeded on a fresh database under system administration', async () => {
  const all = await menus();
  const system = all.find((m) => m.code === 'system')!;
  expect(all.find((m) => m.code === 'external_user')).toMatchObject({
    parent_id: system.id,
    path: '/system/externalUser',
  });
  expect(
    all
      .filter((m) => NEW_CODES.includes(m.code))
      .map((m) => m.code)
      .sort(),
  ).toEqual([...NEW_CODES].sort());
});

it('adds the pages to an older database and maps the user codes onto them, once', async () => {
  const db = h.blade.db;
  // Back to the database as it was: no external pages.
  const oldIds = (await menus()).filter((m) => NEW_CODES.includes(m.code)).map((m) => m.id);
  await db.deleteFrom('blade_role_menu').where('menu_id', 'in', oldIds).execute();
  await db.deleteFrom('blade_menu').where('id', 'in', oldIds).execute();

  const clerk = await addRole(db, PLATFORM, { name: '文员', alias: 'clerk' });
  await db
    .insertInto('blade_role_menu')
    .values(
      await Promise.all(
        ['user', 'user_edit'].map(async (code) => ({
          id: nextId(),
          tenant_id: PLATFORM,
          role_id: clerk,
          menu_id: await idOf(code),
        })),
      ),
    )
    .execute();
  const pkg = nextId();
  await db
    .insertInto('blade_tenant_package')
    .values({
      id: pkg,
      package_name: '旧包',
      menu_id: [await idOf('user'), await idOf('user_add')].join(','),
      remark: '',
    })
    .execute();

  await db.transaction().execute((trx) => up(trx));
  await db.transaction().execute((trx) => up(trx)); // a second run changes nothing

  const after = await menus();
  expect(after.filter((m) => NEW_CODES.includes(m.code))).toHaveLength(NEW_CODES.length);
  expect(after.find((m) => m.code === 'dept_lab_user')!.parent_id).toBe(
    after.find((m) => m.code === 'system')!.id,
  );

  const administrator = (
    await db
      .selectFrom('blade_role')
      .select('id')
      .where('role_alias', '=', 'administrator')
      .executeTakeFirstOrThrow()
  ).id;
  expect((await heldBy(administrator)).sort()).toEqual([...NEW_CODES].sort());
  expect((await heldBy(clerk)).sort()).toEqual(
    [
      'external_user',
      'dept_lab_user',
      'external_user_edit',
      'dept_lab_user_add',
      'dept_lab_user_edit',
      'dept_lab_user_delete',
    ].sort(),
  );

  const names = await codeOf();
  const { menu_id } = await db
    .selectFrom('blade_tenant_package')
    .select('menu_id')
    .where('id', '=', pkg)
    .executeTakeFirstOrThrow();
  expect(
    menu_id
      .split(',')
      .map((id) => names.get(id))
      .sort(),
  ).toEqual(['user', 'user_add', 'external_user', 'dept_lab_user', 'external_user_add'].sort());
});

it('takes the code generation menus from every role but the platform administrator', async () => {
  const db = h.blade.db;
  const toolCodes = ['tool', 'code', 'code_gen', 'model', 'model_add', 'datasource'];
  const helper = await addRole(db, PLATFORM, { name: '开发', alias: 'developer' });
  await db
    .insertInto('blade_role_menu')
    .values(
      await Promise.all(
        [...toolCodes, 'user'].map(async (code) => ({
          id: nextId(),
          tenant_id: PLATFORM,
          role_id: helper,
          menu_id: await idOf(code),
        })),
      ),
    )
    .execute();
  await db.transaction().execute((trx) => up(trx));

  const names = await codeOf();
  const held = async (roleId: string) =>
    (await db.selectFrom('blade_role_menu').select('menu_id').where('role_id', '=', roleId).execute()).map(
      (r) => names.get(r.menu_id)!,
    );
  expect((await held(helper)).filter((c) => toolCodes.includes(c))).toEqual([]);
  expect(await held(helper)).toContain('user');
  const administrator = await roleIdByAlias(db, PLATFORM, 'administrator');
  expect(await held(administrator)).toEqual(expect.arrayContaining(toolCodes));
});
