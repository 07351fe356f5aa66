import { spawn, type ChildProcess } from 'node:child_process';
import path from 'node:path';
import { createInterface } from 'node:readline';
import { nextId } from '../../core/ids';
import { withTenant, type Db } from '../../db/tenant';
import { addRole, addTenant, addUser, grantMenus } from '../../testing/fixtures';
import type { Harness } from '../../testing/harness';
import { findEnabledSource } from './oidc.repository';
import { oauthUuid } from './oidc.service';

/** Client metadata as oidc-provider takes it. */
export interface ProviderClient {
  client_id: string;
  client_secret?: string;
  redirect_uris: string[];
  token_endpoint_auth_method: 'client_secret_post' | 'none';
}

/** A confidential client at the provider that Blade signs in as with its secret (client_secret_post), as an SSO source. */
export const ssoClient = (client: { id: string; secret: string }, redirectUri: string): ProviderClient => ({
  client_id: client.id,
  client_secret: client.secret,
  redirect_uris: [redirectUri],
  token_endpoint_auth_method: 'client_secret_post',
});

export interface TestProvider {
  issuer: string;
  /** host:port, for OUTBOUND_ALLOWED_HOSTS. */
  host: string;
  stop(): void;
}

/** Starts the loopback OpenID Connect provider (oidc-test-provider.mjs) with these clients; port 0 = any free one. */
export async function startTestProvider(clients: ProviderClient[], port = 0): Promise<TestProvider> {
  const child: ChildProcess = spawn(process.execPath, [path.join(__dirname, 'oidc-test-provider.mjs')], {
    env: { ...process.env, OIDC_CLIENTS: JSON.stringify(clients), OIDC_PORT: String(port), NODE_OPTIONS: '' },
    stdio: ['ignore', 'pipe', 'ignore'],
  });
  const line = await new Promise<string>((resolve, reject) => {
    child.once('exit', (code) => reject(new Error(`the test provider exited with ${code}`)));
    createInterface({ input: child.stdout! }).once('line', resolve);
  });
  const { issuer } = JSON.parse(line) as { issuer: string };
  return { issuer, host: new URL(issuer).host, stop: () => child.kill('SIGTERM') };
}

/**
 * The browser at the provider: follows its redirects (keeping its cookies) through the test interaction, which signs
 * in `account`, until it sends the browser back to `callbackPrefix`; answers that callback URL.
 */
export async function authorizeAt(
  authorizeUrl: string,
  account: string,
  callbackPrefix: string,
): Promise<URL> {
  const jar = new Map<string, string>();
  let url = new URL(authorizeUrl);
  url.searchParams.set('login_hint', account);
  for (let hop = 0; hop < 10; hop++) {
    const res = await fetch(url, {
      redirect: 'manual',
      headers: { cookie: [...jar].map(([k, v]) => `${k}=${v}`).join('; ') },
    });
    for (const cookie of res.headers.getSetCookie()) {
      const pair = cookie.split(';')[0];
      const at = pair.indexOf('=');
      jar.set(pair.slice(0, at), pair.slice(at + 1));
    }
    const location = res.headers.get('location');
    if (!location) throw new Error(`the provider answered ${res.status}: ${await res.text()}`);
    const next = new URL(location, url);
    if (next.href.startsWith(callbackPrefix)) return next;
    url = next;
  }
  throw new Error('too many redirects at the provider');
}

/**
 * The tenants of the sign-in tests: `a` and `b`, whose administrators (signed in) manage login sources. A has the
 * roles 用户 and 访客, the guest account `guestAccount` a source registers strangers into, and `helper`, a user besides
 * the administrator (who receives the guest registration notices). `submitSource` saves a source as an administrator.
 */
export async function loginSourceTenants(
  h: Harness,
  ids: { a: string; b: string },
  guestAccount: string,
): Promise<{
  adminA: string;
  adminB: string;
  userRole: string;
  deptA: string;
  submitSource: (token: string, body: Record<string, unknown>) => Promise<void>;
}> {
  const db = h.blade.db;
  const a = await addTenant(db, { tenantId: ids.a, tenantName: 'A 公司', adminPassword: 'a-admin-pass' });
  const b = await addTenant(db, { tenantId: ids.b, tenantName: 'B 公司', adminPassword: 'b-admin-pass' });
  const codes = ['loginSource', 'loginSource_add', 'loginSource_edit', 'loginSource_delete'];
  await grantMenus(db, ids.a, a.roleId, codes);
  await grantMenus(db, ids.b, b.roleId, codes);
  const userRole = await addRole(db, ids.a, { name: '用户', alias: 'user' });
  const guestRole = await addRole(db, ids.a, { name: '访客', alias: 'guest' });
  const deptA = a.deptId;
  await addUser(db, ids.a, {
    account: guestAccount,
    password: 'unused-guest-pass',
    roleIds: [guestRole],
    deptIds: [deptA],
  });
  await addUser(db, ids.a, {
    account: 'helper',
    password: 'helper-pass',
    roleIds: [userRole],
    deptIds: [deptA],
  });
  const submitSource = async (token: string, body: Record<string, unknown>) => {
    const r = await h.call('/blade-system/login-source/submit', token, body);
    if (r.code !== 200) throw new Error(`submit refused: ${r.msg}`);
  };
  return {
    adminA: (await h.login('admin', 'a-admin-pass', ids.a)).access_token,
    adminB: (await h.login('admin', 'b-admin-pass', ids.b)).access_token,
    userRole,
    deptA,
    submitSource,
  };
}

/** Binds `account` at the tenant's login source `source` (as the provider names it) to the tenant's user `userId`. */
export async function bindAtSource(
  db: Db,
  tenantId: string,
  source: string,
  account: string,
  userId: string,
): Promise<void> {
  const found = await withTenant(db, tenantId, (trx) => findEnabledSource(trx, tenantId, source));
  if (!found) throw new Error(`no enabled login source ${source} in ${tenantId}`);
  await withTenant(db, tenantId, (trx) =>
    trx
      .insertInto('blade_user_oauth')
      .values({ id: nextId(), tenant_id: tenantId, uuid: oauthUuid(found, account), user_id: userId, source })
      .execute(),
  );
}
