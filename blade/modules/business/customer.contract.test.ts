import { customerResource } from '../../../lib/contracts/business/customer';
import { describeResource } from '../../testing/contract';

// The generated contract suite of customers; the import and the picker are tested in customer.test.ts.

describeResource(customerResource, {
  sample: (n) => ({
    customerName: `南阳某防爆电机有限公司 ${n}`,
    creditCode: `91411300${String(n).padStart(10, '0')}`,
    contactName: `联系人${n}`,
    contactPhone: `0377-6320${String(n).padStart(4, '0')}`,
    address: `河南省南阳市某路${n}号`,
    customerType: String((n % 3) + 1),
    remark: `备注 ${n}`,
  }),
});
