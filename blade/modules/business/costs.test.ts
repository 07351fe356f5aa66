import { costPlanResource, realCostResource } from '../../../lib/contracts/business/cost';
import { nextId } from '../../core/ids';
import { withTenant, type Db } from '../../db/tenant';
import { describeResource } from '../../testing/contract';
import { PLATFORM } from '../../testing/harness';

// What projects spend: real costs and their payments, cost plans, and the finance plan (statisticsSys/Project).

async function runningProject(db: Db) {
  const projectId = nextId();
  await withTenant(db, PLATFORM, (trx) =>
    trx
      .insertInto('business_project')
      .values({ id: projectId, tenant_id: PLATFORM, project_name: '成本夹具项目', project_status: '2' })
      .execute(),
  );
  return { projectId };
}

describeResource(costPlanResource, {
  fixtures: runningProject,
  sample: (n, { projectId }) => ({
    projectId,
    costType: String((n % 6) + 1),
    planMonth: `2026-${String((n % 12) + 1).padStart(2, '0')}`,
    planAmount: `${n * 10}.00`,
    remark: `计划 ${n}`,
  }),
});

const suite = describeResource(realCostResource, {
  fixtures: runningProject,
  sample: (n, { projectId }) => ({
    projectId,
    payType: String((n % 6) + 1),
    supplier: `供应商 ${n}`,
    costDate: `2026-${String((n % 12) + 1).padStart(2, '0')}-15`,
    payAmount: `${n * 100}.00`,
    remark: `成本 ${n}`,
  }),
});

