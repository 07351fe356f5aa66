import { Hono } from 'hono';
import type { BladeEnv, Deps } from '../../core/context';
import { attachRoutes } from './attach.routes';
import { catalogRoutes } from './catalog.routes';
import { configRoutes } from './config.routes';
import { fileRoutes } from './file.routes';
import { sealRoutes } from './seal.routes';
import { stampRoutes } from './stamp.routes';

/**
 * Files and archive catalogues: blade-resource file, fileCatalog, filePreset, fileFunction and attach calls, and the
 * blade-customer / blade-combusiness variants. Mounted at `/` because the calls span three services.
 */
export function filesRoutes(deps: Deps) {
  const router = new Hono<BladeEnv>();
  router.route('/', fileRoutes(deps));
  router.route('/', catalogRoutes(deps));
  router.route('/', configRoutes(deps));
  router.route('/', stampRoutes(deps));
  router.route('/', sealRoutes(deps));
  router.route('/', attachRoutes(deps));
  return router;
}
