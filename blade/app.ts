import path from 'node:path';
import { Hono } from 'hono';
import type { Kysely } from 'kysely';
import { TtlMap, TtlSet, type BladeEnv, type Deps } from './core/context';
import { errorHandler, notFoundHandler } from './core/errors';
import { apiScopeGuard, tenantStandingGuard } from './core/permission';
import { signingKeyProblem } from './core/known-keys';
import { ensureAppRole, grantAppRole } from './db/app-role';
import { migrateToLatest } from './db/migrate';
import { openDatabase } from './db/open';
import type { Database } from './db/schema';
import { seedIfEmpty } from './db/seed';
import { seedRegionsIfEmpty } from './db/seed-regions';
import { requireAuth } from './modules/auth/auth.middleware';
import { captchaRoutes } from './modules/auth/captcha.routes';
import { upsertClient } from './modules/auth/client.repository';
import { sessionRoutes } from './modules/auth/session.routes';
import { tokenRoutes } from './modules/auth/token.routes';
import { systemRoutes } from './modules/system/system.routes';
import { tenantPublicRoutes } from './modules/system/tenant/tenant.routes';
import { userRoutes } from './modules/user/user.routes';
import { ossRoutes } from './modules/oss/oss.routes';
import { smsRoutes } from './modules/sms/sms.routes';
import { developRoutes } from './modules/develop/develop.routes';
import { filesRoutes } from './modules/files/files.routes';
import { defaultStorage, storageSet, type StorageOptions } from './storage';
import { logRoutes } from './modules/log/log.routes';
import { messageRoutes } from './modules/message/message.routes';
import { myPublicRoutes, myRoutes } from './modules/user/my.routes';

export interface BladeOptions {
  /** PGlite files live in `${dataDir}/pglite` when databaseUrl is unset. */
  dataDir: string;
  /** PostgreSQL (pg Pool) instead of PGlite. */
  databaseUrl?: string;
  /** Tests: in-memory PGlite (dataDir is not used for the database). */
  memory?: boolean;
  /** >= 32 characters, HS512. */
  jwtSigningKey: string;
  captchaEnabled: boolean;
  /** Upserted into blade_client on every start (the secret is stored hashed). */
  portalClient: { clientId: string; clientSecret: string };
  /** Else generated once, printed once via log, kept in `${dataDir}/admin-password.txt` (mode 600). */
  adminPassword?: string;
  /** Seconds, default 3600. */
  accessTokenValidity?: number;
  /** Seconds, default 604800. */
  refreshTokenValidity?: number;
  /** Default 30. */
  refreshGraceSeconds?: number;
  /** Mounts GET /blade-auth/oauth/captcha/answer?key= (tests only). */
  testHooks?: boolean;
  /** Default console.log. */
  log?: (line: string) => void;
  /** File storage: `DATA_DIR/files` unless an S3-compatible store or a ready one is given. */
  files?: StorageOptions;
}

export interface Blade {
  app: Hono<BladeEnv>;
  fetch(req: Request): Promise<Response>;
  db: Kysely<Database>;
  close(): Promise<void>;
}

function createApp(deps: Deps): Hono<BladeEnv> {
  const app = new Hono<BladeEnv>();
  app.onError(errorHandler(deps.log));
  app.notFound(notFoundHandler);
  app.use('*', async (c, next) => {
    await next();
    // Set on the finished response's own (mutable) headers: c.header() after next() would rebuild the Response, a
    // header copy and a new body wrapper on every call. Responses with immutable headers fall back to that.
    try {
      c.res.headers.set('Cache-Control', 'no-store');
    } catch {
      c.header('Cache-Control', 'no-store');
    }
  });

  // The only routes reachable without a token.
  app.route('/blade-auth', tokenRoutes(deps));
  app.route('/blade-auth', captchaRoutes(deps));
  app.route('/blade-system', tenantPublicRoutes(deps));
  app.route('/blade-user', myPublicRoutes(deps));

  // Everything registered below this line requires a valid access token.
  app.use('*', requireAuth(deps));
  app.use('*', tenantStandingGuard(deps));
  app.use('*', apiScopeGuard(deps));
  app.route('/blade-auth', sessionRoutes(deps));
  app.route('/blade-system', systemRoutes(deps));
  app.route('/blade-user', userRoutes(deps));
  app.route('/blade-user', myRoutes(deps));
  app.route('/blade-customer', messageRoutes(deps));
  app.route('/blade-log', logRoutes(deps));
  app.route('/blade-resource', ossRoutes(deps));
  app.route('/blade-resource', smsRoutes(deps));
  app.route('/blade-develop', developRoutes(deps));
  app.route('/', filesRoutes(deps));
  return app;
}

/** Opens the database, migrates, seeds an empty one, upserts the portal's client, and builds the Hono app. */
export async function createBlade(options: BladeOptions): Promise<Blade> {
  const log = options.log ?? ((line: string) => console.log(line));
  const keyProblem = signingKeyProblem(options.jwtSigningKey);
  if (keyProblem) throw new Error(`[blade] ${keyProblem}`);
  if (options.portalClient.clientSecret.length < 16)
    throw new Error('[blade] the portal client secret is too short');

  const { db, close } = await openDatabase({
    dataDir: options.dataDir,
    databaseUrl: options.databaseUrl,
    memory: options.memory,
    log,
  });
  try {
    await ensureAppRole(db);
    await migrateToLatest(db);
    await grantAppRole(db);
    await seedIfEmpty(db, {
      adminPassword: options.adminPassword,
      passwordFile: options.memory
        ? undefined
        : path.join(/*turbopackIgnore: true*/ options.dataDir, 'admin-password.txt'),
      log,
    });
    await seedRegionsIfEmpty(db);
    await upsertClient(db, {
      clientId: options.portalClient.clientId,
      clientSecret: options.portalClient.clientSecret,
      accessTokenValidity: options.accessTokenValidity ?? 3600,
      refreshTokenValidity: options.refreshTokenValidity ?? 604800,
    });
  } catch (err) {
    await close();
    throw err;
  }

  const deps: Deps = {
    db,
    log,
    storage: storageSet(defaultStorage(options.dataDir, options.memory ?? false, options.files)),
    settings: {
      jwtSigningKey: options.jwtSigningKey,
      captchaEnabled: options.captchaEnabled,
      refreshGraceSeconds: options.refreshGraceSeconds ?? 30,
      testHooks: options.testHooks ?? false,
    },
    caches: {
      sessions: new TtlSet(5_000),
      clients: new TtlSet(300_000, 100),
      menus: new TtlMap<string>(5_000, 1_000),
      menuBodies: new TtlMap<Uint8Array<ArrayBuffer>>(5_000, 1_000),
      tokens: new TtlMap(60_000, 10_000),
    },
  };
  const app = createApp(deps);
  let closed = false;
  return {
    app,
    fetch: async (req) => app.fetch(req),
    db,
    close: async () => {
      if (closed) return;
      closed = true;
      await close();
    },
  };
}
