import type { RoleRow } from '../../../db/schema';

/** RoleVO (contract §7.4) of a role row: the answer of the role calls and the user's role switch. */
export function toRoleVO(row: RoleRow) {
  return {
    id: row.id,
    tenantId: row.tenant_id,
    parentId: row.parent_id,
    roleName: row.role_name,
    sort: row.sort,
    roleAlias: row.role_alias,
    isDeleted: row.is_deleted,
  };
}
