import { sql } from 'kysely';
import { businessCalls, defineResource } from '../../lib/contracts/resource';
import { describeResource } from '../testing/contract';
import { auditColumns, enableTenantRls } from '../db/migrations/lib/v1';
import type { Db } from '../db/tenant';
import { crudRoutes } from './crud';

// A resource with business-service's verbs (POST list/add/delete, no detail call) over a table of the test's own:
// the generated contract suite runs against it as against any other definition.
const receipt = defineResource({
  key: 'demo.receipt',
  table: 'blade_test_receipt' as 'blade_param',
  ownership: 'tenant',
  fields: {
    payer: { kind: 'text', max: 64, required: 'demo.receipt.payerRequired', search: 'like', sort: true },
    amount: { kind: 'money', nonNegative: true, required: 'demo.receipt.amountRequired', sort: true },
    receivedOn: { kind: 'date', sort: true },
  },
  unique: [{ fields: ['payer'], message: 'demo.receipt.payerTaken' }],
  calls: businessCalls('/blade-test/receipt'),
  access: {
    read: { role: 'admin' },
    add: { role: 'admin' },
    edit: { role: 'admin' },
    remove: { role: 'admin' },
  },
});

async function createTable(db: Db) {
  await auditColumns(db.schema.createTable('blade_test_receipt'))
    .addColumn('tenant_id', 'varchar(12)', (c) => c.notNull())
    .addColumn('payer', 'varchar(64)', (c) => c.notNull().defaultTo(''))
    .addColumn('amount', 'numeric(18, 2)')
    .addColumn('received_on', 'date')
    .execute();
  await sql`grant select, insert, update, delete on blade_test_receipt to blade_app`.execute(db);
  await enableTenantRls(db, 'blade_test_receipt');
  return {};
}

const suite = describeResource(receipt, {
  harness: { extraRoutes: (deps) => crudRoutes(deps, receipt) },
  fixtures: createTable,
  sample: (n) => ({
    payer: `付款单位 ${n}`,
    amount: `${n * 1000}.50`,
    receivedOn: `2026-11-${String(1 + (n % 28)).padStart(2, '0')}`,
  }),
});

describe('business-service verbs', () => {
  it('serve list, add, delete and export as POST and no detail call', async () => {
    const { harness: h, admin } = suite;
    expect(receipt.calls).toEqual({
      list: { method: 'POST', path: '/blade-test/receipt/list' },
      submit: { method: 'POST', path: '/blade-test/receipt/add' },
      remove: { method: 'POST', path: '/blade-test/receipt/delete' },
      export: { method: 'POST', path: '/blade-test/receipt/export' },
    });
    // Paging as a JSON body sends numbers.
    expect(await h.call('/blade-test/receipt/list', admin, { current: 1, size: 10 })).toMatchObject({
      code: 200,
    });
    expect(await h.call('/blade-test/receipt/list', admin, { size: 1.5 })).toMatchObject({
      status: 400,
      msg: 'size:必须为整数',
    });
    // A record is read through the list's id filter; an id that is none is refused.
    expect(await h.call('/blade-test/receipt/list', admin, { id: 'x1' })).toMatchObject({ status: 400 });
    expect(await h.call('/blade-test/receipt/list', admin, { id: '1' })).toMatchObject({
      code: 200,
      data: { total: 0, records: [] },
    });
    expect((await h.authed('/blade-test/receipt/detail?id=1', { token: admin })).status).toBe(404);
    expect((await h.authed('/blade-test/receipt/list', { token: admin })).status).toBe(404);
  });
});
