import { Hono } from 'hono';
import type { BladeEnv, Deps } from '../../core/context';
import { fileRoutes } from './file.routes';
import { sealRoutes } from './seal.routes';
import { stampRoutes } from './stamp.routes';

/**
 * Files and archive catalogues: blade-resource file and fileCatalog calls, and the blade-customer /
 * blade-combusiness variants. Mounted at `/` because the calls span three services. The file configuration (functions,
 * the catalogue library, presets) and the attachments are served from their resource definitions
 * (modules/resources.ts), and so are a record's tree's calls (catalog.routes.ts, declared actions).
 */
export function filesRoutes(deps: Deps) {
  const router = new Hono<BladeEnv>();
  router.route('/', fileRoutes(deps));
  router.route('/', stampRoutes(deps));
  router.route('/', sealRoutes(deps));
  return router;
}
