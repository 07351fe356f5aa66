import { addTenant, grantMenus } from '../../testing/fixtures';
import { departmentPair } from './business.test-helpers';
import { ADMIN_PASSWORD, harnessPerFile, type Harness } from '../../testing/harness';

// The rules of field tasks and event records beside their contract suites (task.contract.test.ts): the project and
// the responsible user they refer to, the days of a task, the names answered, and the project's data scope.

let h: Harness;
let admin: string;
let adminId: string;
const call = (path: string, body?: unknown, token = admin) =>
  h.call(`/business-service/${path}`, token, body);
const rows = async (resource: string, filter: Record<string, unknown> = {}, token = admin) =>
  (await call(`${resource}/list`, { current: 1, size: 100, ...filter }, token)).data.records as Array<
    Record<string, string>
  >;

async function project(name: string, token = admin) {
  expect(await call('project/add', { projectName: name, projectUnit: '某电机厂' }, token)).toMatchObject({
    code: 200,
  });
  return (await rows('project', { projectName: name }, token))[0].id;
}
const task = (projectId: string, extra: Record<string, unknown> = {}, token = admin) =>
  call(
    'fieldTask/add',
    { projectId, taskName: '初始工厂检查', startDate: '2026-12-01', userId: adminId, ...extra },
    token,
  );
const event = (projectId: string, extra: Record<string, unknown> = {}, token = admin) =>
  call(
    'eventRecord/add',
    {
      projectId,
      eventTitle: '客户投诉',
      eventDate: '2026-12-02',
      userId: adminId,
      content: '样品延误',
      ...extra,
    },
    token,
  );

harnessPerFile(async (made) => {
  h = made;
  const login = await h.login('admin', ADMIN_PASSWORD);
  admin = login.access_token;
  adminId = login.user_id;
});

describe('field tasks and event records', () => {
  it('answer the project and the responsible user by name', async () => {
    const p = await project('抽样项目');
    expect(await task(p, { taskType: '2', endDate: '2026-12-03' })).toMatchObject({ code: 200 });
    expect(await event(p, { eventLevel: '3', eventType: '2' })).toMatchObject({ code: 200 });
    const [t] = await rows('fieldTask', { projectId: p });
    expect(t).toMatchObject({
      projectId: p,
      projectName: '抽样项目',
      userId: adminId,
      userName: '管理员',
      taskStatus: '1',
      startDate: '2026-12-01',
      endDate: '2026-12-03',
    });
    expect((await rows('eventRecord', { projectId: p }))[0]).toMatchObject({
      projectName: '抽样项目',
      userName: '管理员',
      eventLevel: '3',
    });
    // The task moves through its states in the form; its project stays.
    expect(await task(p, { id: t.id, taskStatus: '3' })).toMatchObject({ code: 200 });
    expect((await rows('fieldTask', { projectId: p }))[0].taskStatus).toBe('3');
    const other = await project('别的项目');
    expect(await task(other, { id: t.id })).toMatchObject({ status: 400, msg: '现场任务所属项目不能更改' });
    const [e] = await rows('eventRecord', { projectId: p });
    expect(await event(other, { id: e.id })).toMatchObject({ status: 400, msg: '事件记录所属项目不能更改' });
  });

  it('refuse an end before the start, an unknown user, and new tasks on a terminated project', async () => {
    const p = await project('规则项目');
    expect(await task(p, { endDate: '2026-11-30' })).toMatchObject({
      status: 400,
      msg: '结束日期不能早于开始日期',
    });
    expect(await task(p, { startDate: '2026-02-30' })).toMatchObject({
      status: 400,
      msg: 'startDate:必须为日期（yyyy-MM-dd）',
    });
    expect(await task(p, { userId: '123' })).toMatchObject({ status: 400, msg: '负责人不存在' });
    expect(await event(p, { userId: '123' })).toMatchObject({ status: 400, msg: '负责人不存在' });
    expect(await task(p, { taskName: '已有任务' })).toMatchObject({ code: 200 });
    const [t] = await rows('fieldTask', { projectId: p });
    // An edit leaving the end out keeps the stored start to compare with.
    expect(await task(p, { id: t.id, startDate: '2026-12-05', endDate: '2026-12-04' })).toMatchObject({
      status: 400,
    });
    expect(
      await call('project/updateState', { id: p, projectStatus: '4', remark: '客户撤回' }),
    ).toMatchObject({ code: 200 });
    expect(await task(p)).toMatchObject({ status: 400, msg: '项目已终止，不能新增现场任务' });
    // What happened on it may still be recorded, and its tasks finished.
    expect(await event(p)).toMatchObject({ code: 200 });
    expect(await task(p, { id: t.id, taskStatus: '3' })).toMatchObject({ code: 200 });
    expect(
      await call('fieldTask/add', {
        projectId: '999',
        taskName: 'x',
        startDate: '2026-12-01',
        userId: adminId,
      }),
    ).toMatchObject({ status: 404 });
  });
});

