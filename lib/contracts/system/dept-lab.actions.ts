import { z } from '../../zod';
import { defineAction } from '../action';
import { blank, idArraySchema, idSchema, idSetSchema, pageQuerySchema } from '../inputs';

/**
 * Department laboratory external users (001 §7.4 `deptLaboratoryExternalUser/*`): which external users work with a
 * department's laboratory. A link, not a row of its own: adding attaches several users to one department at once, an
 * edit moves one link, removing detaches (the users stay). Page `dept_lab_user` and its three buttons.
 */
const PATH = '/blade-user/deptLaboratoryExternalUser';

export const deptLabList = defineAction({
  name: 'list',
  call: { method: 'GET', path: `${PATH}/list` },
  input: pageQuerySchema.extend({ deptId: blank(idSchema), userId: blank(idSchema) }),
  access: { codes: ['dept_lab_user'] },
  writes: false,
});

/** `userIds` (or one `userId`) attached to `deptId`. */
export const deptLabSave = defineAction({
  name: 'save',
  call: { method: 'POST', path: `${PATH}/save` },
  input: z.object({ deptId: idSchema, userIds: idArraySchema.optional(), userId: blank(idSchema) }),
  access: { codes: ['dept_lab_user_add'] },
  writes: true,
});

export const deptLabUpdate = defineAction({
  name: 'update',
  call: { method: 'POST', path: `${PATH}/update` },
  input: z.object({ id: idSchema, deptId: idSchema, userId: idSchema }),
  access: { codes: ['dept_lab_user_edit'] },
  writes: true,
});

export const deptLabRemove = defineAction({
  name: 'remove',
  call: { method: 'POST', path: `${PATH}/remove` },
  input: z.object({ ids: idSetSchema }),
  access: { codes: ['dept_lab_user_delete'] },
  writes: true,
});

export const DEPT_LAB_ACTIONS = [deptLabList, deptLabSave, deptLabUpdate, deptLabRemove] as const;
