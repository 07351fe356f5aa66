import { invoiceInfoResource } from '../../../lib/contracts/invoice/invoice';
import { describeResource } from '../../testing/contract';

// The generated contract suite of a company's invoice titles (开票信息), run as a customer of one company: another
// company's and another tenant's ids are 404, staff are 403 even with every code. The special-invoice, check
// character and one-default rules are in invoice.test.ts.

describeResource(invoiceInfoResource, {
  sample: (n) => ({
    title: `甲防爆电器有限公司 ${n}`,
    taxpayerId: '91350100M000100Y43',
    invoiceKind: 'ordinary',
    email: `finance${n}@example.com`,
    isDefault: 0,
  }),
});