describe('costs and the finance plan', () => {
  const call = (path: string, body: unknown) =>
    suite.harness.call(`/business-service/${path}`, suite.admin, body);
  const list = async (resource: string, filter: Record<string, unknown>) =>
    (await call(`${resource}/list`, { current: 1, size: 100, ...filter })).data.records as Array<
      Record<string, unknown>
    >;
  const project = async (name: string) => {
    expect(await call('project/add', { projectName: name, projectUnit: '某厂' })).toMatchObject({
      code: 200,
    });
    return (await list('project', { projectName: name }))[0].id as string;
  };

  it('pays a cost at most what it owes, and keeps the project’s paid and residue right', async () => {
    const p = await project('付款项目');
    expect(
      await call('realCost/add', {
        projectId: p,
        payType: '2',
        supplier: '外协厂',
        costDate: '2026-03-10',
        payAmount: '800.00',
      }),
    ).toMatchObject({ code: 200 });
    const [cost] = await list('realCost', { projectId: p });
    expect(cost).toMatchObject({
      paidAmount: '0.00',
      unpaidAmount: '800.00',
      projectName: '付款项目',
      payRecords: [],
    });
    const pay = (paidAmount: string, paidDate = '2026-03-20') =>
      call('realCost/addInvoice', {
        costId: cost.id,
        paidDate,
        paidAmount,
        payWay: '1',
        invoiceCode: 'GYS-001',
      });
    expect(await pay('300.00')).toMatchObject({ code: 200 });
    expect(await pay('500.01')).toMatchObject({ status: 400, msg: '付款金额不能超过未付金额500.00元' });
    expect(await pay('0')).toMatchObject({ status: 400, msg: '付款金额必须大于0' });
    expect(await pay('1.001')).toMatchObject({
      status: 400,
      msg: expect.stringContaining('必须为非负数（最多两位小数）'),
    });
    expect(await pay('500.00', '2026-04-01')).toMatchObject({ code: 200 });
    const [paid] = await list('realCost', { projectId: p });
    expect(paid).toMatchObject({ paidAmount: '800.00', unpaidAmount: '0.00' });
    expect(
      (paid.payRecords as Array<Record<string, string>>).map((r) => [
        r.paidDate,
        r.paidAmount,
        r.invoiceCode,
      ]),
    ).toEqual([
      ['2026-03-20', '300.00', 'GYS-001'],
      ['2026-04-01', '500.00', 'GYS-001'],
    ]);
    expect((await list('project', { projectName: '付款项目' }))[0]).toMatchObject({
      paidAmount: '800.00',
      residueAmount: '-800.00',
    });
    const edit = { id: cost.id, projectId: p, payType: '2', supplier: '外协厂', costDate: '2026-03-10' };
    expect(await call('realCost/add', { ...edit, payAmount: '799.99' })).toMatchObject({
      msg: '应付金额不能小于已付金额',
    });
    expect(await call('project/delete', { ids: p })).toMatchObject({ msg: '项目下还有成本记录，不能删除' });
    // The cost goes with its payments; the project's money follows.
    expect(await call('realCost/delete', { ids: cost.id })).toMatchObject({ code: 200 });
    expect((await list('project', { projectName: '付款项目' }))[0]).toMatchObject({
      paidAmount: '0.00',
      residueAmount: '0.00',
    });
    expect(
      await call('realCost/addInvoice', { costId: cost.id, paidDate: '2026-04-02', paidAmount: '1.00' }),
    ).toMatchObject({
      status: 404,
    });
  });

  it('plans one line per project, type and month', async () => {
    const p = await project('计划项目');
    const line = { projectId: p, costType: '1', planMonth: '2026-05', planAmount: '100.00' };
    expect(await call('costPlan/add', line)).toMatchObject({ code: 200 });
    expect(await call('costPlan/add', line)).toMatchObject({ msg: '该项目此月份已有此类成本计划' });
    expect(await call('costPlan/add', { ...line, planMonth: '2026-13' })).toMatchObject({
      msg: 'planMonth:月份格式不正确（yyyy-MM）',
    });
  });

  it('answers the finance plan month by month and the cost types’ variance', async () => {
    const p = await project('财务计划项目');
    const other = await project('另一个项目');
    await call('project/updateState', { id: p, projectStatus: '2' });
    expect(
      await call('contract/add', {
        projectId: p,
        contractName: '计划合同',
        contractCode: 'HT-PLAN',
        contractAmount: '1000.00',
      }),
    ).toMatchObject({
      code: 200,
    });
    const [contract] = await list('contract', { contractCode: 'HT-PLAN' });
    for (const [percent, plannedDate] of [
      ['40', '2027-02-10'],
      ['60', '2027-06-30'],
    ])
      expect(
        await call('contractBatch/addPay', {
          contractId: contract.id,
          batchName: plannedDate,
          percent,
          plannedDate,
        }),
      ).toMatchObject({
        code: 200,
      });
    const [first] = await list('contractBatch', { contractId: contract.id });
    expect(first.plannedDate).toBe('2027-02-10');
    await call('realIncome/add', { batchId: first.id, receivedAmount: '250.50', receivedDate: '2027-02-28' });
    await call('costPlan/add', { projectId: p, costType: '1', planMonth: '2027-02', planAmount: '300.00' });
    await call('costPlan/add', { projectId: p, costType: '3', planMonth: '2027-06', planAmount: '50.00' });
    await call('costPlan/add', { projectId: other, costType: '1', planMonth: '2027-02', planAmount: '7.00' });
    await call('realCost/add', {
      projectId: p,
      payType: '1',
      supplier: '钢材',
      costDate: '2027-02-05',
      payAmount: '320.00',
    });
    const [cost] = await list('realCost', { projectId: p });
    await call('realCost/addInvoice', { costId: cost.id, paidDate: '2027-03-01', paidAmount: '120.00' });

    const project2027 = (await call('costPlan/statisticsProject', { year: '2027', projectId: p })).data;
    expect(project2027.months).toHaveLength(12);
    expect(project2027.months[1]).toEqual({
      month: '2027-02',
      incomePlanned: '400.00',
      incomeActual: '250.50',
      outlayPlanned: '300.00',
      outlayActual: '0.00',
    });
    expect(project2027.months[2]).toMatchObject({ month: '2027-03', outlayActual: '120.00' });
    expect(project2027.months[5]).toMatchObject({
      month: '2027-06',
      incomePlanned: '600.00',
      outlayPlanned: '50.00',
    });
    expect(project2027.costTypes).toEqual([
      { costType: '1', planAmount: '300.00', actualAmount: '320.00', variance: '-20.00' },
      { costType: '3', planAmount: '50.00', actualAmount: '0.00', variance: '50.00' },
    ]);
    // The institute: every project the caller reaches.
    const institute = (await call('costPlan/statisticsSys', { year: 2027 })).data;
    expect(institute.months[1]).toMatchObject({ outlayPlanned: '307.00' });
    expect(await call('costPlan/statisticsSys', { year: '27' })).toMatchObject({
      status: 400,
      msg: expect.stringContaining('年份格式不正确（yyyy）'),
    });
    expect((await call('costPlan/statisticsProject', { year: '2027', projectId: '1' })).status).toBe(404);
  });
});
