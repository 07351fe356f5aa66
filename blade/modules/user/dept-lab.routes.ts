import {
  deptLabList,
  deptLabRemove,
  deptLabSave,
  deptLabUpdate,
} from '../../../lib/contracts/system/dept-lab.actions';
import { actionRouter } from '../../core/action';
import type { AuthUser, Deps } from '../../core/context';
import { formatDateTime } from '../../core/dates';
import { NotFoundError, ServiceError } from '../../core/errors';
import { nextId } from '../../core/ids';
import { fetchPage, pageRequest, sortOrders, toPage } from '../../core/page';
import { deleteTenantRows, type Db } from '../../db/tenant';
import { findDeptsByIds } from '../system/dept/dept.repository';
import { EXTERNAL_USER, scopedUsers } from './user-admin.repository';

const SORTABLE = ['id', 'dept_id', 'user_id', 'create_time'] as const;

/** The dept must be the caller's tenant's and every user an external user (user_type 4) in the caller's scope. */
async function check(trx: Db, auth: AuthUser, deptId: string, userIds: string[]) {
  if ((await findDeptsByIds(trx, auth.tenantId, [deptId])).length === 0) throw new NotFoundError();
  const users = await scopedUsers(trx, auth, userIds);
  if (users.some((u) => u.user_type !== EXTERNAL_USER)) throw new NotFoundError();
}

/** External users of a department's laboratory (001 §7.4): page `dept_lab_user` and its buttons. Tenant-owned. */
export function deptLabRoutes(deps: Deps) {
  const { router, serve } = actionRouter(deps);

  // A page of links with dept and user names.
  serve(deptLabList, async ({ trx, auth, input: query }) => {
    const page = pageRequest(query);
    const orders = sortOrders(SORTABLE, query);
    let base = trx
      .selectFrom('blade_dept_external_user as l')
      .innerJoin('blade_dept as d', (j) => j.onRef('d.id', '=', 'l.dept_id').on('d.is_deleted', '=', 0))
      .innerJoin('blade_user as u', (j) => j.onRef('u.id', '=', 'l.user_id').on('u.is_deleted', '=', 0))
      .where('l.tenant_id', '=', auth.tenantId);
    if (query.deptId) base = base.where('l.dept_id', '=', query.deptId);
    if (query.userId) base = base.where('l.user_id', '=', query.userId);
    const { rows, total } = await fetchPage(
      base,
      (qb) =>
        qb.select([
          'l.id',
          'l.dept_id',
          'l.user_id',
          'l.create_time',
          'd.dept_name',
          'u.account',
          'u.real_name',
          'u.phone',
          'u.email',
        ]),
      page,
      // Every sortable column is the link's own: qualified, since dept and user have the same names.
      orders.map((o) => ({ ...o, column: `l.${o.column}` })),
      [{ column: 'l.id', direction: 'asc' }],
    );
    return toPage(
      rows.map((r) => ({
        id: r.id,
        deptId: r.dept_id,
        userId: r.user_id,
        deptName: r.dept_name,
        account: r.account,
        realName: r.real_name,
        phone: r.phone,
        email: r.email,
        createTime: formatDateTime(r.create_time),
      })),
      total,
      page,
    );
  });

  serve(deptLabSave, async ({ trx, auth, input }) => {
    const userIds = input.userIds ?? (input.userId ? [input.userId] : []);
    if (userIds.length === 0) throw new ServiceError('请至少选择一个用户');
    await check(trx, auth, input.deptId, userIds);
    await trx
      .insertInto('blade_dept_external_user')
      .values(
        userIds.map((userId) => ({
          id: nextId(),
          tenant_id: auth.tenantId,
          dept_id: input.deptId,
          user_id: userId,
          create_user: auth.userId,
        })),
      )
      .onConflict((oc) => oc.columns(['dept_id', 'user_id']).doNothing())
      .execute();
  });

  serve(deptLabUpdate, async ({ trx, auth, input }) => {
    const row = await trx
      .selectFrom('blade_dept_external_user')
      .select('id')
      .where('tenant_id', '=', auth.tenantId)
      .where('id', '=', input.id)
      .executeTakeFirst();
    if (!row) throw new NotFoundError();
    await check(trx, auth, input.deptId, [input.userId]);
    await trx
      .updateTable('blade_dept_external_user')
      .set({ dept_id: input.deptId, user_id: input.userId })
      .where('tenant_id', '=', auth.tenantId)
      .where('id', '=', input.id)
      .execute();
  });

  // Detaches (the users stay); all or nothing.
  serve(deptLabRemove, async ({ trx, auth, input }) => {
    await deleteTenantRows(trx, 'blade_dept_external_user', auth.tenantId, input.ids);
  });

  return router;
}
