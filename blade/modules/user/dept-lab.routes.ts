import { Hono } from 'hono';
import { z } from 'zod';
import type { BladeEnv, Deps } from '../../core/context';
import { formatDateTime } from '../../core/dates';
import { ok, success } from '../../core/envelope';
import { NotFoundError, ServiceError } from '../../core/errors';
import { nextId } from '../../core/ids';
import { fetchPage, pageRequest, sortOrders, toPage } from '../../core/page';
import { pageQuerySchema, idArraySchema, blank, idSchema } from '../../../lib/contracts/inputs';
import { permit } from '../../core/permission';
import { idsParam } from '../../core/permission-input';
import { parseJson, parseQuery } from '../../core/validation';
import { deleteTenantRows, withTenant, type Db } from '../../db/tenant';
import { findDeptsByIds } from '../system/dept/dept.repository';
import { EXTERNAL_USER, scopedUsers } from './user-admin.repository';
import type { AuthUser } from '../../core/context';

const SORTABLE = ['id', 'dept_id', 'user_id', 'create_time'] as const;
const listQuery = pageQuerySchema.extend({ deptId: blank(idSchema), userId: blank(idSchema) });
const saveBody = z.object({ deptId: idSchema, userIds: idArraySchema.optional(), userId: blank(idSchema) });
const updateBody = z.object({ id: idSchema, deptId: idSchema, userId: idSchema });

/** The dept must be the caller's tenant's and every user an external user (user_type 4) in the caller's scope. */
async function check(trx: Db, auth: AuthUser, deptId: string, userIds: string[]) {
  if ((await findDeptsByIds(trx, auth.tenantId, [deptId])).length === 0) throw new NotFoundError();
  const users = await scopedUsers(trx, auth, userIds);
  if (users.some((u) => u.user_type !== EXTERNAL_USER)) throw new NotFoundError();
}

/** External users of a department's laboratory (001 §7.4): page `dept_lab_user` and its buttons. Tenant-owned. */
export function deptLabRoutes(deps: Deps) {
  const router = new Hono<BladeEnv>();

  // GET /blade-user/deptLaboratoryExternalUser/list?deptId&userId — page of links with dept and user names.
  router.get('/deptLaboratoryExternalUser/list', permit(deps, { codes: ['dept_lab_user'] }), async (c) => {
    const query = parseQuery(c, listQuery);
    const page = pageRequest(query);
    const orders = sortOrders(SORTABLE, query);
    const auth = c.get('auth');
    const result = await withTenant(deps.db, auth.tenantId, async (trx) => {
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
    return c.json(ok(result));
  });

  // POST /blade-user/deptLaboratoryExternalUser/save — JSON { deptId, userIds } (or userId): attaches users.
  router.post(
    '/deptLaboratoryExternalUser/save',
    permit(deps, { codes: ['dept_lab_user_add'] }),
    async (c) => {
      const body = await parseJson(c, saveBody);
      const userIds = body.userIds ?? (body.userId ? [body.userId] : []);
      if (userIds.length === 0) throw new ServiceError('请至少选择一个用户');
      const auth = c.get('auth');
      await withTenant(deps.db, auth.tenantId, async (trx) => {
        await check(trx, auth, body.deptId, userIds);
        await trx
          .insertInto('blade_dept_external_user')
          .values(
            userIds.map((userId) => ({
              id: nextId(),
              tenant_id: auth.tenantId,
              dept_id: body.deptId,
              user_id: userId,
              create_user: auth.userId,
            })),
          )
          .onConflict((oc) => oc.columns(['dept_id', 'user_id']).doNothing())
          .execute();
      });
      return c.json(success());
    },
  );

  // POST /blade-user/deptLaboratoryExternalUser/update — JSON { id, deptId, userId }.
  router.post(
    '/deptLaboratoryExternalUser/update',
    permit(deps, { codes: ['dept_lab_user_edit'] }),
    async (c) => {
      const body = await parseJson(c, updateBody);
      const auth = c.get('auth');
      await withTenant(deps.db, auth.tenantId, async (trx) => {
        const row = await trx
          .selectFrom('blade_dept_external_user')
          .select('id')
          .where('tenant_id', '=', auth.tenantId)
          .where('id', '=', body.id)
          .executeTakeFirst();
        if (!row) throw new NotFoundError();
        await check(trx, auth, body.deptId, [body.userId]);
        await trx
          .updateTable('blade_dept_external_user')
          .set({ dept_id: body.deptId, user_id: body.userId })
          .where('tenant_id', '=', auth.tenantId)
          .where('id', '=', body.id)
          .execute();
      });
      return c.json(success());
    },
  );

  // POST /blade-user/deptLaboratoryExternalUser/remove?ids — detaches (the users stay).
  router.post(
    '/deptLaboratoryExternalUser/remove',
    permit(deps, { codes: ['dept_lab_user_delete'] }),
    async (c) => {
      const ids = await idsParam(c);
      const auth = c.get('auth');
      await withTenant(deps.db, auth.tenantId, (trx) =>
        deleteTenantRows(trx, 'blade_dept_external_user', auth.tenantId, ids),
      );
      return c.json(success());
    },
  );

  return router;
}
