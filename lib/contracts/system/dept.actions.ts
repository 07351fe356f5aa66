import { z } from '../../zod';
import { defineAction } from '../action';
import { blank, idSchema, pageQuerySchema } from '../inputs';
import { deptResource } from './dept';

const text = (max: number) => blank(z.string().max(max, `长度不能超过${max}`));
/** One level of the dept tree (parentId, default the root), filtered by name fragments, sorted by the query. */
export const deptLevelQuery = pageQuerySchema.extend({
  deptName: text(45),
  fullName: text(45),
  parentId: blank(z.union([z.literal('0'), idSchema])),
});
// Pickers (user form, data scopes) need the tree without the dept page.
const PICKERS = { codes: ['dept', 'user', 'role', 'datascope', 'external_user', 'dept_lab_user'] };

/** The trees of depts beside the list: one level at a time (lazy), and TreeNodes for pickers. */
export const deptLazyList = defineAction({
  name: 'lazy-list',
  call: { method: 'GET', path: '/blade-system/dept/lazy-list' },
  input: deptLevelQuery,
  access: deptResource.access.read,
  writes: false,
});
export const deptTree = defineAction({
  name: 'tree',
  call: { method: 'GET', path: '/blade-system/dept/tree' },
  input: deptLevelQuery,
  access: PICKERS,
  writes: false,
});
export const deptLazyTree = defineAction({
  name: 'lazy-tree',
  call: { method: 'GET', path: '/blade-system/dept/lazy-tree' },
  input: deptLevelQuery,
  access: PICKERS,
  writes: false,
});
