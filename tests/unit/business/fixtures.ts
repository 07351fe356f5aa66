import { buttonsWith } from '../system/fixtures';

export const push = jest.fn();

/** Every button of the business pages. */
export const allButtons = buttonsWith([
  'project_add',
  'project_edit',
  'project_delete',
  'project_view',
  'project_state',
  'project_acceptance',
  'contract_add',
  'contract_edit',
  'contract_delete',
  'contract_view',
  'contract_batch',
  'contract_income',
  'contract_abnormal',
  'contract_acceptance',
  'contract_end',
  'real_income_add',
  'real_income_edit',
  'real_income_delete',
  'real_income_view',
]);

const dictionaries: Record<string, Array<{ dictKey: string; dictValue: string }>> = {
  project_status: [
    { dictKey: '1', dictValue: '立项' },
    { dictKey: '2', dictValue: '执行中' },
    { dictKey: '3', dictValue: '已验收' },
    { dictKey: '4', dictValue: '终止' },
  ],
  contract_status: [
    { dictKey: '1', dictValue: '执行中' },
    { dictKey: '2', dictValue: '已验收' },
    { dictKey: '3', dictValue: '已终止' },
  ],
};

/** The dictionary call: the items of the code asked for. */
export const dictionaryRoute = (call: { query: URLSearchParams }) =>
  dictionaries[call.query.get('code') ?? ''] ?? [];

export const project = (id: string, projectStatus: string, projectName = `项目${id}`) => ({
  id,
  projectName,
  projectType: '',
  projectUnit: '某单位',
  projectStatus,
  projectAmount: '100000.00',
  receivedAmount: '0.00',
  unpaidAmount: '100000.00',
  paidAmount: '0.00',
  residueAmount: '0.00',
  acceptanceDate: null,
  warrantyPeriod: null,
  warrantyExpire: null,
  remark: '',
});

export const batch = (id: string, percent: string, abnormal = 0) => ({
  id,
  contractId: '900',
  contractCode: 'HT-1',
  batchName: `第${id}批`,
  percent,
  batchAmount: '30000.00',
  receivedAmount: '0.00',
  unpaidAmount: '30000.00',
  bankTransactionNumber: '',
  abnormal,
  abnormalReason: '',
});
