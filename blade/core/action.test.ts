import { sql } from 'kysely';
import { Hono } from 'hono';
import { z } from 'zod';
import { defineAction } from '../../lib/contracts/action';
import { ADMIN_PASSWORD, createHarness, SETUP_TIMEOUT, type Harness } from '../testing/harness';
import { addRole, addUser, deptIds } from '../testing/fixtures';
import { actionRoute } from './action';
import type { BladeEnv } from './context';
import { nextId } from './ids';

// A resource of the test's own: the transition machinery must not depend on any business module.
const finish = defineAction({
  name: 'finish',
  call: { method: 'POST', path: '/test-service/ticket/finish' },
  input: z.object({ id: z.string(), remark: z.string().max(500).optional() }),
  access: { role: 'admin' },
  writes: true,
  transition: {
    table: 'blade_test_ticket',
    ownership: 'tenant',
    column: 'state',
    from: [1, 2],
    to: 3,
    id: (input) => input.id,
    comment: (input) => input.remark,
  },
});

let h: Harness;
let admin: string;
let clerk: string;

beforeAll(async () => {
  h = await createHarness({
    extraRoutes: (deps) => {
      const router = new Hono<BladeEnv>();
      router.route(
        '/',
        actionRoute(deps, finish, async ({ record }) => ({ state: record?.state })),
      );
      return router;
    },
  });
  await sql`create table blade_test_ticket (id bigint primary key, tenant_id varchar(12) not null,
    state integer not null, is_deleted integer not null default 0, update_user bigint, update_time timestamptz)`.execute(
    h.blade.db,
  );
  await sql`grant select, insert, update, delete on blade_test_ticket to blade_app`.execute(h.blade.db);
  admin = (await h.login('admin', ADMIN_PASSWORD)).access_token;
  const roleId = await addRole(h.blade.db, '000000', { name: '办事员', alias: 'clerk' });
  await addUser(h.blade.db, '000000', {
    account: 'clerk',
    password: 'clerk-pass-1',
    roleIds: [roleId],
    deptIds: (await deptIds(h.blade.db, '000000')).slice(0, 1),
  });
  clerk = (await h.login('clerk', 'clerk-pass-1')).access_token;
}, SETUP_TIMEOUT);
afterAll(async () => {
  await h?.close();
}, SETUP_TIMEOUT);

async function ticket(state: number, tenantId = '000000'): Promise<string> {
  const id = nextId();
  await sql`insert into blade_test_ticket (id, tenant_id, state) values (${id}, ${tenantId}, ${state})`.execute(
    h.blade.db,
  );
  return id;
}
const history = async (id: string) =>
  (
    await sql<{ action: string; from_value: string; to_value: string; comment: string; user_id: string }>`
      select action, from_value, to_value, comment, user_id from blade_status_history where record_id = ${id}`.execute(
      h.blade.db,
    )
  ).rows;

describe('actions with a transition', () => {
  it('moves a record from an allowed state and records who, from, to and why', async () => {
    const id = await ticket(2);
    const answer = await h.call('/test-service/ticket/finish', admin, { id, remark: '验收通过' });
    expect(answer).toMatchObject({ code: 200, data: { state: 3 } });
    const rows = await history(id);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ action: 'finish', from_value: '2', to_value: '3', comment: '验收通过' });
  });

  it('refuses a state outside `from` and writes nothing', async () => {
    const id = await ticket(3);
    expect(await h.call('/test-service/ticket/finish', admin, { id })).toMatchObject({
      status: 400,
      msg: '当前状态不允许此操作',
    });
    expect(await history(id)).toHaveLength(0);
  });

  it('refuses a caller without the right before reading the input, and unknown or foreign ids with 404', async () => {
    const id = await ticket(1);
    expect(await h.call('/test-service/ticket/finish', clerk, { id })).toMatchObject({ status: 403 });
    expect((await h.call('/test-service/ticket/finish', admin, { id: '123' })).status).toBe(404);
    const foreign = await ticket(1, '300009');
    expect((await h.call('/test-service/ticket/finish', admin, { id: foreign })).status).toBe(404);
    expect(await history(id)).toHaveLength(0);
  });

  it('lets one of two concurrent transitions of a record through', async () => {
    const id = await ticket(1);
    const answers = await Promise.all([
      h.call('/test-service/ticket/finish', admin, { id }),
      h.call('/test-service/ticket/finish', admin, { id }),
    ]);
    expect(answers.map((a) => a.status).sort()).toEqual([200, 400]);
    expect(await history(id)).toHaveLength(1);
  });
});
