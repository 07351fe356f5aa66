import path from 'node:path';
import { Hono } from 'hono';
import type { Kysely } from 'kysely';
import { TtlMap, TtlSet, type BladeEnv, type Deps, type LiveSession } from './core/context';
import { bodyLimit } from './core/body-limit';
import { errorHandler, notFoundHandler } from './core/errors';
import { requestContext, stdoutLog, withRequestIds, type BladeLog } from './core/log';
import { apiScopeGuard } from './core/permission';
import { tenantStandingGuard } from './modules/auth/tenant-standing';
import { signingKeyProblem } from './core/known-keys';
import { urlGuard } from './core/validation';
import { OutboundPolicy, type OutboundOptions } from './core/outbound';
import { createMailer, type MailSettings } from './modules/verify/mailer';
import { ensureAppRole, grantAppRole } from './db/app-role';
import { migrateToLatest } from './db/migrate';
import { openDatabase, type PGliteModules } from './db/open';
import type { Database } from './db/schema';
import { ensureDicts, seedIfEmpty } from './db/seed';
import { ensureResourceMenus } from './db/resource-menus';
import { ensureArchivesForTenants } from './modules/business/archives';
import { seedRegionsIfEmpty } from './db/seed-regions';
import { ensureWorkRoles } from './modules/system/tenant/tenant-provision';
import { PLATFORM_TENANT } from './db/seed-data';
import { withTenant } from './db/tenant';
import { requireAuth } from './modules/auth/auth.middleware';
import { acceptancePublicRoutes } from './modules/acceptance/acceptance.service';
import { captchaRoutes } from './modules/auth/captcha.routes';
import { upsertClient } from './modules/auth/client.repository';
import { sessionRoutes } from './modules/auth/session.routes';
import { tokenRoutes } from './modules/auth/token.routes';
import { systemRoutes } from './modules/system/system.routes';
import { tenantPublicRoutes } from './modules/system/tenant/tenant.routes';
import { userRoutes } from './modules/user/user.routes';
import { smsRoutes } from './modules/sms/sms.routes';
import { filesRoutes } from './modules/files/files.routes';
import { resourceRoutes } from './modules/resources';
import { defaultStorage, storageSet, type StorageOptions } from './storage';
import { logRoutes } from './modules/log/log.routes';
import { myPublicRoutes, myRoutes } from './modules/user/my.routes';
import { loginCodeRoutes, myVerifyRoutes } from './modules/verify/my-verify.routes';
import { verifyPublicRoutes } from './modules/verify/verify.routes';
import { guestRoutes } from './modules/user/guest.routes';
import { customerPublicRoutes } from './modules/customer/customer.routes';
import { companyRoutes } from './modules/customer/company.routes';
import { applyRoutes } from './modules/application/apply.routes';
import { APPLICATION_ARCHIVES } from './modules/application/documents';
import { generateDemoInstitute } from './demo/generate';
import {
  startAlertScheduler,
  type AlertScheduler,
  type AlertSchedulerOptions,
} from './modules/alerts/alert-scheduler';

export interface BladeOptions {
  /** PGlite files live in `${dataDir}/pglite` when databaseUrl is unset. */
  dataDir: string;
  /** PostgreSQL (pg Pool) instead of PGlite. */
  databaseUrl?: string;
  /** Tests: in-memory PGlite (dataDir is not used for the database). */
  memory?: boolean;
  /**
   * Tests: the in-memory database starts as this dump of a migrated and seeded one (`Blade.dump`) made by this same
   * code, so start-up neither migrates nor seeds it (about 0.8 s a test file).
   */
  memoryFrom?: Blob;
  /** Tests: PGlite's WebAssembly compiled once for many in-memory databases. */
  pgliteModules?: PGliteModules;
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
  /** Tests: routes of the test's own, mounted after the token check (e.g. actions over a test table). */
  extraRoutes?: (deps: Deps) => Hono<BladeEnv>;
  /** Where log records go (core/log.ts); default: one JSON line each on stdout. */
  log?: BladeLog;
  /** File storage: `DATA_DIR/files` unless an S3-compatible store or a ready one is given. */
  files?: StorageOptions;
  /** Where a tenant's configuration may make the server connect (OUTBOUND_*; core/outbound.ts). */
  outbound?: OutboundOptions;
  /** SMTP_URL and MAIL_FROM (modules/verify/mailer.ts). */
  mail?: MailSettings;
  /** PUBLIC_ORIGINS: the portal origins a link in a mail may point at. */
  publicOrigins?: string[];
  /**
   * Starts the alert scheduler (pg-boss, modules/alerts) with the API; absent: no scheduler (tests that do not test
   * it, tools). The portal and `start:blade` turn it on (options.ts).
   */
  alertScheduler?: AlertSchedulerOptions;
  /**
   * DEMO_INSTITUTE (`npm run demo`): makes the demo tenant 演示检测认证院 through the API's own calls once the app is
   * built, unless its tenant id exists (blade/demo). Off unless asked, in production too.
   */
  demoInstitute?: boolean;
}

export interface Blade {
  app: Hono<BladeEnv>;
  fetch(req: Request): Promise<Response>;
  db: Kysely<Database>;
  close(): Promise<void>;
  /** In-memory databases only: the database as a tarball, for `memoryFrom`. */
  dump?: () => Promise<Blob>;
  /** The alert scheduler when `alertScheduler` was given. */
  alerts?: AlertScheduler;
}

