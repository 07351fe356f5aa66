import { liveSortedRows } from '../../../db/live-rows';
import type { Db } from '../../../db/tenant';
import type { RoleRow } from '../../../db/schema';

export async function findRolesByIds(db: Db, tenantId: string, ids: string[]): Promise<RoleRow[]> {
  return liveSortedRows(db, 'blade_role', tenantId, ids);
}

export async function listRoles(db: Db, tenantId: string): Promise<RoleRow[]> {
  return liveSortedRows(db, 'blade_role', tenantId);
}
