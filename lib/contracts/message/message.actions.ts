import { z } from '../../zod';
import { defineAction } from '../action';
import { blank, idSchema, pageQuerySchema } from '../inputs';

/**
 * The signed-in user's own messages (站内信: mail, messages, notices) and the top bar's badge. Every signed-in user
 * calls them; blade/ reads and changes only the caller's rows, so no code is needed.
 */
const PATH = '/blade-customer/message';
const anyUser = {};

const flag = blank(z.enum(['0', '1'], { error: '必须为0或1' }).transform(Number));
const category = blank(z.enum(['1', '2', '3'], { error: '类型只能是1、2或3' }).transform(Number));

/** Newest first; filters category, isReaded and a title fragment. */
export const messagePage = defineAction({
  name: 'page',
  call: { method: 'GET', path: `${PATH}/page` },
  input: pageQuerySchema.extend({
    category,
    isReaded: flag,
    title: blank(z.string().max(255, '长度不能超过255')),
  }),
  access: anyUser,
  writes: false,
});

/** One of the caller's messages; reading it does not mark it read. */
export const messageDetail = defineAction({
  name: 'detail',
  call: { method: 'GET', path: `${PATH}/detail` },
  input: z.object({ id: idSchema }),
  access: anyUser,
  writes: false,
});

const idText = z
  .union([z.string(), z.array(z.union([z.string(), z.number()]))])
  .transform((v) => (Array.isArray(v) ? v.map(String) : v.split(',')).map((s) => s.trim()).filter(Boolean));

/** `{ids: "1,2" | [..], isReaded?: 1}` or `{all: true}`; ids may come in the query too. Answers how many changed. */
export const messageMarkRead = defineAction({
  name: 'updateIsReadedList',
  call: { method: 'POST', path: `${PATH}/updateIsReadedList` },
  input: z.object({
    ids: idText.optional(),
    all: z.boolean().optional(),
    isReaded: z.union([z.literal(0), z.literal(1), z.enum(['0', '1']).transform(Number)]).optional(),
  }),
  access: anyUser,
  writes: true,
});

/** Unread counts (total and per category) and the newest messages of each category: the top bar's badge. */
export const messageNewest = defineAction({
  name: 'selectCurrentNewMessage',
  call: { method: 'POST', path: `${PATH}/selectCurrentNewMessage` },
  input: z.object({}),
  access: anyUser,
  writes: false,
});

export const MESSAGE_ACTIONS = [messagePage, messageDetail, messageMarkRead, messageNewest] as const;
