import { dictBizResource } from '../../../../lib/contracts/system/dict';
import { describeResource } from '../../../testing/contract';

// A header row each: the resource's grid is the headers; items, sealing and tenants are covered in dict.test.ts.
describeResource(dictBizResource, {
  sample: (n) => ({
    code: `contract.${n}`,
    dictValue: `契约字典 ${n}`,
    sort: n,
    isSealed: 0,
    remark: `备注 ${n}`,
  }),
});
