import type { Transaction } from 'kysely';
import { RESOURCE_DEFINITIONS } from '../../lib/contracts/registry';
import type { ResourceDef } from '../../lib/contracts/resource';
import { nextId } from '../core/ids';
import { menuRow, platformGrantRow } from './menu-rows';
import type { Database } from './schema';
import { MENUS, PLATFORM_TENANT, resourcePage, type SeedMenu } from './seed-data';
import { withTenant, type Db } from './tenant';

/**
 * A database made before a resource was defined gets the resource's page and buttons at start-up, so a definition is
 * the only place a new page is declared (no menu migration per resource). What exists under the code, even deleted,
 * is left alone: menus are the platform administrator's data once created. New rows go to the platform tenant's
 * administrator role, as the seed grants every menu; tenants get them through their packages and grants.
 */
export async function ensureResourceMenus(
  db: Db,
  defs: readonly ResourceDef[] = RESOURCE_DEFINITIONS,
): Promise<string[]> {
  const pages = defs.flatMap((def) =>
    def.menu ? [{ parent: def.menu.parent, page: resourcePage(def) }] : [],
  );
  if (pages.length === 0) return [];
  const codes = pages.flatMap(({ page }) => [page.code, ...(page.children ?? []).map((b) => b.code)]);
  return withTenant(db, PLATFORM_TENANT.tenantId, async (trx) => {
    const known = new Set(
      (await trx.selectFrom('blade_menu').select('code').where('code', 'in', codes).execute()).map(
        (r) => r.code,
      ),
    );
    if (known.size === codes.length) return [];
    const administrator = await trx
      .selectFrom('blade_role')
      .select('id')
      .where('tenant_id', '=', PLATFORM_TENANT.tenantId)
      .where('role_alias', '=', 'administrator')
      .where('is_deleted', '=', 0)
      .executeTakeFirst();
    const added: string[] = [];
    for (const { parent: parentCode, page: pageMenu } of pages) {
      let parent = await liveMenu(trx, parentCode);
      if (!parent) {
        parent = await addSeededGroup(trx, parentCode, administrator?.id);
        if (parent) added.push(parentCode);
      }
      if (!parent) continue;
      let pageId: string | undefined;
      if (!known.has(pageMenu.code)) {
        pageId = await insertMenu(trx, pageMenu, parent.id, administrator?.id);
        added.push(pageMenu.code);
      } else pageId = (await liveMenu(trx, pageMenu.code))?.id;
      if (!pageId) continue;
      for (const button of pageMenu.children ?? []) {
        if (known.has(button.code)) continue;
        await insertMenu(trx, button, pageId, administrator?.id);
        added.push(button.code);
      }
    }
    return added;
  });
}

/**
 * A top-level group of the seed (db/seed-data.ts) that a page is placed under and the database has never had (a
 * group added with a new business area): created empty, the pages follow. One that exists, even deleted, is left.
 */
async function addSeededGroup(
  trx: Transaction<Database>,
  code: string,
  administratorRoleId: string | undefined,
) {
  const group = MENUS.find((menu) => menu.code === code);
  if (!group) return undefined;
  const ever = await trx.selectFrom('blade_menu').select('id').where('code', '=', code).executeTakeFirst();
  if (ever) return undefined;
  return { id: await insertMenu(trx, { ...group, children: [] }, '0', administratorRoleId) };
}

async function liveMenu(trx: Transaction<Database>, code: string) {
  return trx
    .selectFrom('blade_menu')
    .select('id')
    .where('code', '=', code)
    .where('is_deleted', '=', 0)
    .executeTakeFirst();
}

async function insertMenu(
  trx: Transaction<Database>,
  menu: SeedMenu,
  parentId: string,
  administratorRoleId: string | undefined,
): Promise<string> {
  const id = nextId();
  await trx
    .insertInto('blade_menu')
    .values(menuRow(menu, id, parentId))
    .execute();
  if (administratorRoleId)
    await trx.insertInto('blade_role_menu').values(platformGrantRow(id, administratorRoleId)).execute();
  return id;
}
