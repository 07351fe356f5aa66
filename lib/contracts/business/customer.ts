import { z } from '../../zod';
import { defineAction } from '../action';
import { businessCalls, defineResource, menuAccess } from '../resource';

/**
 * The institute's client companies (客户): applicants, manufacturers and factories that commission tests and
 * certifications, and the counterparties of projects and contracts. One tenant-wide register, no data scope: every
 * department picks from the same companies (blade/modules/business/customers.md).
 *
 * - `customerName` (客户名称): the company's registered name, required, unique among the tenant's live customers
 *   (the definition's `unique` and a partial unique index where is_deleted = 0).
 * - `creditCode` (统一社会信用代码): optional, 18 characters of GB 32100 (digits and capitals without I, O, S, V, Z);
 *   when given, unique among live customers too (a partial unique index where it is not blank).
 * - `contactName`, `contactPhone` (digits with + - ( ) and spaces, 5 to 30 characters), `address`: how to reach them.
 * - `customerType` (dictionary `customer_type`): 1 制造企业, 2 检测机构, 3 其他; the institute extends the dictionary.
 * - `remark`.
 *
 * Adding and editing are separate calls (`add` refuses an id, `update` requires one). `setImportCustomer` adds many
 * from an Excel file, with the same field rules, all or nothing; `listforSelect` feeds the pickers of other pages.
 */
export const customerResource = defineResource({
  key: 'business.customer',
  table: 'business_customer',
  ownership: 'tenant',
  defaultOrder: [{ column: 'id', direction: 'desc' }],
  fields: {
    customerName: {
      kind: 'text',
      max: 100,
      required: 'business.customer.nameRequired',
      search: 'like',
      sort: true,
    },
    creditCode: {
      kind: 'text',
      max: 18,
      pattern: { regex: /^[0-9A-HJ-NPQRTUWXY]{18}$/, message: 'business.customer.creditCodeInvalid' },
      search: 'like',
      sort: true,
    },
    contactName: { kind: 'text', max: 50, search: 'like' },
    contactPhone: {
      kind: 'text',
      max: 30,
      pattern: { regex: /^[0-9+\-() ]{5,30}$/, message: 'business.customer.phoneInvalid' },
    },
    address: { kind: 'text', max: 200, list: false },
    customerType: { kind: 'text', max: 2, dict: 'customer_type', search: 'eq', sort: true },
    remark: { kind: 'textarea', label: 'system.common.remark', max: 500, list: false },
  },
  unique: [{ fields: ['customerName'], message: 'business.customer.nameTaken' }],
  calls: businessCalls('/business-service/customer', { add: 'add', update: 'update' }),
  access: menuAccess('customer'),
  menu: {
    code: 'customer',
    name: '客户管理',
    path: '/administration/customer',
    icon: 'business',
    parent: 'administration',
    sort: 6,
  },
});

/** The Excel import's limits: a file of at most 5 MB and 5,000 customers. */
export const CUSTOMER_IMPORT_MAX_BYTES = 5 * 1024 * 1024;
export const CUSTOMER_IMPORT_MAX_ROWS = 5000;

/**
 * The header of the import's first worksheet, label by field: columns are found by these labels (any order; a
 * missing optional column is blank), so the template the screen offers and the import agree.
 */
export const CUSTOMER_IMPORT_COLUMNS = {
  customerName: '客户名称',
  creditCode: '统一社会信用代码',
  contactName: '联系人',
  contactPhone: '联系电话',
  address: '地址',
  customerType: '客户类型',
  remark: '备注',
} as const satisfies Partial<Record<keyof typeof customerResource.fields, string>>;

/** Live customers for the pickers of other pages (projects, contracts): id and name, by name, optionally filtered. */
export const customerListForSelect = defineAction({
  name: 'listforSelect',
  call: { method: 'POST', path: '/business-service/customer/listforSelect' },
  input: z.object({
    customerName: z
      .preprocess((v) => (v === '' || v === null ? undefined : v), z.string().trim().max(100).optional())
      .optional(),
  }),
  access: { codes: ['customer', 'project', 'contract'] },
  writes: false,
});

/**
 * Multipart `file`: an .xlsx of customers (header: CUSTOMER_IMPORT_COLUMNS). Every row is checked with the form's
 * rules, against the other rows and against the stored customers; one bad row imports nothing (400, one entry per
 * problem: row, field, message). blade/ serves it by hand (blade/modules/business/customer.resource.ts): the file is
 * read from the form, not parsed by this schema.
 */
export const customerImport = defineAction({
  name: 'setImportCustomer',
  call: { method: 'POST', path: '/business-service/customer/setImportCustomer' },
  input: z.object({}),
  access: { codes: ['customer_add'] },
  writes: true,
  timeout: 'long',
});
