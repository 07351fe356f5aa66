import { contractResource } from '../../../lib/contracts/business/contract';
import { contractBatchResource } from '../../../lib/contracts/business/contract-batch';
import { invoiceResource } from '../../../lib/contracts/business/invoice';
import { projectResource } from '../../../lib/contracts/business/project';
import { realIncomeResource } from '../../../lib/contracts/business/real-income';
import { nextId } from '../../core/ids';
import { withTenant, type Db } from '../../db/tenant';
import { describeResource } from '../../testing/contract';
import { PLATFORM } from '../../testing/harness';

// The generated contract suites of the four money resources; their rules are in finance.test.ts.

/** A running project of the platform tenant with one contract of `amount` and one batch of 100 %. */
async function projectWithContract(db: Db, amount = '1000000000.00') {
  return withTenant(db, PLATFORM, async (trx) => {
    const projectId = nextId();
    const contractId = nextId();
    const batchId = nextId();
    await trx
      .insertInto('business_project')
      .values({ id: projectId, tenant_id: PLATFORM, project_name: '夹具项目', project_status: '2' })
      .execute();
    await trx
      .insertInto('business_contract')
      .values({
        id: contractId,
        tenant_id: PLATFORM,
        project_id: projectId,
        contract_name: '夹具合同',
        contract_code: `FX-${contractId}`,
        contract_amount: amount,
        unpaid_amount: amount,
      })
      .execute();
    await trx
      .insertInto('business_contract_batch')
      .values({
        id: batchId,
        tenant_id: PLATFORM,
        contract_id: contractId,
        batch_name: '全款',
        percent: '100.00',
        batch_amount: amount,
        unpaid_amount: amount,
      })
      .execute();
    return { projectId, contractId, batchId };
  });
}

const day = (n: number) =>
  `2026-${String(1 + (n % 12)).padStart(2, '0')}-${String(1 + (n % 28)).padStart(2, '0')}`;

describeResource(projectResource, {
  sample: (n) => ({
    projectName: `防爆电机检验项目 ${n}`,
    projectType: String((n % 4) + 1),
    projectUnit: `委托单位 ${n}`,
    remark: `备注 ${n}`,
  }),
});

describeResource(contractResource, {
  fixtures: projectWithContract,
  sample: (n, { projectId }) => ({
    projectId,
    contractName: `检验合同 ${n}`,
    contractCode: `HT-2026-${n}`,
    contractType: '1',
    paymentMethod: '1',
    signedDate: day(n),
    contractAmount: `${n * 1000}.50`,
    maxFileSize: 50,
    remark: `备注 ${n}`,
  }),
});

describeResource(contractBatchResource, {
  // A contract of its own, without the fixture's 100 % batch: the suite's batches share its percents.
  fixtures: async (db) => {
    const { projectId } = await projectWithContract(db);
    const contractId = nextId();
    await withTenant(db, PLATFORM, (trx) =>
      trx
        .insertInto('business_contract')
        .values({
          id: contractId,
          tenant_id: PLATFORM,
          project_id: projectId,
          contract_name: '分批合同',
          contract_code: 'FX-BATCH',
          contract_amount: '50000.00',
          unpaid_amount: '50000.00',
        })
        .execute(),
    );
    return { contractId };
  },
  sample: (n, { contractId }) => ({ contractId, batchName: `第${n}期`, percent: '0.50' }),
});

describeResource(realIncomeResource, {
  fixtures: async (db) => {
    const { batchId } = await projectWithContract(db);
    return { batchId };
  },
  sample: (n, { batchId }) => ({
    batchId,
    receivedAmount: `${n * 100}.25`,
    receivedDate: day(n),
    remark: `回款 ${n}`,
  }),
});

describeResource(invoiceResource, {
  fixtures: async (db) => {
    const { contractId } = await projectWithContract(db);
    return { contractId };
  },
  sample: (n, { contractId }) => ({
    contractId,
    invoiceType: '1',
    invoiceSituation: '1',
    invoiceTitle: `某电机厂 ${n}`,
    invoiceCode: `FP${String(n).padStart(8, '0')}`,
    invoiceDate: day(n),
    invoiceAmount: `${n * 100}.00`,
    taxesAmount: `${n * 13}.00`,
    remark: `发票 ${n}`,
  }),
});
