import { z } from '../../zod';
import { defineAction } from '../action';
import { calendarDay, idSchema } from '../inputs';
import { businessCalls, defineResource, menuAccess } from '../resource';
import { acceptanceFields, derivedMoney } from './refs';

/**
 * The institute's projects (spec 000 §3 Project; blade/modules/business/README.md). `projectStatus` 1 立项, 2 执行中,
 * 3 已验收, 4 终止 (dictionary `project_status`) changes only through updateState and acceptance. The amounts are
 * the server's: the project's total is its contracts', received is their receipts', paid its costs' payments.
 */
export const projectResource = defineResource({
  key: 'business.project',
  table: 'business_project',
  ownership: 'tenant',
  dataScope: { resource: 'project', dept: 'dept_id', owner: 'create_user' },
  defaultOrder: [{ column: 'id', direction: 'desc' }],
  fields: {
    projectName: {
      kind: 'text',
      max: 100,
      required: 'business.project.nameRequired',
      search: 'like',
      sort: true,
    },
    projectType: { kind: 'text', max: 2, dict: 'project_type', search: 'eq', sort: true },
    projectUnit: {
      kind: 'text',
      max: 100,
      required: 'business.project.unitRequired',
      search: 'like',
      sort: true,
    },
    projectStatus: { kind: 'text', max: 1, dict: 'project_status', form: false, search: 'eq', sort: true },
    projectAmount: derivedMoney,
    receivedAmount: derivedMoney,
    unpaidAmount: derivedMoney,
    paidAmount: derivedMoney,
    residueAmount: derivedMoney,
    ...acceptanceFields,
    remark: { kind: 'textarea', label: 'system.common.remark', max: 500, list: false },
  },
  calls: businessCalls('/business-service/project'),
  access: menuAccess('project', { listAlso: ['contract', 'real_income'] }),
  menu: {
    code: 'project',
    name: '项目管理',
    path: '/administration/projectManagement',
    icon: 'work',
    parent: 'administration',
    sort: 1,
    buttons: [
      { code: 'project_state', name: '变更状态', alias: 'state', action: 2 },
      { code: 'project_acceptance', name: '验收', alias: 'acceptance', action: 2 },
    ],
  },
});

const day = calendarDay('必须为日期（yyyy-MM-dd）');
const months = z.coerce
  .number({ error: '质保期必须为0到120之间的整数（月）' })
  .int('质保期必须为0到120之间的整数（月）')
  .min(0, '质保期必须为0到120之间的整数（月）')
  .max(120, '质保期必须为0到120之间的整数（月）');

/** A finish: the day it was accepted and the warranty in months; the server computes when the warranty ends. */
export const acceptanceInput = z.object({
  id: idSchema,
  acceptanceDate: z
    .preprocess((v) => (v === '' ? undefined : v), day.optional())
    .pipe(z.string({ error: '请选择验收日期' })),
  warrantyPeriod: z
    .preprocess((v) => (v === '' ? undefined : v), months.optional())
    .pipe(z.number({ error: '请输入质保期（月）' })),
});

/** 立项 → 执行中, or either → 终止 (with the reason). */
export const projectUpdateState = defineAction({
  name: 'updateState',
  call: { method: 'POST', path: '/business-service/project/updateState' },
  input: z.object({
    id: idSchema,
    projectStatus: z.enum(['2', '4'], { error: '项目状态只能变更为执行中或终止' }),
    remark: z.string().trim().max(500, '长度不能超过500').optional().default(''),
  }),
  access: { codes: ['project_state'] },
  writes: true,
  transition: {
    table: 'business_project',
    ownership: 'tenant',
    column: 'project_status',
    from: ['1', '2'],
    to: (input) => input.projectStatus,
    id: (input) => input.id,
    comment: (input) => input.remark,
  },
});

/** 执行中 → 已验收: every contract of the project is finished first. */
export const projectAcceptance = defineAction({
  name: 'acceptance',
  call: { method: 'POST', path: '/business-service/project/acceptance' },
  input: acceptanceInput,
  access: { codes: ['project_acceptance'] },
  writes: true,
  transition: {
    table: 'business_project',
    ownership: 'tenant',
    column: 'project_status',
    from: ['2'],
    to: '3',
    id: (input) => input.id,
  },
});
