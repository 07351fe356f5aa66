import { businessCalls, defineResource } from '../resource';
import { refField } from './refs';

/**
 * Money received against a payment batch (spec 000 §3 Received record; 实际收入). At most the batch's unpaid amount
 * unless the batch was handled as abnormal. The contract is the batch's (set by the server, a filter of the list).
 */
export const realIncomeResource = defineResource({
  key: 'business.income',
  table: 'business_real_income',
  ownership: 'tenant',
  dataScope: { resource: 'project', dept: 'dept_id', owner: 'create_user' },
  defaultOrder: [{ column: 'received_date', direction: 'desc' }],
  stableOrder: true,
  fields: {
    batchId: refField('business.income.batchRequired'),
    contractId: refField('business.income.batchRequired', { form: false, required: undefined }),
    receivedAmount: {
      kind: 'money',
      nonNegative: true,
      required: 'business.income.amountRequired',
      sort: true,
    },
    receivedDate: { kind: 'date', required: 'business.income.dateRequired', sort: true },
    remark: { kind: 'textarea', label: 'system.common.remark', max: 500 },
  },
  calls: businessCalls('/business-service/realIncome'),
  exportExtras: [
    { name: 'contractCode', label: 'business.contract.contractCode' },
    { name: 'contractName', label: 'business.contract.contractName' },
    { name: 'batchName', label: 'business.batch.batchName' },
  ],
  access: {
    read: { codes: ['real_income', 'contract', 'project'] },
    add: { codes: ['real_income_add', 'contract_income'] },
    edit: { codes: ['real_income_edit', 'contract_income'] },
    remove: { codes: ['real_income_delete', 'contract_income'] },
  },
  menu: {
    code: 'real_income',
    name: '实际收入',
    path: '/administration/realIncome',
    icon: 'payments',
    parent: 'administration',
    sort: 5,
  },
});
