import type { MenuRow, TopMenuRow } from '../../../db/schema';
import { auditFields } from '../../../core/vo';

export function toMenuVO(row: MenuRow) {
  return {
    id: row.id,
    parentId: row.parent_id,
    code: row.code,
    name: row.name,
    alias: row.alias,
    path: row.path,
    source: row.source,
    sort: row.sort,
    category: row.category,
    action: row.action,
    isOpen: row.is_open,
    remark: row.remark,
    isDeleted: row.is_deleted,
    parentName: '',
    categoryName: '',
    actionName: '',
    isOpenName: '',
  };
}

export function toTopMenuVO(row: TopMenuRow) {
  return {
    ...auditFields(row),
    tenantId: row.tenant_id,
    code: row.code,
    name: row.name,
    source: row.source,
    path: row.path,
    sort: row.sort,
  };
}

/** The granted menus of one category plus every ancestor, so that the tree has no orphans. */
export function withAncestors(all: MenuRow[], granted: Set<string>, category: number): MenuRow[] {
  const byId = new Map(all.map((m) => [m.id, m]));
  const keep = new Set<string>();
  for (const menu of all) {
    if (menu.category !== category || !granted.has(menu.id)) continue;
    for (let m: MenuRow | undefined = menu; m && !keep.has(m.id); m = byId.get(m.parent_id)) keep.add(m.id);
  }
  return all.filter((m) => keep.has(m.id));
}
