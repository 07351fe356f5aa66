import { Hono } from 'hono';
import type { ResourceDef } from '../../lib/contracts/resource';
import { paramResource } from '../../lib/contracts/system/param';
import { postResource } from '../../lib/contracts/system/post';
import type { BladeEnv, Deps } from '../core/context';
import { crudRoutes, type CrudHooks } from '../core/crud';
import { postHooks } from './system/post/post.resource';

/**
 * Every resource served from its definition, with the hooks of what is special about it. Their call paths are
 * absolute (service included), so the router is mounted at the root, after the token check.
 */
export const RESOURCES: readonly { def: ResourceDef; hooks?: CrudHooks }[] = [
  { def: paramResource },
  { def: postResource, hooks: postHooks },
];

export function resourceRoutes(deps: Deps): Hono<BladeEnv> {
  const router = new Hono<BladeEnv>();
  for (const { def, hooks } of RESOURCES) router.route('/', crudRoutes(deps, def, hooks));
  return router;
}
