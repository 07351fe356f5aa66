import { Hono } from 'hono';
import type { BladeEnv, Deps } from '../../core/context';
import { myDetail } from './my.routes';
import { userAdminRoutes } from './user-admin.routes';

/** The blade-user service's token-guarded routes: the current user's, and the routers of user administration. */
export function userRoutes(deps: Deps) {
  const router = new Hono<BladeEnv>();

  // GET /blade-user/info — the current user (UserVO); the password hash is never part of it.
  router.get('/info', (c) => myDetail(deps, c));

  router.route('/', userAdminRoutes(deps));
  return router;
}
