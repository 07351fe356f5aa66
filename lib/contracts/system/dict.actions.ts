import { z } from '../../zod';
import { defineAction } from '../action';
import { blank, idSchema, pageQuerySchema } from '../inputs';
import { dictBizResource, dictResource } from './dict';

const text255 = blank(z.string().max(255, '长度不能超过255'));
/** The list filters of both dictionaries: fragments of the code and of the name. */
export const dictListInput = pageQuerySchema.extend({ code: text255, dictValue: text255 });
const dictionaryInput = z.object({
  code: z.string({ error: '不能为空' }).trim().min(1, '不能为空').max(255, '长度不能超过255'),
});

/** The reading calls beside a dictionary's CRUD calls (system and business dictionaries have the same ones). */
function actionsOf(def: typeof dictResource) {
  const service = def.calls.submit.path.replace(/\/submit$/, '');
  const get = <I extends z.ZodType>(name: string, input: I, access = def.access.read) =>
    defineAction({ name, call: { method: 'GET', path: `${service}/${name}` }, input, access, writes: false });
  return {
    // The items of one code, flat (what every select box uses): every signed-in user reads them.
    dictionary: get('dictionary', dictionaryInput, {}),
    // The items of one code nested by parent (items below items).
    dictionaryTree: get('dictionary-tree', dictionaryInput, {}),
    // Every matching row as a tree (not paged, contract §7.5).
    list: get('list', dictListInput),
    // A page of the rows directly below parentId, each with its own descendants nested in `children`.
    childList: get('child-list', dictListInput.extend({ parentId: idSchema })),
    // Every row as TreeNode (title = dictValue), for choosing a parent. Saber sends ?code=DICT; ignored.
    tree: get('tree', z.object({})),
  };
}

export type DictActions = ReturnType<typeof actionsOf>;
export const dictActions: DictActions = actionsOf(dictResource);
export const dictBizActions: DictActions = actionsOf(dictBizResource);
