import { createHash, randomBytes } from 'node:crypto';
import { existsSync, readdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'kysely';
import { createBlade, type Blade, type BladeOptions } from '../app';
import type { PGliteModules } from '../db/open';
import { md5Hex } from '../modules/auth/password';
import { scratchDatabase } from './scratch-database';

export const TEST_SIGNING_KEY = 'blade-test-signing-key-d6f1a0c94e2b7358a1c0f9e4d2b6a8c3';
export const TEST_CLIENT = { clientId: 'portal', clientSecret: 'portal-test-secret-7f3a9c2e' };
export const ADMIN_PASSWORD = 'Admin#Pass-2026';
export const PLATFORM = '000000';
/** A fresh database takes seconds (PGlite initdb, migrations), more with two workers: hooks get this budget. */
export const SETUP_TIMEOUT = 60_000;

export interface LoginOptions {
  tenantId?: string;
  deptId?: string;
  roleId?: string;
  ip?: string;
}

export interface TokenBody {
  access_token: string;
  refresh_token: string;
  token_type: string;
  expires_in: number;
  tenant_id: string;
  user_id: string;
  dept_id: string;
  role_id: string;
  role_name: string;
  account: string;
  [key: string]: unknown;
}

export interface Harness {
  blade: Blade;
  /** `Basic …` for the portal client. */
  basic: string;
  captcha(): Promise<{ key: string; answer: string }>;
  /** POST /blade-auth/oauth/token with query params and headers as given (Basic added unless overridden). */
  token(params: Record<string, string>, headers?: Record<string, string>): Promise<Response>;
  /** Captcha login (answer read through the test hook); throws unless it succeeds. */
  login(account: string, password: string, tenant?: string | LoginOptions): Promise<TokenBody>;
  /** Same, returning the raw response. */
  tryLogin(account: string, password: string, tenant?: string | LoginOptions): Promise<Response>;
  /** A request with `Blade-Auth: bearer <token>` (default: the last login's access token). */
  authed(path: string, init?: RequestInit & { token?: string }): Promise<Response>;
  /** GET `path` as `token`, or POST `body` as JSON when given; the HTTP status and the parsed envelope. */
  call(path: string, token: string, body?: unknown): Promise<CallResult>;
  close(): Promise<void>;
}

/** An answer of `call`: HTTP status plus the Blade envelope (tests walk `data` freely). */
export interface CallResult {
  status: number;
  code: number;
  success: boolean;
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- tests walk response shapes freely
  data: any;
  msg: string;
}

export const basicHeader = (id: string, secret: string) =>
  `Basic ${Buffer.from(`${id}:${secret}`).toString('base64')}`;

/** A throw-away database per test file: PostgreSQL when TEST_DATABASE_URL is set, else in-memory PGlite. */
export async function testDatabase(): Promise<{ databaseUrl?: string; drop(): Promise<void> }> {
  const base = process.env.TEST_DATABASE_URL;
  if (!base) return { drop: async () => {} };
  const database = await scratchDatabase(base, 'blade_test');
  return { databaseUrl: database.url, drop: database.drop };
}

/** Set by the API suites' Jest environment (tests/setup/api-environment.js): compiled once per worker. */
const sharedModules = (globalThis as { __bladePGliteModules?: PGliteModules }).__bladePGliteModules;

const BASE_OPTIONS = {
  dataDir: '/nonexistent-blade-test-dir',
  pgliteModules: sharedModules,
  jwtSigningKey: TEST_SIGNING_KEY,
  captchaEnabled: true,
  portalClient: TEST_CLIENT,
  adminPassword: ADMIN_PASSWORD,
  testHooks: true,
  log: () => {},
} satisfies BladeOptions;

/**
 * Options of a further Blade instance on the test database at `databaseUrl` (another replica, or one in a process of
 * its own), configured as the harness configures its own; `overrides` over them.
 */
export const bladeOptionsOn = (databaseUrl: string, overrides: Partial<BladeOptions> = {}): BladeOptions => ({
  ...BASE_OPTIONS,
  databaseUrl,
  ...overrides,
});

/** Every file under `dir`, recursively. */
const filesUnder = (dir: string): string[] =>
  readdirSync(dir, { withFileTypes: true }).flatMap((entry) =>
    entry.isDirectory() ? filesUnder(path.join(dir, entry.name)) : [path.join(dir, entry.name)],
  );

/**
 * A migrated and seeded in-memory database as a tarball, made once and kept in the temporary directory under a name
 * that hashes everything deciding its contents (blade/db: migrations, seeds; the start-up that runs them; the password
 * hashing the seed stores; the resource definitions the seeded menus come from; this harness). A test file
 * then starts from a copy instead of initdb, migrations and the seed: about 2 s less each. Written to a temporary
 * name and renamed, so parallel workers never read half a file.
 */
async function memoryTemplate(): Promise<Blob> {
  const hash = createHash('sha256').update(JSON.stringify([ADMIN_PASSWORD, TEST_CLIENT]));
  const decisive = [
    ...filesUnder(path.join(__dirname, '..', 'db')),
    path.join(__dirname, '..', 'app.ts'),
    __filename,
    path.join(__dirname, '..', 'modules', 'auth', 'password.ts'),
    ...filesUnder(path.join(__dirname, '..', '..', 'lib', 'contracts')),
  ];
  for (const file of decisive.sort()) hash.update(file).update(readFileSync(file));
  const target = path.join(os.tmpdir(), `blade-test-template-${hash.digest('hex').slice(0, 16)}.tar`);
  if (existsSync(target)) return new Blob([readFileSync(target)]);
  const blade = await createBlade({ ...BASE_OPTIONS, memory: true });
  try {
    // Nothing creates a database in a test's PGlite: without the two template databases a copy is a third smaller
    // and starts about 0.1 s sooner.
    await sql`update pg_database set datistemplate = false where datname in ('template0', 'template1')`.execute(
      blade.db,
    );
    for (const name of ['template0', 'template1']) await sql.raw(`drop database ${name}`).execute(blade.db);
    await sql`checkpoint`.execute(blade.db);
    const dump = await blade.dump!();
    const partial = `${target}.${process.pid}.${randomBytes(4).toString('hex')}`;
    writeFileSync(partial, Buffer.from(await dump.arrayBuffer()));
    renameSync(partial, target);
    return dump;
  } finally {
    await blade.close();
  }
}

export async function createHarness(overrides: Partial<BladeOptions> = {}): Promise<Harness> {
  const database = await testDatabase();
  const memory = !database.databaseUrl;
  // A test that sets its own administrator password gets a database seeded before its eyes; one that only listens to
  // the log starts from the template like the rest (no test reads the seed's lines through the harness).
  const fromTemplate = memory && !('adminPassword' in overrides);
  const blade = await createBlade({
    ...BASE_OPTIONS,
    memory,
    memoryFrom: fromTemplate ? await memoryTemplate() : undefined,
    databaseUrl: database.databaseUrl,
    ...overrides,
  });
  const basic = basicHeader(TEST_CLIENT.clientId, TEST_CLIENT.clientSecret);
  let lastAccess: string | undefined;

  const captcha = async () => {
    const { data } = (await (await blade.app.request('/blade-auth/oauth/captcha')).json()) as {
      data: { key: string };
    };
    const hook = await blade.app.request(`/blade-auth/oauth/captcha/answer?key=${data.key}`);
    const { data: answer } = (await hook.json()) as { data: { answer: string } };
    return { key: data.key, answer: answer.answer };
  };

  const token = async (params: Record<string, string>, headers: Record<string, string> = {}) =>
    blade.app.request(`/blade-auth/oauth/token?${new URLSearchParams(params)}`, {
      method: 'POST',
      headers: { Authorization: basic, ...headers },
    });

  const tryLogin = async (account: string, password: string, tenant?: string | LoginOptions) => {
    const opts = typeof tenant === 'string' ? { tenantId: tenant } : (tenant ?? {});
    const { key, answer } = await captcha();
    const headers: Record<string, string> = { 'Captcha-Key': key, 'Captcha-Code': answer };
    if (opts.deptId) headers['Dept-Id'] = opts.deptId;
    if (opts.roleId) headers['Role-Id'] = opts.roleId;
    if (opts.ip) headers['X-Blade-Client-IP'] = opts.ip;
    return token(
      {
        grant_type: 'captcha',
        tenantId: opts.tenantId ?? PLATFORM,
        username: account,
        password: md5Hex(password),
        scope: 'all',
        type: 'account',
      },
      headers,
    );
  };

  const login = async (account: string, password: string, tenant?: string | LoginOptions) => {
    const res = await tryLogin(account, password, tenant);
    const body = (await res.json()) as TokenBody & { error_description?: string };
    if (res.status !== 200)
      throw new Error(`login ${account} failed: ${res.status} ${body.error_description}`);
    lastAccess = body.access_token;
    return body;
  };

  const authed = async (path: string, init: RequestInit & { token?: string } = {}) => {
    const { token: given, headers, ...rest } = init;
    const bearer = given ?? lastAccess;
    if (!bearer) throw new Error('authed() before login()');
    return blade.app.request(path, {
      ...rest,
      headers: { ...(headers as Record<string, string>), 'Blade-Auth': `bearer ${bearer}` },
    });
  };

  const call = async (path: string, token: string, body?: unknown): Promise<CallResult> => {
    const res = await authed(path, {
      token,
      ...(body !== undefined && {
        method: 'POST',
        body: JSON.stringify(body),
        headers: { 'content-type': 'application/json' },
      }),
    });
    return { status: res.status, ...((await res.json()) as Omit<CallResult, 'status'>) };
  };

  return {
    blade,
    basic,
    captcha,
    token,
    login,
    tryLogin,
    authed,
    call,
    close: async () => {
      await blade.close();
      await database.drop();
    },
  };
}

/**
 * The harness of a test file, as nearly every file of blade/ keeps one: made (with `overrides`, as createHarness
 * takes them) before the file's first test and handed to `ready` (which keeps it and adds the file's tenants, users
 * and tokens, within the set-up's time), closed after its last test — also when `ready` failed half-way.
 */
export function harnessPerFile(
  ready: (h: Harness) => Promise<void> | void,
  setupTimeout = SETUP_TIMEOUT,
  overrides: Partial<BladeOptions> = {},
): void {
  let harness: Harness | undefined;
  beforeAll(async () => {
    harness = await createHarness(overrides);
    await ready(harness);
  }, setupTimeout);
  afterAll(async () => {
    await harness?.close();
  }, SETUP_TIMEOUT);
}

/** The platform administrator's access token. */
export const adminToken = async (h: Harness): Promise<string> =>
  (await h.login('admin', ADMIN_PASSWORD)).access_token;
