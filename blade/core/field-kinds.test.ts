import { sql } from 'kysely';
import { defineResource, standardCalls } from '../../lib/contracts/resource';
import { adminToken, harnessPerFile, SETUP_TIMEOUT, type CallResult, type Harness } from '../testing/harness';
import { auditColumns } from '../db/migrations/lib/v1';
import { crudRoutes } from './crud';

// A resource of the test's own over numeric(18,2) and date columns: amounts stay exact decimal text end to end, days
// stay days (no time zone shift), on PGlite and PostgreSQL alike.
const payment = defineResource({
  key: 'demo.payment',
  table: 'blade_test_payment' as 'blade_param',
  ownership: 'tenant',
  fields: {
    title: { kind: 'text', max: 64, required: 'demo.payment.titleRequired', search: 'like' },
    amount: { kind: 'money', required: 'demo.payment.amountRequired', sort: true },
    received: { kind: 'money', nonNegative: true },
    paidOn: { kind: 'date', sort: true },
  },
  calls: standardCalls('/blade-test/payment'),
  access: {
    read: { role: 'admin' },
    add: { role: 'admin' },
    edit: { role: 'admin' },
    remove: { role: 'admin' },
  },
});

let h: Harness;
let admin: string;

harnessPerFile(
  async (made) => {
    h = made;
    // The columns a resource's table has: BaseEntity's (the frozen migration helper) and the fields'.
    await auditColumns(h.blade.db.schema.createTable('blade_test_payment'))
      .addColumn('tenant_id', 'varchar(12)', (c) => c.notNull())
      .addColumn('title', 'varchar(64)', (c) => c.notNull().defaultTo(''))
      .addColumn('amount', 'numeric(18, 2)')
      .addColumn('received', 'numeric(18, 2)')
      .addColumn('paid_on', 'date')
      .execute();
    await sql`grant select, insert, update, delete on blade_test_payment to blade_app`.execute(h.blade.db);
    admin = await adminToken(h);
  },
  SETUP_TIMEOUT,
  { extraRoutes: (deps) => crudRoutes(deps, payment) },
);

const submit = (body: Record<string, unknown>) => h.call('/blade-test/payment/submit', admin, body);
async function added(title: string): Promise<Record<string, unknown>> {
  const { data } = await h.call(`/blade-test/payment/list?title=${encodeURIComponent(title)}`, admin);
  return data.records[0];
}

it('stores amounts exactly and answers them as two-decimal text, days as yyyy-MM-dd', async () => {
  expect(
    await submit({ title: '首付款', amount: '1234567890123.1', received: 0.5, paidOn: '2026-02-28' }),
  ).toMatchObject({ code: 200 });
  const row = await added('首付款');
  expect(row).toMatchObject({ amount: '1234567890123.10', received: '0.50', paidOn: '2026-02-28' });
  const [stored] = await sql<{ sum: string }>`select sum(amount) + 0.2 as sum from blade_test_payment`
    .execute(h.blade.db)
    .then((r) => r.rows);
  expect(stored.sum).toBe('1234567890123.30');
});

it('answers null for an amount or a day never given', async () => {
  expect((await submit({ title: '尾款', amount: '-3' })).code).toBe(200);
  expect(await added('尾款')).toMatchObject({ amount: '-3.00', received: null, paidOn: null });
});

it("refuses three decimals, a negative payment and a day that does not exist, with the spec's texts, writing nothing", async () => {
  const refused = async (body: Record<string, unknown>): Promise<CallResult> =>
    submit({ title: '错误', ...body });
  expect(await refused({ amount: '1.234' })).toMatchObject({
    status: 400,
    msg: 'amount:必须为数字（最多两位小数）',
  });
  expect(await refused({ amount: '1', received: '-1' })).toMatchObject({
    status: 400,
    msg: 'received:必须为非负数（最多两位小数）',
  });
  expect(await refused({ amount: '1', paidOn: '2026-02-30' })).toMatchObject({
    status: 400,
    msg: 'paidOn:必须为日期（yyyy-MM-dd）',
  });
  expect(await added('错误')).toBeUndefined();
});

it('sorts amounts as numbers, not as text', async () => {
  for (const [title, amount] of [
    ['九', '9'],
    ['十', '10'],
    ['一百', '100.5'],
  ])
    await submit({ title, amount });
  const { data } = await h.call('/blade-test/payment/list?ascs=amount&size=50', admin);
  const amounts = data.records.map((r: { amount: string }) => Number(r.amount));
  expect(amounts).toEqual([...amounts].sort((a, b) => a - b));
});
