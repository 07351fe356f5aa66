import type { ResourceDef } from '../../../lib/contracts/resource';
import type { AuthUser } from '../../core/context';
import { liveRows } from '../../core/crud';
import { KeyedError, NotFoundError } from '../../core/errors';
import type { Trx } from '../../db/tenant';

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

/** The rows of `table` that the `referring` rows of an answer name by id in `column`, in one read per kind. */
export async function namesOf(
  trx: Trx,
  table: 'business_project' | 'business_contract' | 'business_contract_batch' | 'business_real_cost',
  referring: readonly Record<string, unknown>[],
  column: string,
) {
  const unique = [...new Set(referring.map((r) => String(r[column])).filter(Boolean))];
  if (unique.length === 0) return new Map<string, Record<string, unknown>>();
  const rows = (await trx.selectFrom(table).selectAll().where('id', 'in', unique).execute()) as Array<
    Record<string, unknown> & { id: string }
  >;
  return new Map(rows.map((r) => [r.id, r]));
}

/** The business tables that refer to a project, contract or batch by id. */
type Referring =
  | 'business_contract'
  | 'business_contract_batch'
  | 'business_real_income'
  | 'business_invoice'
  | 'business_real_cost'
  | 'business_field_task'
  | 'business_event_record'
  | 'business_devops_record';

/** Refuses with `key` when a live row of `table` refers to one of `ids` through `column` (what a removal would orphan). */
export async function refuseIfReferred(
  trx: Trx,
  table: Referring,
  column: string,
  ids: string[],
  key: string,
) {
  const row = await trx
    .selectFrom(table)
    .select('id')
    .where(trx.dynamic.ref(column), 'in', ids)
    .where('is_deleted', '=', 0)
    .executeTakeFirst();
  if (row) throw new KeyedError(key);
}

/** Users by id, deleted or disabled ones too: an answer names whoever a row refers to. */
export async function usersById(trx: Trx, ids: readonly string[]) {
  const unique = [...new Set(ids.filter(Boolean))];
  if (unique.length === 0) return new Map<string, { name: string; real_name: string; account: string }>();
  const rows = await trx
    .selectFrom('blade_user')
    .select(['id', 'name', 'real_name', 'account'])
    .where('id', 'in', unique)
    .execute();
  return new Map(rows.map((r) => [String(r.id), r]));
}

/** How a user is named on a row: the real name, else the name, else the account. */
export const userDisplayName = (user: { real_name: string; name: string; account: string } | undefined) =>
  user ? user.real_name || user.name || user.account : '';
