import { z } from '../../zod';
import { defineAction } from '../action';
import { blank, idArraySchema, idSchema, idSetSchema, pageQuerySchema } from '../inputs';

/**
 * Post-role assignment (spec §6; blade/modules/system/post-role/post-role.routes.ts): the roles a post comes with,
 * tenant-owned. A post hands its roles to the users given it, so only roles the caller may give a user can be set.
 */
const PATH = '/blade-system/postRole';
const access = { codes: ['post_role'] } as const;

/** A page of assignments with post and role names; filters postId and roleId. */
export const postRoleList = defineAction({
  name: 'list',
  call: { method: 'GET', path: `${PATH}/list` },
  input: pageQuerySchema.extend({ postId: blank(idSchema), roleId: blank(idSchema) }),
  access,
  writes: false,
});

export const postRoleDetail = defineAction({
  name: 'detail',
  call: { method: 'GET', path: `${PATH}/detail` },
  input: z.object({ id: idSchema }),
  access,
  writes: false,
});

/** `{ postId, roleIds }` sets the roles of a post (replacing them); `{ id, postId, roleId }` edits one assignment. */
export const postRoleSubmit = defineAction({
  name: 'submit',
  call: { method: 'POST', path: `${PATH}/submit` },
  input: z.object({
    id: blank(idSchema),
    postId: idSchema,
    roleId: blank(idSchema),
    roleIds: idArraySchema.optional(),
  }),
  access,
  writes: true,
});

/** Removes assignments, all or none. */
export const postRoleRemove = defineAction({
  name: 'remove',
  call: { method: 'POST', path: `${PATH}/remove` },
  input: z.object({ ids: idSetSchema }),
  access,
  writes: true,
});

export const POST_ROLE_ACTIONS = [postRoleList, postRoleDetail, postRoleSubmit, postRoleRemove] as const;
