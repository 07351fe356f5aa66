import { z } from '../../zod';
import { defineAction } from '../action';
import { idArraySchema } from '../inputs';

/** `topmenu/grant`: replaces each top menu's menu set with menus the caller's roles hold (the platform's: any). */
export const topMenuGrant = defineAction({
  name: 'grant',
  call: { method: 'POST', path: '/blade-system/topmenu/grant' },
  input: z.object({ topMenuIds: idArraySchema, menuIds: idArraySchema }),
  access: { codes: ['topmenu_setting'] },
  writes: true,
});
