import { z } from '../../zod';
import { defineAction } from '../action';
import { idArraySchema } from '../inputs';

/** `role/tree`: TreeNode[] of the tenant's roles for pickers; privileged aliases only for their peers. */
export const roleTree = defineAction({
  name: 'tree',
  call: { method: 'GET', path: '/blade-system/role/tree' },
  input: z.object({}),
  access: { codes: ['role', 'user_role', 'user', 'post_role', 'external_user'] },
  writes: false,
});

/** `role/grant`: JSON { roleIds, menuIds, dataScopeIds, apiScopeIds }. */
export const roleGrant = defineAction({
  name: 'grant',
  call: { method: 'POST', path: '/blade-system/role/grant' },
  input: z.object({
    roleIds: idArraySchema,
    menuIds: idArraySchema.optional(),
    dataScopeIds: idArraySchema.optional(),
    apiScopeIds: idArraySchema.optional(),
  }),
  access: { codes: ['role_grant'] },
  writes: true,
});
