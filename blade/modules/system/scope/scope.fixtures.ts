import type { Db } from '../../../db/tenant';

/** A seeded menu for the contract suites' scopes to belong to. */
export async function userMenu(db: Db): Promise<{ menuId: string }> {
  const menu = await db
    .selectFrom('blade_menu')
    .select('id')
    .where('code', '=', 'user')
    .executeTakeFirstOrThrow();
  return { menuId: String(menu.id) };
}
