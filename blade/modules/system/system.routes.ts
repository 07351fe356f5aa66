import { Hono } from 'hono';
import type { BladeEnv, Deps } from '../../core/context';
import { deptRoutes } from './dept/dept.routes';
import { menuRoutes } from './menu/menu.routes';
import { roleRoutes } from './role/role.routes';

/** blade-system routes that need a token (tenant/info is public and mounted separately). */
export function systemRoutes(deps: Deps) {
  const router = new Hono<BladeEnv>();
  router.route('/', menuRoutes(deps));
  router.route('/', deptRoutes(deps));
  router.route('/', roleRoutes(deps));
  return router;
}
