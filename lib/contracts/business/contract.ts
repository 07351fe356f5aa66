import { z } from '../../zod';
import { defineAction } from '../action';
import { idSchema } from '../inputs';
import { businessCalls, defineResource } from '../resource';
import { acceptanceInput } from './project';
import { acceptanceFields, derivedMoney, refField } from './refs';

/**
 * A project's contracts (spec 000 §3 Contract). `contractStatus` 1 执行中, 2 已验收, 3 已终止 (dictionary
 * `contract_status`) changes only through acceptance and end. Received and unpaid are the server's (its receipts);
 * the amount is fixed once payment batches divide it. `contractId` in the spec's field list is answered as the id.
 */
export const contractResource = defineResource({
  key: 'business.contract',
  table: 'business_contract',
  ownership: 'tenant',
  dataScope: { resource: 'project', dept: 'dept_id', owner: 'create_user' },
  defaultOrder: [{ column: 'id', direction: 'desc' }],
  // Many contracts share an amount or a day: pages of such an order must not overlap (the amount indexes end in id).
  stableOrder: true,
  fields: {
    projectId: refField('business.contract.projectRequired'),
    contractName: {
      kind: 'text',
      max: 100,
      required: 'business.contract.nameRequired',
      search: 'like',
      sort: true,
    },
    contractCode: {
      kind: 'text',
      max: 64,
      required: 'business.contract.codeRequired',
      // 100,000 contracts and more: a fragment of the number through the suffix index (blade/core/page.ts).
      search: 'fragment',
      sort: true,
    },
    contractType: { kind: 'text', max: 2, dict: 'contract_type', search: 'eq', sort: true },
    paymentMethod: { kind: 'text', max: 2, dict: 'payment_method', search: 'eq', list: false },
    signedDate: { kind: 'date', sort: true },
    contractAmount: {
      kind: 'money',
      nonNegative: true,
      required: 'business.contract.amountRequired',
      sort: true,
    },
    receivedAmount: derivedMoney,
    unpaidAmount: derivedMoney,
    contractStatus: { kind: 'text', max: 1, dict: 'contract_status', form: false, search: 'eq', sort: true },
    ...acceptanceFields,
    maxFileSize: { kind: 'int', list: false },
    remark: { kind: 'textarea', label: 'system.common.remark', max: 500, list: false },
  },
  unique: [{ fields: ['contractCode'], message: 'business.contract.codeTaken' }],
  calls: businessCalls('/business-service/contract'),
  exportExtras: [{ name: 'projectName', label: 'business.contract.projectId' }],
  access: {
    read: { codes: ['contract', 'project'] },
    add: { codes: ['contract_add'] },
    edit: { codes: ['contract_edit'] },
    remove: { codes: ['contract_delete'] },
    list: { codes: ['contract', 'project', 'real_income'] },
  },
  menu: {
    code: 'contract',
    name: '合同管理',
    path: '/administration/contractManagement',
    icon: 'description',
    parent: 'administration',
    sort: 2,
    buttons: [
      { code: 'contract_batch', name: '付款批次', alias: 'batch', action: 2 },
      { code: 'contract_income', name: '收款登记', alias: 'income', action: 2 },
      { code: 'contract_abnormal', name: '异常处理', alias: 'abnormal', action: 2 },
      { code: 'contract_acceptance', name: '验收', alias: 'acceptance', action: 2 },
      { code: 'contract_end', name: '终止', alias: 'end', action: 2 },
    ],
  },
});

/** 执行中 → 已验收, with the day and the warranty. */
export const contractAcceptance = defineAction({
  name: 'acceptance',
  call: { method: 'POST', path: '/business-service/contract/acceptance' },
  input: acceptanceInput,
  access: { codes: ['contract_acceptance'] },
  writes: true,
  transition: {
    table: 'business_contract',
    ownership: 'tenant',
    column: 'contract_status',
    from: ['1'],
    to: '2',
    id: (input) => input.id,
  },
});

/** 执行中 → 已终止, with the reason kept as the contract's remark and in the history. */
export const contractEnd = defineAction({
  name: 'end',
  call: { method: 'POST', path: '/business-service/contract/end' },
  input: z.object({
    id: idSchema,
    remark: z.string({ error: '请输入终止原因' }).trim().min(1, '请输入终止原因').max(500, '长度不能超过500'),
  }),
  access: { codes: ['contract_end'] },
  writes: true,
  transition: {
    table: 'business_contract',
    ownership: 'tenant',
    column: 'contract_status',
    from: ['1'],
    to: '3',
    id: (input) => input.id,
    comment: (input) => input.remark,
  },
});
