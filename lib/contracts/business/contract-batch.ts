import { z } from '../../zod';
import { defineAction } from '../action';
import { idSchema } from '../inputs';
import { businessCalls, defineResource } from '../resource';
import { derivedMoney, refField } from './refs';

/**
 * A contract's payment batches (spec 000 §3 Payment batch): the share of the contract each payment is (percent, at
 * most 100 in all) and the amount the server derives from it: round(amount × percent / 100, 2), the batch that brings
 * the total to 100 taking the remainder, so the amounts add up to the contract exactly. Received and unpaid are its
 * receipts'. `addPay` adds (or edits, with an id). Reached from the contract's page.
 */
export const contractBatchResource = defineResource({
  key: 'business.batch',
  table: 'business_contract_batch',
  ownership: 'tenant',
  dataScope: { resource: 'project', dept: 'dept_id', owner: 'create_user' },
  defaultOrder: [{ column: 'id', direction: 'asc' }],
  fields: {
    contractId: refField('business.batch.contractRequired'),
    batchName: { kind: 'text', max: 64, required: 'business.batch.nameRequired', search: 'like', sort: true },
    percent: { kind: 'money', nonNegative: true, required: 'business.batch.percentRequired', sort: true },
    /** When the payment is due: the finance plan's planned income of that month. */
    plannedDate: { kind: 'date', sort: true },
    batchAmount: derivedMoney,
    receivedAmount: derivedMoney,
    unpaidAmount: derivedMoney,
    bankTransactionNumber: { kind: 'text', max: 64, form: false, search: 'like' },
    abnormal: { kind: 'flag', form: false },
    abnormalReason: { kind: 'text', max: 500, form: false, list: false },
  },
  calls: businessCalls('/business-service/contractBatch', { submit: 'addPay' }),
  exportExtras: [{ name: 'contractCode', label: 'business.contract.contractCode' }],
  access: {
    read: { codes: ['contract', 'project'] },
    add: { codes: ['contract_batch'] },
    edit: { codes: ['contract_batch'] },
    remove: { codes: ['contract_batch'] },
    list: { codes: ['contract', 'project', 'real_income'] },
  },
});

/** The bank's reference of the batch's payment, kept for reconciliation. */
export const batchBankTransactionNumber = defineAction({
  name: 'updateBankTransactionNumber',
  call: { method: 'POST', path: '/business-service/contractBatch/updateBankTransactionNumber' },
  input: z.object({
    id: idSchema,
    bankTransactionNumber: z
      .string({ error: '请输入银行流水号' })
      .trim()
      .min(1, '请输入银行流水号')
      .max(64, '长度不能超过64'),
  }),
  access: { codes: ['contract_income', 'contract_batch'] },
  writes: true,
});

/**
 * Marks the batch abnormal with the reason (a payment above what is due, a customer's lump payment): receipts may
 * then exceed its unpaid amount. Recorded in the status history; not undone.
 */
export const batchAbnormalHandling = defineAction({
  name: 'abnormalHandling',
  call: { method: 'POST', path: '/business-service/contractBatch/abnormalHandling' },
  input: z.object({
    id: idSchema,
    abnormalReason: z
      .string({ error: '请输入异常原因' })
      .trim()
      .min(1, '请输入异常原因')
      .max(500, '长度不能超过500'),
  }),
  access: { codes: ['contract_abnormal'] },
  writes: true,
  transition: {
    table: 'business_contract_batch',
    ownership: 'tenant',
    column: 'abnormal',
    from: [0],
    to: 1,
    id: (input) => input.id,
    comment: (input) => input.abnormalReason,
  },
});
