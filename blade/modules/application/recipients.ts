import { sql } from 'kysely';
import type { Trx } from '../../db/tenant';

// Who is told that a step of a business module waits (applications, certificate changes, complaints). Apart from
// transition.ts so that a module the transition calls (quality's survey) can use it without an import cycle.

/**
 * At most this many staff are told that a step waits for them: a tenant with more holders of one code has a team
 * that watches its queue page anyway, and a message per person would flood the table on every step.
 */
export const NEXT_STEP_RECIPIENTS_CAP = 50;

/** Staff users of the tenant whose roles hold one of `codes` (capped, oldest accounts first). */
export async function staffHolding(trx: Trx, tenantId: string, codes: readonly string[]): Promise<string[]> {
  if (codes.length === 0) return [];
  const roles = await trx
    .selectFrom('blade_role_menu as rm')
    .innerJoin('blade_menu as m', 'm.id', 'rm.menu_id')
    .innerJoin('blade_role as r', 'r.id', 'rm.role_id')
    .select('rm.role_id')
    .distinct()
    .where('rm.tenant_id', '=', tenantId)
    .where('m.code', 'in', [...codes])
    .where('m.is_deleted', '=', 0)
    .where('r.is_deleted', '=', 0)
    .execute();
  if (roles.length === 0) return [];
  const ids = sql.join(roles.map((r) => sql`${String(r.role_id)}`));
  const users = await trx
    .selectFrom('blade_user')
    .select('id')
    .where('tenant_id', '=', tenantId)
    .where('company_id', 'is', null)
    .where('is_deleted', '=', 0)
    .where('status', '=', 1)
    .where(sql<boolean>`string_to_array(role_id, ',') && array[${ids}]::text[]`)
    .orderBy('id')
    .limit(NEXT_STEP_RECIPIENTS_CAP)
    .execute();
  return users.map((u) => String(u.id));
}
