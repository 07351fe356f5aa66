import { defineResource, NO_WRITES, type FieldSpec } from '../resource';
import { APPLY_CALLS, APPLY_SCHEME_CALLS } from './apply.calls';

/**
 * The customer's pages of 认证申请 (issue 15): 我的申请 with the 申请 button (`application_apply`, the customer's
 * writes: save, submit, copy, delete, documents) and 我的证书. Declared as resources so the seed and every start
 * place the pages and the button (db/resource-menus.ts) and the portal names their tabs `menu.<code>`. Their calls
 * are declared actions (apply.calls.ts and apply.actions.ts, served by blade/modules/application/apply.routes.ts, for the applications; the
 * certificate calls by the staff side's module): the list is not a plain table read, a customer sees their
 * company's rows only.
 */

const text = (max: number, extra: Partial<FieldSpec> = {}): FieldSpec => ({ kind: 'text', max, ...extra });

export const myApplicationResource = defineResource({
  key: 'application.form',
  table: 'business_application',
  ownership: 'tenant',
  readOnly: true,
  fields: {
    applicationNo: text(32, { search: 'like' }),
    scheme: text(8, { search: 'eq' }),
    productName: text(200, { search: 'like' }),
    applicantName: text(100),
    flowState: text(24, { search: 'eq' }),
    submittedAt: text(19, { form: false }),
  },
  calls: {
    list: APPLY_CALLS.myApplications,
    detail: APPLY_SCHEME_CALLS.ccc.select,
    ...NO_WRITES.calls,
  },
  access: { read: { codes: ['my_application'] }, ...NO_WRITES.access },
  menu: {
    code: 'my_application',
    name: '我的申请',
    path: '/application/myApplication',
    icon: 'assignment',
    parent: 'application_center',
    sort: 1,
    view: false,
    buttons: [{ code: 'application_apply', name: '申请', alias: 'apply', action: 1 }],
  },
});

export const myCertificateResource = defineResource({
  key: 'application.customer.certificate',
  table: 'business_certificate',
  ownership: 'tenant',
  readOnly: true,
  fields: {
    certNumber: text(32, { search: 'like' }),
    productName: text(200, { search: 'like' }),
    holderName: text(100),
    issueDate: { kind: 'date', form: false },
    validTo: { kind: 'date', form: false },
    certStatus: text(12, { search: 'eq' }),
  },
  calls: {
    list: { method: 'GET', path: '/blade-customer/certificate/page' },
    detail: { method: 'GET', path: '/blade-customer/certificate/detail' },
    ...NO_WRITES.calls,
  },
  access: { read: { codes: ['my_certificate'] }, ...NO_WRITES.access },
  menu: {
    code: 'my_certificate',
    name: '我的证书',
    path: '/application/myCertificate',
    icon: 'verified',
    parent: 'application_center',
    sort: 2,
    view: false,
  },
});
