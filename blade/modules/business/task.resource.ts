import { eventRecordResource } from '../../../lib/contracts/business/event-record';
import { fieldTaskResource } from '../../../lib/contracts/business/field-task';
import { projectResource } from '../../../lib/contracts/business/project';
import type { ResourceDef } from '../../../lib/contracts/resource';
import { type CrudHooks } from '../../core/crud';
import { KeyedError } from '../../core/errors';
import type { Trx } from '../../db/tenant';
import { namesOf, reach, userDisplayName, usersById } from './rows';

/** A terminated project (状态 4 终止) takes no new field tasks; events may still be recorded on it. */
const TERMINATED = '4';

/** The names of the projects and users the rows refer to, one read per kind. */
async function presentNames(trx: Trx, rows: Record<string, unknown>[]) {
  const projects = await namesOf(trx, 'business_project', rows, 'project_id');
  // Removed users keep their name on the rows they answered for.
  const users = await usersById(
    trx,
    rows.map((r) => String(r.user_id)),
  );
  return rows.map((r) => ({
    projectName: String(projects.get(String(r.project_id))?.project_name ?? ''),
    userName: userDisplayName(users.get(String(r.user_id))),
  }));
}

/**
 * What field tasks and event records share: the project is one the caller reaches (404 otherwise, as for an id that
 * does not exist) and stays the row's; its department is copied, so the `project` data scope reads the row; the
 * responsible user is a live user of the tenant.
 */
function projectRowHooks(
  def: ResourceDef,
  messages: { projectFixed: string; userInvalid: string },
  check?: (
    values: Record<string, unknown>,
    project: Record<string, unknown>,
    row: Record<string, unknown> | null,
  ) => void,
): CrudHooks {
  return {
    async beforeWrite({ trx, auth }, values, id) {
      const projectId = String(values.project_id);
      const row = id ? await reach(trx, def, auth, id) : null;
      if (row && String(row.project_id) !== projectId) throw new KeyedError(messages.projectFixed);
      const project = await reach(trx, projectResource, auth, projectId);
      const user = await trx
        .selectFrom('blade_user')
        .select('id')
        .where('id', '=', String(values.user_id))
        .where('tenant_id', '=', auth.tenantId)
        .where('is_deleted', '=', 0)
        .executeTakeFirst();
      if (!user) throw new KeyedError(messages.userInvalid);
      check?.(values, project, row);
      values.dept_id = project.dept_id;
    },
    async presentAll({ trx }, rows) {
      return presentNames(trx, rows);
    },
  };
}

export const fieldTaskHooks = projectRowHooks(
  fieldTaskResource,
  { projectFixed: 'business.fieldTask.projectFixed', userInvalid: 'business.fieldTask.userInvalid' },
  (values, project, row) => {
    if (!row && String(project.project_status) === TERMINATED)
      throw new KeyedError('business.fieldTask.projectTerminated');
    // An edit that leaves a day out keeps the stored one; yyyy-MM-dd texts order as the days do.
    const start = String(values.start_date ?? row?.start_date ?? '');
    const end = values.end_date ?? row?.end_date;
    if (end && String(end) < start) throw new KeyedError('business.fieldTask.endBeforeStart');
  },
);

export const eventRecordHooks = projectRowHooks(eventRecordResource, {
  projectFixed: 'business.eventRecord.projectFixed',
  userInvalid: 'business.eventRecord.userInvalid',
});
