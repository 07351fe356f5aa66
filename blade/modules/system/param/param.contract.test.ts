import { paramResource } from '../../../../lib/contracts/system/param';
import { describeResource } from '../../../testing/contract';

describeResource(paramResource, {
  sample: (n) => ({
    paramName: `参数 ${n}`,
    paramKey: `contract.key.${n}`,
    paramValue: `值 ${n}`,
    remark: `备注 ${n}`,
  }),
});
