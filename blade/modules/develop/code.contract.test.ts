import { codeResource } from '../../../lib/contracts/develop/code';
import { describeResource } from '../../testing/contract';
import { aModel } from './develop.fixtures';

describeResource(codeResource, {
  fixtures: aModel,
  sample: (n, { modelId }) => ({
    modelId,
    codeName: `代码 ${n}`,
    serviceName: 'demo',
    tableName: 'blade_param',
    pkName: 'id',
    packageName: `module-${n}`,
    isTenant: n % 2,
    remark: `备注 ${n}`,
  }),
});
