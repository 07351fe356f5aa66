import { buttonsWith } from '../system/fixtures';

/** Every button of the finance pages. */
export const financeButtons = buttonsWith([
  'invoice_add',
  'invoice_edit',
  'invoice_delete',
  'real_cost_add',
  'real_cost_edit',
  'real_cost_delete',
  'real_cost_pay',
  'cost_plan_add',
  'cost_plan_edit',
  'cost_plan_delete',
]);

const dictionaries: Record<string, Array<{ dictKey: string; dictValue: string }>> = {
  invoice_type: [
    { dictKey: '1', dictValue: '增值税专用发票' },
    { dictKey: '2', dictValue: '增值税普通发票' },
  ],
  invoice_situation: [
    { dictKey: '1', dictValue: '正常' },
    { dictKey: '2', dictValue: '红冲' },
    { dictKey: '3', dictValue: '作废' },
  ],
  payment_method: [
    { dictKey: '1', dictValue: '银行转账' },
    { dictKey: '2', dictValue: '现金' },
  ],
  cost_type: [
    { dictKey: '1', dictValue: '材料费' },
    { dictKey: '2', dictValue: '差旅费' },
    { dictKey: '3', dictValue: '劳务费' },
  ],
};

/** The dictionary call: the items of the code asked for. */
export const financeDictionaries = (call: { query: URLSearchParams }) =>
  dictionaries[call.query.get('code') ?? ''] ?? [];
