import { devopsRecordResource } from '../../../lib/contracts/business/devops';
import { nextId } from '../../core/ids';
import { withTenant, type Db } from '../../db/tenant';
import { addTenant } from '../../testing/fixtures';
import { describeResource } from '../../testing/contract';
import { PLATFORM } from '../../testing/harness';

// Devops records: the project they belong to, the engineers with their own workloads and the record's sum.

async function projectAndEngineers(db: Db) {
  const projectId = nextId();
  await withTenant(db, PLATFORM, (trx) =>
    trx
      .insertInto('business_project')
      .values({ id: projectId, tenant_id: PLATFORM, project_name: '运维项目', project_status: '2' })
      .execute(),
  );
  const admin = await db
    .selectFrom('blade_user')
    .select('id')
    .where('account', '=', 'admin')
    .executeTakeFirstOrThrow();
  return { projectId, adminId: admin.id };
}

const suite = describeResource(devopsRecordResource, {
  fixtures: projectAndEngineers,
  sample: (n, { projectId, adminId }) => ({
    projectId,
    devopsDate: `2026-${String((n % 12) + 1).padStart(2, '0')}-10`,
    devopsContent: `更换防爆接线盒密封圈 ${n}`,
    remark: `运维 ${n}`,
    devUserList: JSON.stringify([{ devUserId: adminId, workload: `${n}.5` }]),
  }),
});

describe('devops records', () => {
  const call = (path: string, body: unknown, token = suite.admin) =>
    suite.harness.call(`/business-service/devopsRecord/${path}`, token, body);
  const list = async (filter: Record<string, unknown>) =>
    (await call('list', { current: 1, size: 100, ...filter })).data.records as Array<Record<string, unknown>>;

  it('sums the engineers’ workloads, answers them by name, and replaces them on edit', async () => {
    const db = suite.harness.blade.db;
    const { projectId, adminId } = await projectAndEngineers(db);
    const other = await db
      .selectFrom('blade_user')
      .select('id')
      .where('account', '<>', 'admin')
      .executeTakeFirst();
    const engineers = [
      { devUserId: adminId, workload: '0.5' },
      ...(other ? [{ devUserId: other.id, workload: 1.25 }] : []),
    ];
    const body = { projectId, devopsDate: '2026-11-25', devopsContent: '季度巡检', devUserList: engineers };
    expect(await call('add', body)).toMatchObject({ code: 200 });
    const [record] = await list({ projectId, devopsContent: '季度巡检' });
    expect(record).toMatchObject({ workload: other ? '1.75' : '0.50', projectName: '运维项目' });
    expect((record.devUserList as Array<Record<string, string>>)[0]).toMatchObject({
      devUserId: adminId,
      label: '管理员',
      workload: '0.50',
    });
    // The list replaced as a whole; an edit without it keeps it.
    expect(
      await call('add', { ...body, id: record.id, devUserList: [{ devUserId: adminId, workload: '2' }] }),
    ).toMatchObject({
      code: 200,
    });
    expect((await list({ id: record.id }))[0]).toMatchObject({ workload: '2.00' });
    const { devUserList: _kept, ...withoutList } = body;
    expect(
      await call('add', { ...withoutList, id: record.id, devopsContent: '季度巡检（复核）' }),
    ).toMatchObject({
      code: 200,
    });
    expect((await list({ id: record.id }))[0]).toMatchObject({
      workload: '2.00',
      devopsContent: '季度巡检（复核）',
    });
  });

  it('refuses a record without engineers, a repeated or unknown engineer and a workload of three decimals', async () => {
    const db = suite.harness.blade.db;
    const { projectId, adminId } = await projectAndEngineers(db);
    const body = { projectId, devopsDate: '2026-11-25', devopsContent: '故障处理' };
    expect(await call('add', body)).toMatchObject({
      status: 400,
      msg: expect.stringContaining('请添加运维人员'),
    });
    expect(
      await call('add', {
        ...body,
        devUserList: [
          { devUserId: adminId, workload: '1' },
          { devUserId: adminId, workload: '1' },
        ],
      }),
    ).toMatchObject({ status: 400, msg: expect.stringContaining('运维人员不能重复') });
    expect(await call('add', { ...body, devUserList: [{ devUserId: '123', workload: '1' }] })).toMatchObject({
      status: 400,
      msg: '运维人员不存在',
    });
    expect(
      await call('add', { ...body, devUserList: [{ devUserId: adminId, workload: '1.005' }] }),
    ).toMatchObject({
      status: 400,
      msg: expect.stringContaining('必须为非负数（最多两位小数）'),
    });
    // Another tenant's user is no engineer here.
    const { userId } = await addTenant(db, {
      tenantId: '390007',
      tenantName: '别家',
      adminPassword: 'other-pass-1',
    });
    expect(await call('add', { ...body, devUserList: [{ devUserId: userId, workload: '1' }] })).toMatchObject(
      {
        msg: '运维人员不存在',
      },
    );
    expect(await list({ projectId, devopsContent: '故障处理' })).toEqual([]);
    // A project with devops records is kept.
    expect(
      await call('add', { ...body, devUserList: [{ devUserId: adminId, workload: '1' }] }),
    ).toMatchObject({ code: 200 });
    expect(
      await suite.harness.call('/business-service/project/delete', suite.admin, { ids: projectId }),
    ).toMatchObject({
      msg: '项目已有现场任务、事件或运维记录，不能删除（可终止项目）',
    });
  });
});
