import { z } from '../../zod';
import { defineAction } from '../action';
import { idSchema } from '../inputs';
import { businessCalls, defineResource, menuAccess } from '../resource';
import { refField } from './refs';

/**
 * Invoices issued on a contract (spec 000 §3 Invoice). The sum of a contract's invoices that stand (situation 1 正常;
 * 2 红冲 and 3 作废 do not count) may not exceed its amount, checked under the contract's lock. The project is the
 * contract's (set by the server, a filter of the list); `fileId` is the scanned invoice, stored by the files module.
 */
export const invoiceResource = defineResource({
  key: 'business.invoice',
  table: 'business_invoice',
  ownership: 'tenant',
  dataScope: { resource: 'project', dept: 'dept_id', owner: 'create_user' },
  defaultOrder: [{ column: 'invoice_date', direction: 'desc' }],
  stableOrder: true,
  fields: {
    contractId: refField('business.invoice.contractRequired'),
    projectId: refField('business.invoice.contractRequired', { form: false, required: undefined }),
    invoiceType: { kind: 'text', max: 2, dict: 'invoice_type', search: 'eq', sort: true },
    invoiceSituation: { kind: 'text', max: 2, dict: 'invoice_situation', default: '1', search: 'eq' },
    invoiceTitle: { kind: 'text', max: 100, required: 'business.invoice.titleRequired', search: 'like' },
    invoiceCode: {
      kind: 'text',
      max: 64,
      required: 'business.invoice.codeRequired',
      search: 'like',
      sort: true,
    },
    invoiceDate: { kind: 'date', required: 'business.invoice.dateRequired', sort: true },
    invoiceAmount: {
      kind: 'money',
      nonNegative: true,
      required: 'business.invoice.amountRequired',
      sort: true,
    },
    taxesAmount: { kind: 'money', nonNegative: true },
    fileId: {
      kind: 'text',
      max: 32,
      pattern: { regex: /^[0-9a-f]{32}$/, message: 'business.invoice.fileInvalid' },
      list: false,
    },
    remark: { kind: 'textarea', label: 'system.common.remark', max: 500, list: false },
  },
  unique: [{ fields: ['invoiceCode'], message: 'business.invoice.codeTaken' }],
  calls: businessCalls('/business-service/invoice'),
  exportExtras: [
    { name: 'contractCode', label: 'business.contract.contractCode' },
    { name: 'contractName', label: 'business.contract.contractName' },
  ],
  access: menuAccess('invoice', { listAlso: ['contract', 'project'] }),
  menu: {
    code: 'invoice',
    name: '发票管理',
    path: '/administration/invoice',
    icon: 'receipt',
    parent: 'administration',
    sort: 4,
  },
});

/**
 * The scanned invoice (multipart `file`: png or jpg by content, at most 10 MB), stored by the files module. With `id`
 * it becomes that invoice's scan; without, the answer's `fileId` goes into the invoice form's `fileId`.
 */
export const invoiceUpload = defineAction({
  name: 'upload',
  call: { method: 'POST', path: '/business-service/invoice/upload' },
  input: z.object({
    id: z.preprocess((v) => (v === '' ? undefined : v), idSchema.optional()),
    file: z.instanceof(File, { error: '请选择发票扫描件' }),
  }),
  access: { codes: ['invoice_add', 'invoice_edit'] },
  writes: true,
  timeout: 'long',
});
