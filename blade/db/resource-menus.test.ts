import type { ResourceDef } from '../../lib/contracts/resource';
import { postResource } from '../../lib/contracts/system/post';
import { harnessPerFile, type Harness } from '../testing/harness';
import { ensureResourceMenus } from './resource-menus';
import { MENUS, platformMenuCodes } from './seed-data';
import { RESOURCE_DEFINITIONS } from '../../lib/contracts/registry';

let h: Harness;
harnessPerFile((made) => {
  h = made;
});

const menuRows = (codes: string[]) =>
  h.blade.db
    .selectFrom('blade_menu')
    .select(['id', 'code', 'parent_id', 'path', 'alias', 'category', 'action', 'is_deleted'])
    .where('code', 'in', codes)
    .orderBy('sort')
    .execute();

/** Removes rows outright, as if the database had been made before the resource was defined. */
async function forget(codes: string[]) {
  const rows = await menuRows(codes);
  const ids = rows.map((r) => r.id);
  await h.blade.db.deleteFrom('blade_role_menu').where('menu_id', 'in', ids).execute();
  await h.blade.db.deleteFrom('blade_menu').where('id', 'in', ids).execute();
}

const administratorHolds = async (codes: string[]) =>
  (
    await h.blade.db
      .selectFrom('blade_role_menu')
      .innerJoin('blade_menu', 'blade_menu.id', 'blade_role_menu.menu_id')
      .innerJoin('blade_role', 'blade_role.id', 'blade_role_menu.role_id')
      .select('blade_menu.code')
      .where('blade_role.role_alias', '=', 'administrator')
      .where('blade_menu.code', 'in', codes)
      .execute()
  )
    .map((r) => r.code)
    .sort();

const POST_CODES = ['post', 'post_add', 'post_edit', 'post_delete', 'post_view', 'post_role'];

describe('menus from resource definitions', () => {
  it('seeds each defined page under its parent with the buttons its access codes name', async () => {
    const rows = await menuRows(['system', ...POST_CODES]);
    const system = rows.find((r) => r.code === 'system')!;
    const page = rows.find((r) => r.code === 'post')!;
    expect(page).toMatchObject({ parent_id: system.id, path: '/system/post', category: 1, alias: 'menu' });
    expect(rows.filter((r) => r.parent_id === page.id).map((r) => [r.code, r.alias, r.action])).toEqual([
      ['post_add', 'add', 1],
      ['post_edit', 'edit', 2],
      ['post_delete', 'delete', 3],
      ['post_view', 'view', 2],
      ['post_role', 'role', 2],
    ]);
  });

  it('keeps platform pages and platform writes out of tenant provisioning', () => {
    const platform = platformMenuCodes(MENUS);
    for (const code of ['client', 'client_add', 'client_view', 'tenantpackage', 'tenantpackage_delete'])
      expect(platform).toContain(code);
    for (const code of ['param', 'param_view', 'param_add', 'param_edit', 'param_delete'])
      expect(platform).toContain(code);
    for (const code of POST_CODES) expect(platform).not.toContain(code);
    // A page whose list only the platform administrator may call is never provisioned to a tenant (the tenant's
    // administrator would open a page that answers 403).
    const readByPlatformOnly = RESOURCE_DEFINITIONS.filter(
      (d) => d.menu && d.access.read.role === 'platform',
    );
    expect(readByPlatformOnly.map((d) => d.menu!.code).filter((code) => !platform.has(code))).toEqual([]);
  });

  it('adds a missing page and its buttons to an existing database, once, for the administrator', async () => {
    await forget(POST_CODES);
    expect(await ensureResourceMenus(h.blade.db)).toEqual(POST_CODES);
    expect(await administratorHolds(POST_CODES)).toEqual([...POST_CODES].sort());
    expect(await ensureResourceMenus(h.blade.db)).toEqual([]);
    expect(await menuRows(POST_CODES)).toHaveLength(POST_CODES.length);
  });

  it('adds only the buttons a page lacks', async () => {
    await forget(['post_role']);
    expect(await ensureResourceMenus(h.blade.db)).toEqual(['post_role']);
  });

  it('leaves a page the administrator deleted deleted', async () => {
    await h.blade.db.updateTable('blade_menu').set({ is_deleted: 1 }).where('code', '=', 'post').execute();
    await forget(['post_view']);
    expect(await ensureResourceMenus(h.blade.db)).toEqual([]);
    expect(await menuRows(['post_view'])).toEqual([]);
    await h.blade.db.updateTable('blade_menu').set({ is_deleted: 0 }).where('code', '=', 'post').execute();
  });

  it('puts a new definition page under its parent; none when the parent is gone', async () => {
    const sample: ResourceDef = {
      ...postResource,
      key: 'sample.thing',
      menu: { code: 'thing', name: '样例', path: '/sample/thing', icon: 'star', parent: 'system', sort: 99 },
      access: {
        read: { codes: ['thing'] },
        add: { codes: ['thing_add'] },
        edit: { codes: ['thing_edit'] },
        remove: { codes: ['thing_delete'] },
      },
    };
    const orphan: ResourceDef = {
      ...sample,
      menu: { ...sample.menu!, code: 'orphan', parent: 'nowhere' },
    };
    expect(await ensureResourceMenus(h.blade.db, [sample, orphan])).toEqual([
      'thing',
      'thing_add',
      'thing_edit',
      'thing_delete',
      'thing_view',
    ]);
    expect((await menuRows(['thing_add']))[0]).toMatchObject({ path: '/sample/thing/add', category: 2 });
    expect(await menuRows(['orphan'])).toEqual([]);
  });

  it('creates a seeded group a database never had (经营管理) with its pages; leaves a deleted one deleted', async () => {
    const codes = [
      'administration',
      'project',
      'project_add',
      'project_edit',
      'project_delete',
      'project_view',
    ];
    await forget([...codes, 'project_state', 'project_acceptance']);
    const { projectResource } = await import('../../lib/contracts/business/project');
    expect(await ensureResourceMenus(h.blade.db, [projectResource])).toEqual([
      'administration',
      ...codes.slice(1),
      'project_state',
      'project_acceptance',
    ]);
    const [group] = await menuRows(['administration']);
    expect(group).toMatchObject({ parent_id: '0', path: '/administration', is_deleted: 0 });
    expect((await menuRows(['project']))[0].parent_id).toBe(group.id);
    expect(await administratorHolds(codes)).toEqual([...codes].sort());
    // The administrator removed the group: nothing comes back under it.
    await forget(codes.slice(1));
    await h.blade.db
      .updateTable('blade_menu')
      .set({ is_deleted: 1 })
      .where('code', '=', 'administration')
      .execute();
    expect(await ensureResourceMenus(h.blade.db, [projectResource])).toEqual([]);
    expect(await menuRows(['project'])).toEqual([]);
  });
});
