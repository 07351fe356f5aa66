import { z } from '../../zod';
import { defineAction } from '../action';
import { calendarDay, idSchema } from '../inputs';
import { businessCalls, defineResource, menuAccess } from '../resource';
import { derivedMoney, refField } from './refs';

const FINANCE = ['cost_plan', 'real_cost'];

/**
 * What a project owes its suppliers (spec 000 §3 Project cost; 实际成本): the type, the supplier, the day and the
 * amount owed. Paid is the sum of its pay records (added with `addInvoice`, each with the supplier's invoice number),
 * unpaid what is left; the project's paid amount is the sum over its costs. Removing a cost removes its pay records.
 */
export const realCostResource = defineResource({
  key: 'business.cost',
  table: 'business_real_cost',
  ownership: 'tenant',
  dataScope: { resource: 'project', dept: 'dept_id', owner: 'create_user' },
  defaultOrder: [{ column: 'cost_date', direction: 'desc' }],
  stableOrder: true,
  fields: {
    projectId: refField('business.cost.projectRequired'),
    payType: {
      kind: 'text',
      max: 2,
      dict: 'cost_type',
      required: 'business.cost.typeRequired',
      search: 'eq',
      sort: true,
    },
    supplier: {
      kind: 'text',
      max: 100,
      required: 'business.cost.supplierRequired',
      search: 'like',
      sort: true,
    },
    costDate: { kind: 'date', required: 'business.cost.dateRequired', sort: true },
    payAmount: { kind: 'money', nonNegative: true, required: 'business.cost.amountRequired', sort: true },
    paidAmount: derivedMoney,
    unpaidAmount: derivedMoney,
    remark: { kind: 'textarea', label: 'system.common.remark', max: 500, list: false },
  },
  calls: businessCalls('/business-service/realCost'),
  exportExtras: [{ name: 'projectName', label: 'business.project.projectName' }],
  access: menuAccess('real_cost', { listAlso: ['project'] }),
  menu: {
    code: 'real_cost',
    name: '实际成本',
    path: '/administration/realCost',
    icon: 'shopping_cart',
    parent: 'administration',
    sort: 11,
    buttons: [{ code: 'real_cost_pay', name: '付款登记', alias: 'pay', action: 2 }],
  },
});

const money = (message: string) =>
  z
    .union([z.string(), z.number()], { error: message })
    .transform((v) => String(v).trim())
    .refine((v) => /^\d{1,16}(\.\d{1,2})?$/.test(v), '必须为非负数（最多两位小数）');
const day = calendarDay('必须为日期（yyyy-MM-dd）', '请选择付款日期');

/** A payment of a real cost, with the supplier's invoice: at most what is unpaid of it. */
export const realCostAddInvoice = defineAction({
  name: 'addInvoice',
  call: { method: 'POST', path: '/business-service/realCost/addInvoice' },
  input: z.object({
    costId: idSchema,
    paidDate: day,
    paidAmount: money('请输入付款金额'),
    payWay: z.string().trim().max(2, '长度不能超过2').optional().default(''),
    invoiceCode: z.string().trim().max(64, '长度不能超过64').optional().default(''),
    remark: z.string().trim().max(500, '长度不能超过500').optional().default(''),
  }),
  access: { codes: ['real_cost_pay'] },
  writes: true,
});

/** A month's budget of one cost type for a project (成本计划); one line per project, type and month. */
export const costPlanResource = defineResource({
  key: 'business.costPlan',
  table: 'business_cost_plan',
  ownership: 'tenant',
  dataScope: { resource: 'project', dept: 'dept_id', owner: 'create_user' },
  defaultOrder: [{ column: 'plan_month', direction: 'desc' }],
  stableOrder: true,
  fields: {
    projectId: refField('business.costPlan.projectRequired'),
    costType: {
      kind: 'text',
      max: 2,
      dict: 'cost_type',
      required: 'business.costPlan.typeRequired',
      search: 'eq',
      sort: true,
    },
    planMonth: {
      kind: 'text',
      max: 7,
      required: 'business.costPlan.monthRequired',
      pattern: { regex: /^\d{4}-(0[1-9]|1[0-2])$/, message: 'business.costPlan.monthInvalid' },
      search: 'eq',
      sort: true,
    },
    planAmount: {
      kind: 'money',
      nonNegative: true,
      required: 'business.costPlan.amountRequired',
      sort: true,
    },
    remark: { kind: 'textarea', label: 'system.common.remark', max: 500, list: false },
  },
  unique: [{ fields: ['projectId', 'costType', 'planMonth'], message: 'business.costPlan.lineTaken' }],
  calls: businessCalls('/business-service/costPlan'),
  exportExtras: [{ name: 'projectName', label: 'business.project.projectName' }],
  access: menuAccess('cost_plan', { listAlso: ['project'] }),
  menu: {
    code: 'cost_plan',
    name: '成本计划',
    path: '/administration/costPlan',
    icon: 'savings',
    parent: 'administration',
    sort: 10,
  },
});

const year = z
  .union([z.string(), z.number()])
  .transform((v) => String(v).trim())
  .refine((v) => /^\d{4}$/.test(v), '年份格式不正确（yyyy）');

/**
 * The finance plan of the institute (every project the caller's data scope reaches) for a year, month by month:
 * planned against actual outlay per cost type (cost plans; real costs by their day) and cash in and out (batches by
 * their planned day against receipts; cost plans against payments).
 */
export const costPlanStatisticsSys = defineAction({
  name: 'statisticsSys',
  call: { method: 'POST', path: '/business-service/costPlan/statisticsSys' },
  input: z.object({ year }),
  access: { codes: FINANCE },
  writes: false,
});

/** The same for one project. */
export const costPlanStatisticsProject = defineAction({
  name: 'statisticsProject',
  call: { method: 'POST', path: '/business-service/costPlan/statisticsProject' },
  input: z.object({ year, projectId: idSchema }),
  access: { codes: [...FINANCE, 'project'] },
  writes: false,
});
