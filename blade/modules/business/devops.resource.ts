import { sql } from 'kysely';
import { devopsRecordResource, devUserListSchema } from '../../../lib/contracts/business/devops';
import { type CrudHooks } from '../../core/crud';
import { KeyedError, ValidationError } from '../../core/errors';
import { nextId } from '../../core/ids';
import { projectOf } from './costs.resource';
import { namesOf, reach } from './rows';

type DevUsers = ReturnType<typeof devUserListSchema.parse>;

/** The engineers a save sent, from its checks to its write (the values object is the save's own). */
const sent = new WeakMap<Record<string, unknown>, DevUsers>();

/**
 * What the devops definition does not say: the project it belongs to (reached, fixed, its department copied), the
 * engineers — live users of the tenant, each once, with their own workload — stored as rows of their own and summed
 * into the record's workload by the database, and answered with each record.
 */
export const devopsRecordHooks: CrudHooks = {
  async beforeWrite({ trx, auth, params }, values, id) {
    const current = id
      ? await trx
          .selectFrom('business_devops_record')
          .select('project_id')
          .where('id', '=', id)
          .executeTakeFirst()
      : undefined;
    await projectOf(trx, auth, values, current);
    if (id) await reach(trx, devopsRecordResource, auth, id);
    const raw = params?.devUserList;
    // An edit without the list keeps the engineers; an add needs them.
    if (id && (raw === undefined || raw === '')) return;
    const parsed = devUserListSchema.safeParse(raw);
    if (!parsed.success) throw ValidationError.ofParameter('devUserList', parsed.error);
    const ids = parsed.data.map((u) => u.devUserId);
    const live = await trx
      .selectFrom('blade_user')
      .select('id')
      .where('tenant_id', '=', auth.tenantId)
      .where('id', 'in', ids)
      .where('is_deleted', '=', 0)
      .execute();
    if (live.length !== ids.length) throw new KeyedError('business.devops.userUnknown');
    sent.set(values, parsed.data);
  },
  async afterWrite({ trx, auth }, values, id) {
    const users = sent.get(values);
    if (!users) return;
    await trx.deleteFrom('business_devops_user').where('devops_id', '=', id).execute();
    await trx
      .insertInto('business_devops_user')
      .values(
        users.map((u) => ({
          id: nextId(),
          tenant_id: auth.tenantId,
          devops_id: id,
          user_id: u.devUserId,
          workload: u.workload,
        })),
      )
      .execute();
    await sql`
      update business_devops_record r
         set workload = (select coalesce(sum(workload), 0) from business_devops_user where devops_id = ${id})
       where r.id = ${id}`.execute(trx);
  },
  async afterRemove({ trx }, ids) {
    await trx.deleteFrom('business_devops_user').where('devops_id', 'in', ids).execute();
  },
  async presentAll({ trx }, rows) {
    const projects = await namesOf(trx, 'business_project', rows, 'project_id');
    const users = await trx
      .selectFrom('business_devops_user as d')
      .innerJoin('blade_user as u', 'u.id', 'd.user_id')
      .select(['d.devops_id', 'd.user_id', 'd.workload', 'u.real_name', 'u.account'])
      .where(
        'd.devops_id',
        'in',
        rows.map((r) => r.id),
      )
      .orderBy('d.id')
      .execute();
    return rows.map((r) => ({
      projectName: projects.get(String(r.project_id))?.project_name ?? '',
      devUserList: users
        .filter((u) => u.devops_id === r.id)
        .map((u) => ({ devUserId: u.user_id, label: u.real_name || u.account, workload: u.workload })),
    }));
  },
};
