import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import path from 'node:path';
import { BASE_PATH, DIST_DIR, ROOT } from './harness';

/** Builds the standalone output under BASE_PATH once (DEPLOY_SKIP_BUILD=1 reuses the last one). */
export default function globalSetup() {
  const built = existsSync(path.join(ROOT, DIST_DIR, 'standalone', 'server.mjs'));
  if (process.env.DEPLOY_SKIP_BUILD === '1' && built) return;
  const run = spawnSync(process.execPath, [path.join(ROOT, 'scripts', 'build-standalone.mjs')], {
    cwd: ROOT,
    // The type check is `npm run typecheck`'s job (npm test); repeating it here would cost a minute per build.
    env: { ...process.env, NEXT_DIST_DIR: DIST_DIR, BASE_PATH, BUILD_SKIP_TYPECHECK: '1' },
    stdio: 'inherit',
  });
  if (run.status !== 0) throw new Error('npm run build:standalone failed');
}
