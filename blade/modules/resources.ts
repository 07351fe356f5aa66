import { Hono } from 'hono';
import type { ResourceDef } from '../../lib/contracts/resource';
import { clientResource } from '../../lib/contracts/system/client';
import { paramResource } from '../../lib/contracts/system/param';
import { postResource } from '../../lib/contracts/system/post';
import { tenantPackageResource } from '../../lib/contracts/system/tenant-package';
import { topMenuResource } from '../../lib/contracts/system/topmenu';
import type { BladeEnv, Deps } from '../core/context';
import { crudRoutes, type CrudHooks } from '../core/crud';
import { clientHooks } from './system/client/client.resource';
import { postHooks } from './system/post/post.resource';
import { tenantPackageHooks } from './system/tenant-package/tenant-package.resource';
import { topMenuActions, topMenuHooks } from './system/topmenu/topmenu.resource';

/**
 * Every resource served from its definition, with the hooks of what is special about it and the routes of its
 * actions (non-CRUD calls, `core/action.ts`). Their call paths are absolute (service included), so the router is
 * mounted at the root, after the token check.
 */
export const RESOURCES: readonly {
  def: ResourceDef;
  hooks?: CrudHooks;
  actions?: (deps: Deps) => Hono<BladeEnv>;
}[] = [
  { def: paramResource },
  { def: postResource, hooks: postHooks },
  { def: tenantPackageResource, hooks: tenantPackageHooks },
  { def: clientResource, hooks: clientHooks },
  { def: topMenuResource, hooks: topMenuHooks, actions: topMenuActions },
];

export function resourceRoutes(deps: Deps): Hono<BladeEnv> {
  const router = new Hono<BladeEnv>();
  for (const { def, hooks, actions } of RESOURCES) {
    router.route('/', crudRoutes(deps, def, hooks));
    if (actions) router.route('/', actions(deps));
  }
  return router;
}