describe('the project’s history', () => {
  it('keeps a project with field tasks or events from being deleted', async () => {
    const withTask = await project('有任务的项目');
    expect(await task(withTask)).toMatchObject({ code: 200 });
    expect(await call('project/delete', { ids: withTask })).toMatchObject({
      status: 400,
      msg: '项目已有现场任务、事件或运维记录，不能删除（可终止项目）',
    });
    const withEvent = await project('有事件的项目');
    expect(await event(withEvent)).toMatchObject({ code: 200 });
    expect(await call('project/delete', { ids: withEvent })).toMatchObject({ status: 400 });
    const bare = await project('空项目');
    expect(await call('project/delete', { ids: bare })).toMatchObject({ code: 200 });
  });
});

describe('access', () => {
  it('answers 404 for a task or event on a project outside the caller’s data scope', async () => {
    const pair = await departmentPair(h, admin, {
      name: '现场工程师',
      alias: 'fe',
      codes: [
        'project',
        'project_add',
        'field_task',
        'field_task_add',
        'field_task_edit',
        'field_task_delete',
        'event_record',
        'event_record_add',
        'event_record_delete',
      ],
    });
    const nearLogin = pair.near;
    const near = nearLogin.access_token;
    const far = pair.far.access_token;

    const p = await project('近处现场项目', near);
    expect(await task(p, { userId: nearLogin.user_id }, near)).toMatchObject({ code: 200 });
    expect(await event(p, { userId: nearLogin.user_id }, near)).toMatchObject({ code: 200 });
    const [t] = await rows('fieldTask', { projectId: p }, near);
    const [e] = await rows('eventRecord', { projectId: p }, near);
    expect(t.userName).toBeTruthy();

    expect(await rows('fieldTask', {}, far)).toEqual([]);
    expect(await rows('eventRecord', {}, far)).toEqual([]);
    expect((await task(p, {}, far)).status).toBe(404);
    expect((await event(p, {}, far)).status).toBe(404);
    expect((await task(p, { id: t.id, taskStatus: '3' }, far)).status).toBe(404);
    expect((await call('fieldTask/delete', { ids: t.id }, far)).status).toBe(404);
    expect((await call('eventRecord/delete', { ids: e.id }, far)).status).toBe(404);
    expect(await rows('fieldTask', { projectId: p }, near)).toMatchObject([{ id: t.id, taskStatus: '1' }]);
    expect(await rows('eventRecord', { projectId: p }, near)).toHaveLength(1);
    // The administrator sees all of them.
    expect((await rows('fieldTask', { projectId: p })).map((r) => r.id)).toEqual([t.id]);
  });

  it("answers 404 for another tenant's projects and refuses its users as responsible", async () => {
    const { roleId } = await addTenant(h.blade.db, {
      tenantId: '390004',
      tenantName: '别家',
      adminPassword: 'other-admin-pass',
    });
    await grantMenus(h.blade.db, '390004', roleId, [
      'project',
      'project_add',
      'field_task',
      'field_task_add',
      'event_record',
      'event_record_add',
    ]);
    const otherLogin = await h.login('admin', 'other-admin-pass', '390004');
    const other = otherLogin.access_token;
    const p = await project('本租户现场项目');
    expect(await task(p)).toMatchObject({ code: 200 });
    expect(await rows('fieldTask', {}, other)).toEqual([]);
    expect((await task(p, { userId: otherLogin.user_id }, other)).status).toBe(404);
    expect((await event(p, { userId: otherLogin.user_id }, other)).status).toBe(404);
    // Its own project, but our administrator as the responsible user: not a user of that tenant.
    const own = await project('别家项目', other);
    expect(await task(own, { userId: adminId }, other)).toMatchObject({ status: 400, msg: '负责人不存在' });
  });
});
