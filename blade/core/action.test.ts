import { sql } from 'kysely';
import { Hono } from 'hono';
import { z } from 'zod';
import { bySide, defineAction } from '../../lib/contracts/action';
import { addCompany, addCustomerUser } from '../modules/application/apply.test-helpers';
import { adminToken, harnessPerFile, SETUP_TIMEOUT, type Harness } from '../testing/harness';
import { addRole, addUser, deptIds, grantMenus } from '../testing/fixtures';
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

// Both sides with their own codes (two seeded menus' codes stand for them): the handler answers the company it was
// handed.
const whose = defineAction({
  name: 'whose',
  call: { method: 'POST', path: '/test-service/ticket/whose' },
  input: z.object({ note: z.string().max(20).optional() }),
  ...bySide({ customer: 'param', staff: 'post' }),
  writes: false,
});
const staffOnly = defineAction({
  name: 'close',
  call: { method: 'POST', path: '/test-service/ticket/close' },
  input: z.object({}),
  ...bySide({ staff: 'post' }),
  writes: true,
});
// Every customer (its own account needs no page), staff with a code.
const mine = defineAction({
  name: 'mine',
  call: { method: 'POST', path: '/test-service/ticket/mine' },
  input: z.object({}),
  ...bySide({ customer: true, staff: 'post' }),
  writes: false,
});

let h: Harness;
let admin: string;
let clerk: string;

harnessPerFile(
  async (made) => {
    h = made;
    await sql`create table blade_test_ticket (id bigint primary key, tenant_id varchar(12) not null,
    state integer not null, is_deleted integer not null default 0, update_user bigint, update_time timestamptz)`.execute(
      h.blade.db,
    );
    await sql`grant select, insert, update, delete on blade_test_ticket to blade_app`.execute(h.blade.db);
    admin = await adminToken(h);
    const roleId = await addRole(h.blade.db, '000000', { name: '办事员', alias: 'clerk' });
    await addUser(h.blade.db, '000000', {
      account: 'clerk',
      password: 'clerk-pass-1',
      roleIds: [roleId],
      deptIds: (await deptIds(h.blade.db, '000000')).slice(0, 1),
    });
    clerk = (await h.login('clerk', 'clerk-pass-1')).access_token;
  },
  SETUP_TIMEOUT,
  {
    extraRoutes: (deps) => {
      const router = new Hono<BladeEnv>();
      router.route(
        '/',
        actionRoute(deps, finish, async ({ record }) => ({ state: record?.state })),
      );
      router.route(
        '/',
        actionRoute(deps, whose, async ({ company, input }) => {
          // Typed by the sides: either side may call, so the company may be absent (tsc checks these lines).
          const either: string | null = company;
          return { company: either, note: input.note ?? '' };
        }),
      );
      router.route(
        '/',
        actionRoute(deps, staffOnly, async ({ company, holds }) => {
          // A staff-only action's company is null by its type, and it always gets `holds`.
          const none: null = company;
          return { company: none, holdsPost: holds('post') };
        }),
      );
      router.route(
        '/',
        actionRoute(deps, mine, async ({ company }) => ({ company })),
      );
      return router;
    },
  },
);

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

describe('actions by side', () => {
  let customer: string;
  let companyId: string;
  let staff: string;
  let bareCustomer: string;

  beforeAll(async () => {
    const tenant = '000000';
    // A customer role that holds both codes: the side, not the code, keeps it from the staff call.
    const customerRole = await addRole(h.blade.db, tenant, { name: '票务客户', alias: 'tcust' });
    await grantMenus(h.blade.db, tenant, customerRole, ['param', 'post']);
    const staffRole = await addRole(h.blade.db, tenant, { name: '票务员', alias: 'tstaff' });
    await grantMenus(h.blade.db, tenant, staffRole, ['post']);
    companyId = await addCompany(h, tenant, '票务客户公司', '91110000TK0000001A');
    customer = (await addCustomerUser(h, tenant, 'tk_cust', companyId, customerRole)).token;
    bareCustomer = (await addCustomerUser(h, tenant, 'tk_bare', companyId, staffRole)).token;
    await addUser(h.blade.db, tenant, {
      account: 'tk_staff',
      password: 'tk-staff-pass-1',
      roleIds: [staffRole],
      deptIds: (await deptIds(h.blade.db, tenant)).slice(0, 1),
    });
    staff = (await h.login('tk_staff', 'tk-staff-pass-1')).access_token;
  }, SETUP_TIMEOUT);

  it("hands the handler a customer's company and null for staff, each with its side's code", async () => {
    expect(await h.call('/test-service/ticket/whose', customer, { note: 'a' })).toMatchObject({
      code: 200,
      data: { company: companyId, note: 'a' },
    });
    expect(await h.call('/test-service/ticket/whose', staff, {})).toMatchObject({
      code: 200,
      data: { company: null },
    });
    expect(await h.call('/test-service/ticket/whose', admin, {})).toMatchObject({
      code: 200,
      data: { company: null },
    });
  });

  it('lets every customer through a side of `customer: true`, whatever its roles, and staff by their code', async () => {
    const emptyRole = await addRole(h.blade.db, '000000', { name: '空角色', alias: 'tempty' });
    const plain = (await addCustomerUser(h, '000000', 'tk_plain', companyId, emptyRole)).token;
    expect(await h.call('/test-service/ticket/mine', plain, {})).toMatchObject({
      code: 200,
      data: { company: companyId },
    });
    expect(await h.call('/test-service/ticket/mine', staff, {})).toMatchObject({
      code: 200,
      data: { company: null },
    });
    expect((await h.call('/test-service/ticket/mine', clerk, {})).status).toBe(403);
  });

  it('refuses a side without its own code, and a side the action does not name, whatever codes it holds', async () => {
    // The customer holds only the staff side's code.
    expect((await h.call('/test-service/ticket/whose', bareCustomer, {})).status).toBe(403);
    expect((await h.call('/test-service/ticket/close', customer, {})).status).toBe(403);
    expect(await h.call('/test-service/ticket/close', staff, {})).toMatchObject({
      code: 200,
      data: { company: null, holdsPost: true },
    });
    expect((await h.call('/test-service/ticket/whose', clerk, {})).status).toBe(403);
  });

  it("refuses a NUL in the input in the field's words", async () => {
    expect(await h.call('/test-service/ticket/whose', staff, { note: 'a\u0000b' })).toMatchObject({
      status: 400,
      msg: 'note:不能包含空字符',
    });
  });
});
