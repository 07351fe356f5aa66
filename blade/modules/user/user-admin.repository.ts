import { sql } from 'kysely';
import { TtlMap, type AuthUser } from '../../core/context';
import { applySort, contains, type PageRequest, type SortOrder } from '../../core/page';
import { dataScopeCondition, resolveDataScope, type DataScope } from '../../core/data-scope';
import { NotFoundError, ServiceError } from '../../core/errors';
import type { UserRow } from '../../db/schema';
import type { Db } from '../../db/tenant';

/** blade_user.user_type of external users (1 web, 2 app, 3 other are Blade's). */
export const EXTERNAL_USER = 4;

export const USER_SORTABLE = [
  'id',
  'account',
  'name',
  'real_name',
  'code',
  'create_time',
  'update_time',
] as const;

export interface UserFilter {
  account?: string | null;
  realName?: string | null;
  name?: string | null;
  phone?: string | null;
  email?: string | null;
  code?: string | null;
  userType?: number | null;
  status?: number | null;
  /** Users of any of these depts (a dept and its children, resolved by the caller). */
  deptIds?: string[];
}

/** Where a user row keeps its depts and its creator, for data scopes. */
export const USER_SCOPE_COLUMNS = {
  dept: { column: 'blade_user.dept_id', list: true },
  owner: 'blade_user.create_user',
};

/** Users in any of these depts (blade_user.dept_id holds comma-joined ids). */
export const overlaps = (ids: string[]) =>
  sql<boolean>`string_to_array(blade_user.dept_id, ',') && array[${sql.join(ids.map((id) => sql`${id}`))}]::text[]`;

/**
 * Totals of recent user pages by tenant, filter and scope. Counting 100,000 rows costs tens of milliseconds while the
 * rows of a page cost well under one, and a paging screen asks for the same total again and again; user writes in
 * this process clear it, other replicas see a change within the TTL. Kept per database handle.
 */
const totals = new WeakMap<object, TtlMap<number>>();
function totalsOf(db: Db): TtlMap<number> {
  let map = totals.get(db);
  if (!map) totals.set(db, (map = new TtlMap<number>(5_000, 1_000)));
  return map;
}

/** After a user write: totals are counted again. `db` is the handle pageUsers was given (deps.db's transactions share
 * nothing with it, so the routes pass deps.db). */
export function forgetUserTotals(db: Db): void {
  totals.get(db)?.clear();
}

/** One page of live users of a tenant; the password hash is never selected. */
export async function pageUsers(
  db: Db,
  tenantId: string,
  filter: UserFilter,
  scope: DataScope,
  page: PageRequest,
  orders: SortOrder[],
  totalsKey?: Db,
) {
  let base = db
    .selectFrom('blade_user')
    .where('blade_user.tenant_id', '=', tenantId)
    .where('blade_user.is_deleted', '=', 0)
    .where((eb) => dataScopeCondition(eb, scope, USER_SCOPE_COLUMNS));
  if (filter.account) base = base.where('account', 'ilike', contains(filter.account));
  if (filter.realName) base = base.where('real_name', 'ilike', contains(filter.realName));
  if (filter.name) base = base.where('name', 'ilike', contains(filter.name));
  if (filter.phone) base = base.where('phone', 'ilike', contains(filter.phone));
  if (filter.email) base = base.where('email', 'ilike', contains(filter.email));
  if (filter.code) base = base.where('code', 'ilike', contains(filter.code));
  if (filter.userType !== null && filter.userType !== undefined)
    base = base.where('user_type', '=', filter.userType);
  if (filter.status !== null && filter.status !== undefined)
    base = base.where('blade_user.status', '=', filter.status);
  if (filter.deptIds)
    base = filter.deptIds.length ? base.where(overlaps(filter.deptIds)) : base.where(sql<boolean>`false`);
  const rows = await applySort(
    base.selectAll('blade_user'),
    orders.length ? orders : [{ column: 'id', direction: 'asc' }],
  )
    .limit(page.size)
    .offset(page.offset)
    .execute();
  const cache = totalsKey ? totalsOf(totalsKey) : undefined;
  const key = JSON.stringify([tenantId, filter, scope]);
  let total = cache?.get(key);
  if (total === undefined) {
    const count = await base.select((eb) => eb.fn.countAll<string>().as('total')).executeTakeFirstOrThrow();
    total = Number(count.total);
    cache?.set(key, total);
  }
  return { rows: rows as UserRow[], total };
}

