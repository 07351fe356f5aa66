import { sql } from 'kysely';
import { APPLICATION_CODES } from '../../../lib/contracts/application/machine';
import { withTenant } from '../../db/tenant';
import { staffOf } from '../../testing/fixtures';
import { harnessPerFile, SETUP_TIMEOUT, type Harness } from '../../testing/harness';
import { addCompany, addCustomerUser, addIssuedCertificate, addTenantPair } from './apply.test-helpers';

// The certification body's decisions on an issued certificate through the real calls: each action from the states
// it allows and refused from the others (nothing written), the reason, who may decide and read the history, the
// tenant and company walls, the messages to the company, and a lapsed certificate that cannot be suspended.

let h: Harness;
const T = '330001';
const U = '330002';
const CHANGE = '/blade-customer/certificate/changeStatus';
const HISTORY = '/blade-customer/certificate/history';
const tokens: Record<string, string> = {};
const users: Record<string, string> = {};
let companyA = '';
let companyB = '';

const company = (tenant: string, name: string, creditCode: string) => addCompany(h, tenant, name, creditCode);

async function customer(tenant: string, account: string, companyId: string) {
  ({ userId: users[account], token: tokens[account] } = await addCustomerUser(h, tenant, account, companyId));
}

harnessPerFile(async (made) => {
  h = made;
  const db = h.blade.db;
  await addTenantPair(db, T, U);
  for (const [account, role] of [
    ['decider', APPLICATION_CODES.decide],
    ['clerk', APPLICATION_CODES.accept],
  ] as const)
    ({ userId: users[account], token: tokens[account] } = await staffOf(h, T, account, role));
  tokens.uDecider = (await staffOf(h, U, 'udecider', APPLICATION_CODES.decide)).token;
  companyA = await company(T, '甲防爆电器有限公司', '91410100MA00000A1X');
  companyB = await company(T, '乙防爆电器有限公司', '91410100MA00000B2X');
  await customer(T, 'customerA', companyA);
  await customer(T, 'customerA2', companyA);
  await customer(T, 'customerB', companyB);
}, SETUP_TIMEOUT * 2);

let serial = 0;
/** An issued certificate (with its application) of company A in `status`, as the decision step leaves one. */
async function certificate(status = 'valid', validTo = '2031-01-01'): Promise<string> {
  serial += 1;
  const { id } = await addIssuedCertificate(h.blade.db, T, companyA, {
    certificate: {
      cert_number: `20262323010000${String(serial).padStart(2, '0')}`,
      product_name: `隔爆型电动机${serial}`,
      valid_to: validTo,
      cert_status: status,
    },
    application: { application_no: `SQC2026${String(serial).padStart(6, '0')}` },
  });
  return id;
}

async function stateOf(id: string) {
  return withTenant(h.blade.db, T, async (trx) => {
    const row = await trx
      .selectFrom('business_certificate')
      .select('cert_status')
      .where('id', '=', id)
      .executeTakeFirstOrThrow();
    const n = await trx
      .selectFrom('blade_status_history')
      .select(sql<string>`count(*)`.as('n'))
      .where('record_id', '=', id)
      .executeTakeFirstOrThrow();
    return { status: row.cert_status, history: Number(n.n) };
  });
}

const change = (who: string, id: string, action: string, reason = '监督抽查不合格') =>
  h.call(CHANGE, tokens[who], { id, action, reason });

const EXPECTED: Record<string, Record<string, string | null>> = {
  suspend: { valid: 'suspended', suspended: null, revoked: null, cancelled: null },
  restore: { valid: null, suspended: 'valid', revoked: null, cancelled: null },
  revoke: { valid: 'revoked', suspended: 'revoked', revoked: null, cancelled: null },
  cancel: { valid: 'cancelled', suspended: 'cancelled', revoked: null, cancelled: null },
};

describe('certificate decisions', () => {
  for (const [action, byState] of Object.entries(EXPECTED))
    for (const [from, to] of Object.entries(byState))
      it(`${action} from ${from} ${to ? `→ ${to}` : 'is refused'}`, async () => {
        const id = await certificate(from);
        const res = await change('decider', id, action);
        if (to) {
          expect([res.code, res.data]).toEqual([200, { id, certStatus: to }]);
          expect(await stateOf(id)).toEqual({ status: to, history: 1 });
          const history = await h.call(`${HISTORY}?id=${id}`, tokens.customerA);
          expect(history.data).toEqual([
            expect.objectContaining({
              action,
              fromStatus: from,
              toStatus: to,
              reason: '监督抽查不合格',
              userId: users.decider,
            }),
          ]);
        } else {
          expect(res.code).toBe(400);
          expect(res.msg).toMatch(/不能进行此操作/);
          expect(await stateOf(id)).toEqual({ status: from, history: 0 });
        }
      });

  it('requires a reason of at most 500 characters and a known action', async () => {
    const id = await certificate();
    for (const reason of ['', '   ', 'x'.repeat(501)])
      expect((await change('decider', id, 'suspend', reason)).code).toBe(400);
    expect((await change('decider', id, 'destroy')).code).toBe(400);
    expect((await h.call(CHANGE, tokens.decider, { id, action: 'suspend' })).code).toBe(400);
    expect(await stateOf(id)).toEqual({ status: 'valid', history: 0 });
  });

  it('refuses a customer, staff without the code and another tenant; history keeps to the company', async () => {
    const id = await certificate();
    expect((await change('customerA', id, 'suspend')).code).toBe(403);
    expect((await change('clerk', id, 'suspend')).code).toBe(403);
    expect((await change('uDecider', id, 'suspend')).code).toBe(404);
    expect(await stateOf(id)).toEqual({ status: 'valid', history: 0 });
    expect((await h.call(`${HISTORY}?id=${id}`, tokens.customerB)).code).toBe(404);
    expect((await h.call(`${HISTORY}?id=${id}`, tokens.uDecider)).code).toBe(404);
    expect((await h.call(`${HISTORY}?id=${id}`, tokens.clerk)).code).toBe(200);
    expect((await h.call(`${HISTORY}?id=${id}`, tokens.customerA)).data).toEqual([]);
  });

  it("tells the company's users with the reason", async () => {
    const id = await certificate();
    expect((await change('decider', id, 'suspend', '监督检查发现不符合')).code).toBe(200);
    const rows = await withTenant(h.blade.db, T, (trx) =>
      trx
        .selectFrom('blade_message')
        .select(['user_id', 'title', 'content'])
        .where('tenant_id', '=', T)
        .where('content', 'like', '%监督检查发现不符合%')
        .execute(),
    );
    expect(rows.map((r) => String(r.user_id)).sort()).toEqual([users.customerA, users.customerA2].sort());
    expect(rows[0].title).toContain('暂停');
  });

  it('refuses to suspend or restore an expired certificate, and cancels it', async () => {
    const id = await certificate('valid', '2020-01-01');
    const res = await change('decider', id, 'suspend');
    expect([res.code, res.msg]).toEqual([400, '证书已过有效期，不能暂停或恢复']);
    expect(await stateOf(id)).toEqual({ status: 'valid', history: 0 });
    expect((await change('decider', id, 'cancel')).code).toBe(200);
    expect(await stateOf(id)).toEqual({ status: 'cancelled', history: 1 });
    const suspended = await certificate('suspended', '2020-01-01');
    expect((await change('decider', suspended, 'restore')).code).toBe(400);
    expect(await stateOf(suspended)).toEqual({ status: 'suspended', history: 0 });
  });
});
