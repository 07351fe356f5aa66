import type { Selectable } from 'kysely';
import type { Trx } from '../db/tenant';
import type { Database } from '../db/schema';
import type { AnyDb } from './crud';
import { NotFoundError } from './errors';

/** The tenant-owned tables whose rows are soft-deleted (`is_deleted`): the records a change locks. */
export type LiveTable = {
  [T in keyof Database]: Database[T] extends { id: unknown; tenant_id: unknown; is_deleted: unknown }
    ? T
    : never;
}[keyof Database];

/**
 * A live row of the tenant, locked FOR UPDATE for a change (a second change of the same row waits, then sees the
 * first's result); 404 when the tenant has no such live row.
 */
export async function lockLiveRow<T extends LiveTable>(
  trx: Trx,
  table: T,
  tenantId: string,
  id: string,
): Promise<Selectable<Database[T]>> {
  // Every LiveTable has the columns lockRow names, so its row is the table's row.
  return (await lockRow(trx, table, id, tenantId)) as Selectable<Database[T]>;
}

/** The live tables whose rows belong to a customer company (`company_id`): what a customer may reach of its own. */
export type CompanyTable = {
  [T in LiveTable]: Database[T] extends { company_id: unknown } ? T : never;
}[LiveTable];

/**
 * A live row as an action's caller sees it, locked FOR UPDATE for a change: a customer's (companyId given) only when
 * its company holds it, staff's (null) any of the tenant's. 404 otherwise — another company's row does not exist for
 * the customer, as another tenant's does not.
 */
export async function lockVisibleRow<T extends CompanyTable>(
  trx: Trx,
  table: T,
  tenantId: string,
  id: string,
  companyId: string | null,
): Promise<Selectable<Database[T]>> {
  return (await lockRow(trx, table, id, tenantId, companyId)) as Selectable<Database[T]>;
}

/**
 * The untyped core of lockLiveRow, for a table named at run time (an action's transition): the live row `id`, of the
 * tenant when `tenantId` is given (null for a global table) and of the company when `companyId` is, locked FOR UPDATE
 * or 404.
 */
export async function lockRow(
  trx: Trx,
  table: string,
  id: string,
  tenantId: string | null,
  companyId: string | null = null,
): Promise<Record<string, unknown>> {
  // Kysely cannot check the columns of a table given as a parameter: the query is untyped.
  const untyped: AnyDb = trx;
  let query = untyped.selectFrom(table).selectAll().where('id', '=', id).where('is_deleted', '=', 0);
  if (tenantId !== null) query = query.where('tenant_id', '=', tenantId);
  if (companyId !== null) query = query.where('company_id', '=', companyId);
  const row = (await query.forUpdate().executeTakeFirst()) as Record<string, unknown> | undefined;
  if (!row) throw new NotFoundError();
  return row;
}
