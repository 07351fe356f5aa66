import { eventRecordResource } from '../../../lib/contracts/business/event-record';
import { fieldTaskResource } from '../../../lib/contracts/business/field-task';
import { nextId } from '../../core/ids';
import { withTenant, type Db } from '../../db/tenant';
import { describeResource } from '../../testing/contract';
import { PLATFORM } from '../../testing/harness';

// The generated contract suites of field tasks and event records; their rules are in task.test.ts.

/** A running project of the platform tenant and the platform administrator as the responsible user. */
async function projectAndUser(db: Db) {
  return withTenant(db, PLATFORM, async (trx) => {
    const projectId = nextId();
    await trx
      .insertInto('business_project')
      .values({ id: projectId, tenant_id: PLATFORM, project_name: '现场项目', project_status: '2' })
      .execute();
    const admin = await trx
      .selectFrom('blade_user')
      .select('id')
      .where('tenant_id', '=', PLATFORM)
      .where('account', '=', 'admin')
      .executeTakeFirstOrThrow();
    return { projectId, userId: String(admin.id) };
  });
}

const day = (n: number) =>
  `2026-${String(1 + (n % 12)).padStart(2, '0')}-${String(1 + (n % 28)).padStart(2, '0')}`;

describeResource(fieldTaskResource, {
  fixtures: projectAndUser,
  sample: (n, { projectId, userId }) => ({
    projectId,
    taskName: `初始工厂检查 ${n}`,
    taskType: String((n % 4) + 1),
    taskStatus: String((n % 3) + 1),
    startDate: day(n),
    endDate: day(n),
    location: `某电机厂 ${n} 号车间`,
    userId,
    content: `一致性检查与见证试验 ${n}`,
    remark: `备注 ${n}`,
  }),
});

describeResource(eventRecordResource, {
  fixtures: projectAndUser,
  sample: (n, { projectId, userId }) => ({
    projectId,
    eventTitle: `项目例会 ${n}`,
    eventType: String((n % 4) + 1),
    eventLevel: String((n % 3) + 1),
    eventDate: day(n),
    userId,
    content: `讨论样品送检安排 ${n}`,
    remark: `备注 ${n}`,
  }),
});