function createApp(deps: Deps, extraRoutes?: BladeOptions['extraRoutes']): Hono<BladeEnv> {
  const app = new Hono<BladeEnv>();
  app.onError(errorHandler(deps.log));
  app.notFound(notFoundHandler);
  app.use('*', requestContext());
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

  // Before any route reads its input: a URL that cannot be read is a 400, a body is counted against its limit as it
  // streams (413), so that the routes' permission checks run before a byte of it is read.
  app.use('*', urlGuard());
  app.use('*', bodyLimit());

  // The only routes reachable without a token.
  app.route('/blade-auth', tokenRoutes(deps));
  app.route('/blade-auth', captchaRoutes(deps));
  app.route('/blade-system', tenantPublicRoutes(deps));
  app.route('/blade-user', myPublicRoutes(deps));
  app.route('/blade-customer', verifyPublicRoutes(deps));
  app.route('/blade-customer', customerPublicRoutes(deps));
  app.route('/blade-user', loginCodeRoutes(deps));
  // The test item export: its credential is the single-use export key in the query (modules/acceptance).
  app.route('/', acceptancePublicRoutes(deps));

  // Everything registered below this line requires a valid access token.
  app.use('*', requireAuth(deps));
  app.use('*', tenantStandingGuard(deps));
  app.use('*', apiScopeGuard(deps));
  app.route('/blade-auth', sessionRoutes(deps));
  app.route('/blade-system', systemRoutes(deps));
  app.route('/blade-user', userRoutes(deps));
  app.route('/blade-user', myRoutes(deps));
  app.route('/blade-user', myVerifyRoutes(deps));
  app.route('/blade-user', guestRoutes(deps));
  app.route('/', companyRoutes(deps));
  app.route('/', applyRoutes(deps));
  app.route('/blade-log', logRoutes(deps));
  app.route('/blade-resource', smsRoutes(deps));
  app.route('/', filesRoutes(deps));
  app.route('/', resourceRoutes(deps));
  if (extraRoutes) app.route('/', extraRoutes(deps));
  return app;
}

/** Opens the database, migrates, seeds an empty one, upserts the portal's client, and builds the Hono app. */
export async function createBlade(options: BladeOptions): Promise<Blade> {
  const log = withRequestIds(options.log ?? stdoutLog);
  const keyProblem = signingKeyProblem(options.jwtSigningKey);
  if (keyProblem) throw new Error(`[blade] ${keyProblem}`);
  if (options.portalClient.clientSecret.length < 16)
    throw new Error('[blade] the portal client secret is too short');
  // Before the database opens: a bad OUTBOUND_ALLOWED_HOSTS entry stops start-up here.
  const outbound = new OutboundPolicy(options.outbound, options.files?.s3 ? [options.files.s3.endpoint] : []);

  const { db, close, dump, pglite } = await openDatabase({
    dataDir: options.dataDir,
    databaseUrl: options.databaseUrl,
    memory: options.memory,
    memoryFrom: options.memoryFrom,
    pgliteModules: options.pgliteModules,
    log,
  });
  try {
    // A copy of a template made by this same code (tests: the harness keys templates by it) is migrated and seeded.
    if (!options.memoryFrom) {
      await ensureAppRole(db);
      await migrateToLatest(db);
      await grantAppRole(db);
      const seeded = await seedIfEmpty(db, {
        adminPassword: options.adminPassword,
        passwordFile: options.memory
          ? undefined
          : path.join(/*turbopackIgnore: true*/ options.dataDir, 'admin-password.txt'),
        log,
      });
      await seedRegionsIfEmpty(db);
      await ensureDicts(db);
      await ensureResourceMenus(db);
      // The platform tenant's work roles need the pages the line above makes (a provisioned tenant gets them then).
      if (seeded)
        await withTenant(db, PLATFORM_TENANT.tenantId, (trx) =>
          ensureWorkRoles(trx, PLATFORM_TENANT.tenantId, null),
        );
      await ensureArchivesForTenants(db);
      await ensureArchivesForTenants(db, APPLICATION_ARCHIVES);
    }
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
    outbound,
    mailer: options.mail ? createMailer(options.mail) : undefined,
    settings: {
      jwtSigningKey: options.jwtSigningKey,
      captchaEnabled: options.captchaEnabled,
      refreshGraceSeconds: options.refreshGraceSeconds ?? 30,
      testHooks: options.testHooks ?? false,
      publicOrigins: options.publicOrigins ?? [],
    },
    caches: {
      sessions: new TtlMap<LiveSession>(5_000),
      clients: new TtlSet(300_000, 100),
      menus: new TtlMap<string>(5_000, 1_000),
      menuBodies: new TtlMap<Uint8Array<ArrayBuffer>>(5_000, 1_000),
      tokens: new TtlMap(60_000, 10_000),
    },
  };
  const app = createApp(deps, options.extraRoutes);
  if (options.demoInstitute)
    try {
      await generateDemoInstitute({ app, db, portalClient: options.portalClient });
    } catch (err) {
      await close();
      throw err;
    }
  let alerts: AlertScheduler | undefined;
  if (options.alertScheduler)
    try {
      alerts = await startAlertScheduler(
        deps,
        { databaseUrl: options.databaseUrl, pglite },
        options.alertScheduler,
      );
    } catch (err) {
      await close();
      throw err;
    }
  let closed = false;
  return {
    app,
    fetch: async (req) => app.fetch(req),
    db,
    dump,
    alerts,
    close: async () => {
      if (closed) return;
      closed = true;
      // Before the database: pg-boss on PGlite talks through it.
      await alerts?.stop();
      deps.storage?.close();
      deps.mailer?.close();
      await Promise.all([close(), deps.outbound.close()]);
    },
  };
}
