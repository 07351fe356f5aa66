import { postResource } from '../../../../lib/contracts/system/post';
import { describeResource } from '../../../testing/contract';

describeResource(postResource, {
  sample: (n) => ({
    category: (n % 4) + 1,
    postCode: `c${n}`,
    postName: `岗位 ${n}`,
    sort: n,
    remark: `备注 ${n}`,
  }),
});
