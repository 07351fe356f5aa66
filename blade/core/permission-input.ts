import { sql } from 'kysely';
import { z } from 'zod';
import type { Context } from 'hono';
import type { AuthUser } from './context';
import { readParams } from './input';
import { idSetSchema } from '../../lib/contracts/inputs';
import { idSchema } from '../../lib/contracts/inputs';

/** Input and output pieces shared by the identity-and-access modules (users, roles, menus, depts, tenants …). */

/** BaseEntity stamps of an insert by the caller. */
export function createdBy(auth: AuthUser) {
  return { create_user: auth.userId, create_dept: auth.deptIds[0] ?? null, update_user: auth.userId };
}

/** BaseEntity stamps of an update by the caller. */
export function updatedBy(auth: AuthUser) {
  return { update_user: auth.userId, update_time: sql<Date>`now()` };
}

/**
 * Comma-joined ids from the query string (Saber) or a urlencoded / JSON body (Sword, portal forms) — `ids`,
 * `userIds`, … — de-duplicated (core/input.ts reads them).
 */
export async function idsParam(c: Context, field = 'ids'): Promise<string[]> {
  const raw = (await readParams(c))[field];
  return z.object({ ids: idSetSchema }).parse({ ids: raw }).ids;
}

/** An optional parent id: blank, 0 or missing is the root. */
export const parentIdSchema = z.preprocess(
  (v) => (v === '' || v === null || v === undefined || v === 0 || v === '0' ? '0' : v),
  z.union([z.literal('0'), idSchema]),
);

/** TreeNode (contract §7.1). */
export interface TreeNode {
  id: string;
  parentId: string;
  title: string;
  key: string;
  value: string;
  hasChildren?: boolean;
  children?: TreeNode[];
}

export function treeNode(id: string, parentId: string, title: string, hasChildren?: boolean): TreeNode {
  const node: TreeNode = { id, parentId, title, key: id, value: id };
  if (hasChildren !== undefined) node.hasChildren = hasChildren;
  return node;
}

/** Aliases that confer administration; only administrators may create, edit or hand them out. */
export const PRIVILEGED_ALIASES = new Set(['administrator', 'admin']);