export async function findUsersByIds(db: Db, tenantId: string, ids: string[]): Promise<UserRow[]> {
  if (ids.length === 0) return [];
  return db
    .selectFrom('blade_user')
    .selectAll()
    .where('tenant_id', '=', tenantId)
    .where('id', 'in', ids)
    .where('is_deleted', '=', 0)
    .execute();
}

export async function accountTaken(db: Db, tenantId: string, account: string, exceptId?: string | null) {
  let q = db
    .selectFrom('blade_user')
    .select('id')
    .where('tenant_id', '=', tenantId)
    .where('account', '=', account)
    .where('is_deleted', '=', 0);
  if (exceptId) q = q.where('id', '<>', exceptId);
  return (await q.executeTakeFirst()) !== undefined;
}

export async function countLiveUsers(db: Db, tenantId: string): Promise<number> {
  const row = await db
    .selectFrom('blade_user')
    .select((eb) => eb.fn.countAll<string>().as('n'))
    .where('tenant_id', '=', tenantId)
    .where('is_deleted', '=', 0)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

/**
 * Refuses a new account once the tenant holds its quota of live users (blade_tenant.account_number; -1 is no limit):
 * user/submit and register-guest call it before they add a user. The tenant row is locked for the rest of the transaction, so concurrent
 * creations in one tenant take turns and cannot both take the last place.
 */
export async function assertAccountRoom(db: Db, tenantId: string): Promise<void> {
  const tenant = await db
    .selectFrom('blade_tenant')
    .select('account_number')
    .where('tenant_id', '=', tenantId)
    .where('is_deleted', '=', 0)
    .forUpdate()
    .executeTakeFirst();
  if (tenant && tenant.account_number >= 0 && (await countLiveUsers(db, tenantId)) >= tenant.account_number)
    throw new ServiceError('当前租户已到最大账号额度!');
}

/** `account.initPassword` (global parameter) or 123456, the Blade default: what reset and provisioning set. */
export async function initialPassword(db: Db): Promise<string> {
  const row = await db
    .selectFrom('blade_param')
    .select('param_value')
    .where('param_key', '=', 'account.initPassword')
    .where('is_deleted', '=', 0)
    .executeTakeFirst();
  return row?.param_value || '123456';
}

/** One user of the caller's tenant within their `user` data scope; anything else is 404. */
export async function scopedUser(trx: Db, auth: AuthUser, id: string): Promise<UserRow> {
  const [user] = await scopedUsers(trx, auth, [id]);
  return user;
}

/** Users of the caller's tenant within their `user` data scope; any id outside it is a 404. */
export async function scopedUsers(trx: Db, auth: AuthUser, ids: string[]): Promise<UserRow[]> {
  const scope = await resolveDataScope(trx, auth, 'user');
  const users = scope.all
    ? await findUsersByIds(trx, auth.tenantId, ids)
    : await scopedByIds(trx, auth, ids, scope);
  if (users.length !== ids.length) throw new NotFoundError();
  return users;
}

async function scopedByIds(trx: Db, auth: AuthUser, ids: string[], scope: DataScope): Promise<UserRow[]> {
  return trx
    .selectFrom('blade_user')
    .selectAll()
    .where('tenant_id', '=', auth.tenantId)
    .where('id', 'in', ids)
    .where('is_deleted', '=', 0)
    .where((eb) => dataScopeCondition(eb, scope, USER_SCOPE_COLUMNS))
    .execute();
}
