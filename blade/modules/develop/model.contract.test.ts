import { modelResource } from '../../../lib/contracts/develop/model';
import { describeResource } from '../../testing/contract';

describeResource(modelResource, {
  sample: (n) => ({
    modelTable: 'blade_param',
    modelName: `模型 ${n}`,
    modelCode: `model_${n}`,
    modelClass: `Model${n}`,
    modelRemark: `备注 ${n}`,
  }),
});
