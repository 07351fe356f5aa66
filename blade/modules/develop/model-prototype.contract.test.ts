import { modelPrototypeResource } from '../../../lib/contracts/develop/model-prototype';
import { describeResource } from '../../testing/contract';
import { aModel } from './develop.fixtures';

describeResource(modelPrototypeResource, {
  fixtures: aModel,
  sample: (n, { modelId }) => ({
    modelId,
    jdbcName: `col_${n}`,
    comment: `字段 ${n}`,
    jdbcType: 'character varying(64)',
    propertyType: 'string',
    propertyName: `col${n}`,
    isForm: 1,
    isRow: 0,
    componentType: 'input',
    dictCode: 'yes_no',
    isRequired: n % 2,
    isList: 1,
    isQuery: n % 2,
    queryType: n % 2 ? 'like' : 'equal',
    sort: n,
  }),
});
