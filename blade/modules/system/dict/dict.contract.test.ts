import { dictResource } from '../../../../lib/contracts/system/dict';
import { describeResource } from '../../../testing/contract';

// A header row each: the resource's grid is the headers; items and sealing are covered in dict.test.ts.
describeResource(dictResource, {
  sample: (n) => ({
    code: `contract.${n}`,
    dictValue: `契约字典 ${n}`,
    sort: n,
    isSealed: 0,
    remark: `备注 ${n}`,
  }),
});
