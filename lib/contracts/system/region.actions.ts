import { z } from '../../zod';
import { defineAction } from '../action';
import { blank, intSchema, pageQuerySchema, queryInt } from '../inputs';

/**
 * Regions (contract §7.11): global reference data keyed by code, so every call is an action rather than the id-keyed
 * CRUD router. Every signed-in user reads them (address pickers); only the platform administrator changes them.
 */

// A code in a query is a filter: the list's `code` is a prefix, so one digit is a fair question. A saved region's code
// is a whole one (2 to 12 digits: province, city, county, town, village), which the save checks
// (system.region.codeInvalid in region.resource.ts).
const codeText = z
  .string()
  .trim()
  .regex(/^\d{1,12}$/, '区划编号必须是1到12位数字');
const nameText = blank(z.string().max(32, '长度不能超过32'));
const numericText = blank(z.union([z.string(), z.number()]).transform((v) => String(v).trim()));

const everyone = {};
const platform = { role: 'platform' } as const;
/** Reads are GET and open to every signed-in user; writes are POST and the platform administrator's. */
const action = <I extends z.ZodType>(method: 'GET' | 'POST', name: string, input: I) =>
  defineAction({
    name,
    call: { method, path: `/blade-system/region/${name}` },
    input,
    access: method === 'GET' ? everyone : platform,
    writes: method === 'POST',
  });

// TreeNode[] of the children of parentCode (default the root), filtered by code and name.
export const regionLazyTree = action(
  'GET',
  'lazy-tree',
  z.object({ parentCode: blank(codeText), code: blank(codeText), name: nameText }),
);
// The regions directly below code (cascading selects: label name, value code).
export const regionSelect = action('GET', 'select', z.object({ code: blank(codeText) }));
// A page of regions by parentCode, code prefix, name fragment and level.
export const regionList = action(
  'GET',
  'list',
  pageQuerySchema.extend({
    parentCode: blank(codeText),
    code: blank(codeText),
    name: nameText,
    level: queryInt,
  }),
);
// RegionVO with parentName.
export const regionDetail = action('GET', 'detail', z.object({ code: codeText }));
// Adds or edits by code below parentCode; level, ancestors and the level columns are derived.
export const regionSubmit = action(
  'POST',
  'submit',
  z.object({
    code: numericText,
    parentCode: numericText,
    name: nameText,
    sort: blank(intSchema),
    remark: blank(z.string().max(255, '长度不能超过255')),
  }),
);
// One region, by its code; refused while it has children.
export const regionRemove = action('POST', 'remove', z.object({ id: codeText }));
