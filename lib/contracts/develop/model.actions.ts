import { z } from '../../zod';
import { defineAction } from '../action';
import { platformOnly } from './access';

/** `model/table-list`: the tables a model can be defined from (information_schema of blade/'s schema). */
export const modelTableList = defineAction({
  name: 'tableList',
  call: { method: 'GET', path: '/blade-develop/model/table-list' },
  input: z.object({}),
  access: platformOnly('model'),
  writes: false,
});
