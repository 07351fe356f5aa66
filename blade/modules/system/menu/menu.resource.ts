import { type CrudHooks } from '../../../core/crud';
import { KeyedError } from '../../../core/errors';
import { clearPermissionCaches } from '../../../core/permission';
import { listLiveMenus, MENU_CATEGORY } from './menu.repository';

const CATEGORIES = [1, 2];
const ACTIONS = [0, 1, 2, 3];
const IS_OPEN = [1, 2];

/**
 * What the menu definition does not say: the choices' ranges, a parent that exists and is not the menu itself nor
 * below it, the alias by category, no removal that would orphan a child, and the navigation read again after a
 * write. The list (a tree) and the detail are declared actions (system/menu.actions.ts, menu-admin.routes.ts).
 */
export const menuHooks: CrudHooks = {
  ownCalls: ['list', 'detail'],
  async beforeWrite({ trx }, values, id) {
    const oneOf = (column: string, allowed: number[], key: string) => {
      if (values[column] !== undefined && !allowed.includes(values[column] as number))
        throw new KeyedError(key);
    };
    oneOf('category', CATEGORIES, 'system.menu.categoryInvalid');
    oneOf('action', ACTIONS, 'system.menu.actionInvalid');
    oneOf('is_open', IS_OPEN, 'system.menu.isOpenInvalid');
    const parentId = values.parent_id as string | undefined;
    const all = await listLiveMenus(trx);
    const byId = new Map(all.map((m) => [m.id, m]));
    if (parentId !== undefined && parentId !== '0') {
      if (parentId === id) throw new KeyedError('system.menu.parentSelf');
      if (!byId.has(parentId)) throw new KeyedError('system.menu.parentMissing');
      for (let m = byId.get(parentId); m; m = m.parent_id === '0' ? undefined : byId.get(m.parent_id))
        if (m.id === id) throw new KeyedError('system.menu.parentDescendant');
    }
    if (!values.alias) {
      const category = (values.category as number | undefined) ?? (id ? byId.get(id)?.category : undefined);
      values.alias = category === MENU_CATEGORY.button ? 'button' : 'menu';
    }
  },
  async afterRemove({ trx }, ids) {
    // The removed rows are already marked: a live row under one of them is a child left behind.
    const child = await trx
      .selectFrom('blade_menu')
      .select('id')
      .where('parent_id', 'in', ids)
      .where('is_deleted', '=', 0)
      .limit(1)
      .executeTakeFirst();
    if (child) throw new KeyedError('system.menu.hasChildren');
  },
  afterCommit: clearPermissionCaches,
};
