import type { ResourceDef } from '../../../lib/contracts/resource';
import type { AuthUser } from '../../core/context';
import { liveRows, type CrudContext } from '../../core/crud';
import { NotFoundError } from '../../core/errors';
import type { Db } from '../../db/tenant';

/** Reading the business tables inside a call's transaction (the CRUD layer's handle is untyped). */
export type Trx = CrudContext['trx'];
export const db = (trx: Trx) => trx as Db;

/** The row of `def` with this id if the caller's tenant and data scope reach it; otherwise 404, as for any other id. */
export async function reach(trx: Trx, def: ResourceDef, auth: AuthUser, id: string) {
  const row = await (
    await liveRows(trx, def, auth)
  )
    .selectAll(def.table)
    .where(`${def.table}.id`, '=', id)
    .executeTakeFirst();
  if (!row) throw new NotFoundError();
  return row as Record<string, unknown> & { id: string; dept_id: string | null };
}

/** Names of the rows an answer refers to, in one read per kind. */
export async function namesOf(
  trx: Trx,
  table: 'business_project' | 'business_contract' | 'business_contract_batch' | 'business_real_cost',
  ids: string[],
) {
  const unique = [...new Set(ids.filter(Boolean))];
  if (unique.length === 0) return new Map<string, Record<string, unknown>>();
  const rows = (await db(trx).selectFrom(table).selectAll().where('id', 'in', unique).execute()) as Array<
    Record<string, unknown> & { id: string }
  >;
  return new Map(rows.map((r) => [r.id, r]));
}
