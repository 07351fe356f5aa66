import { Hono } from 'hono';
import type { BladeEnv, Deps } from '../../core/context';
import { userAdminRoutes } from './user-admin.routes';

/**
 * The blade-user service's token-guarded routes of user administration; the current user's (info, my/detail) are
 * declared actions (my.routes.ts myActions).
 */
export function userRoutes(deps: Deps) {
  const router = new Hono<BladeEnv>();

  router.route('/', userAdminRoutes(deps));
  return router;
}
