import { createHash } from 'node:crypto';
import { SOURCE_NAME, WECHAT_OPEN } from '../../../lib/contracts/system/login-source';
import type { Deps } from '../../core/context';
import { KeyedError } from '../../core/errors';
import { spendRate, type RateRule } from '../../core/rate-limit';
import { splitIds } from '../../core/tree';
import { withTenant, type Db } from '../../db/tenant';
import { findRolesByIds } from '../system/role/role.repository';
import { findTenant } from '../system/tenant/tenant.repository';
import { findUserByAccount, findUserById } from '../user/user.repository';
import type { ClientRow } from './client.repository';
import { GRANT_MESSAGES as M, GrantError } from './grant-error';
import type { Selection } from './identity';
import type * as Oidc from 'openid-client';
import { describe, openidClient, providerConfig } from './oidc.client';
import { wechatAuthorizeUrl, wechatSubject } from './wechat';
import {
  consumeState,
  findBoundUserId,
  findEnabledSource,
  findSourceById,
  insertState,
  listEnabledSources,
  type OauthSourceRow,
} from './oidc.repository';
import { federatedLogin, tenantProblem, type TokenBody } from './token.service';

const TENANT_ID = /^[A-Za-z0-9_-]{1,12}$/;
/** `<tenant>.<random>`: the token call learns the tenant from the state it is handed, before any row is read. */
const STATE = /^([A-Za-z0-9_-]{1,12})\.([A-Za-z0-9_-]{32,128})$/;
const MAX_REDIRECT_URI = 2000;
const MAX_CODE = 2048;

/** Logins one client address may begin per tenant: generous for an office, a wall for a flood of state rows. */
const START_RATE: RateRule = { bucket: 'oauth-start', limit: 120, windowSeconds: 600 };

/** The role alias of the account an unknown third-party person is signed in as (the shell's registration dialog). */
export const GUEST_ROLE = 'guest';

/**
 * blade_user_oauth.uuid of a third-party account: the source's name and a digest of the provider's issuer and
 * subject. The subject is unique only at its issuer (OpenID Connect Core §2), so the issuer is part of it: a source
 * pointed at another provider never signs anyone in as a user bound at the old one. A digest, because subjects may
 * be any text up to 255 characters and the guest registration accepts only [A-Za-z0-9_-]{≤64}.
 */
export function oauthUuid(source: OauthSourceRow, subject: string): string {
  const digest = createHash('sha256').update(`${source.issuer}\n${subject}`).digest('base64url').slice(0, 22);
  return `${source.source}_${digest}`;
}

/** The tenant a public call names: the parameter, else the header, else the platform's; it must be a live tenant. */
async function liveTenant(deps: Deps, tenantId: string) {
  if (!TENANT_ID.test(tenantId)) throw new KeyedError('sso.tenantInvalid');
  const tenant = await findTenant(deps.db, tenantId);
  if (!tenant || tenantProblem(tenant)) throw new KeyedError('sso.tenantInvalid');
  return tenant;
}

/** An absolute http(s) URL without query, fragment or userinfo: the provider appends code and state to it. */
function checkRedirectUri(value: string): string {
  let url: URL | undefined;
  try {
    url = value && value.length <= MAX_REDIRECT_URI ? new URL(value) : undefined;
  } catch {
    url = undefined;
  }
  if (!url || !/^https?:$/.test(url.protocol) || url.search || url.hash || url.username || url.password)
    throw new KeyedError('sso.redirectUriInvalid');
  return url.href;
}

/** The enabled sources of a tenant, names only (the login page's buttons). */
export async function enabledSources(deps: Deps, tenantId: string) {
  const tenant = await liveTenant(deps, tenantId);
  return withTenant(deps.db, tenant.tenant_id, (trx) => listEnabledSources(trx, tenant.tenant_id));
}

export interface StartLogin {
  tenantId: string;
  source: string;
  redirectUri: string;
  ip: string;
}

/**
 * Begins a login at the source's provider: a fresh state, PKCE verifier (S256) and nonce are stored for ten minutes,
 * and the provider's authorization URL is answered for the browser to go to. WeChat Open (wechat.ts) takes neither PKCE
 * nor a nonce: its login stores the state alone.
 */
export async function startLogin(deps: Deps, start: StartLogin): Promise<{ authorizeUrl: string }> {
  const tenant = await liveTenant(deps, start.tenantId);
  const tenantId = tenant.tenant_id;
  const redirectUri = checkRedirectUri(start.redirectUri);
  if (!SOURCE_NAME.test(start.source)) throw new KeyedError('sso.sourceUnavailable');
  const source = await withTenant(deps.db, tenantId, async (trx) => {
    await spendRate(trx, tenantId, START_RATE, start.ip || 'unknown');
    return findEnabledSource(trx, tenantId, start.source);
  });
  if (!source) throw new KeyedError('sso.sourceUnavailable');
  const oidc = await openidClient();
  if (isWechat(source)) {
    // WeChat Open (wechat.ts): no discovery, no PKCE, no nonce; the state alone, single use and browser-bound.
    const state = `${tenantId}.${oidc.randomState()}`;
    await withTenant(deps.db, tenantId, (trx) =>
      insertState(trx, { state, tenantId, sourceId: source.id, codeVerifier: '', nonce: '', redirectUri }),
    );
    return { authorizeUrl: wechatAuthorizeUrl(source, state, redirectUri) };
  }
  let config: Oidc.Configuration;
  try {
    config = await providerConfig(deps, source);
  } catch {
    throw new KeyedError('sso.providerUnreachable');
  }
  const state = `${tenantId}.${oidc.randomState()}`;
  const codeVerifier = oidc.randomPKCECodeVerifier();
  const nonce = oidc.randomNonce();
  await withTenant(deps.db, tenantId, (trx) =>
    insertState(trx, { state, tenantId, sourceId: source.id, codeVerifier, nonce, redirectUri }),
  );
  const url = oidc.buildAuthorizationUrl(config, {
    redirect_uri: redirectUri,
    scope: source.scopes || 'openid',
    response_type: 'code',
    code_challenge: await oidc.calculatePKCECodeChallenge(codeVerifier),
    code_challenge_method: 'S256',
    state,
    nonce,
  });
  return { authorizeUrl: url.href };
}

export interface FinishLogin extends Selection {
  grant: 'authorization_code' | 'social';
  code: string;
  state: string;
  /** authorization_code: required, the start call's; social: optional, checked when given. */
  redirectUri: string;
  /** social: the source the login began at. */
  source: string;
  /** The provider's `iss` callback parameter (RFC 9207), when it sent one. */
  iss: string;
  client: ClientRow;
}

/**
 * The grants authorization_code (SSO) and social: the state is spent first (single use, whatever follows), then the
 * code is exchanged with the PKCE verifier and the ID token checked by openid-client (signature, issuer, audience,
 * expiry, nonce). A bound third-party account signs its user in; an unknown one signs in the source's guest account,
 * marked with the account it stands for, to ask for an account (guest registration, spec 000 §4).
 */
export async function finishLogin(deps: Deps, login: FinishLogin): Promise<TokenBody> {
  const parsed = STATE.exec(login.state);
  if (!parsed || !login.code || login.code.length > MAX_CODE) throw new GrantError(400, M.badState);
  const tenantId = parsed[1];
  const tenant = await findTenant(deps.db, tenantId);
  if (!tenant) throw new GrantError(400, M.badState);
  const begun = await withTenant(deps.db, tenantId, async (trx) => {
    const row = await consumeState(trx, tenantId, login.state);
    return row && { row, source: await findSourceById(trx, tenantId, row.source_id) };
  });
  if (!begun) throw new GrantError(400, M.badState);
  const { row, source } = begun;
  if (!source) throw new GrantError(400, M.sourceUnavailable);
  const kindFits =
    login.grant === 'authorization_code'
      ? source.kind === 'sso'
      : source.kind === 'social' && login.source === source.source;
  if (!kindFits) throw new GrantError(400, M.badState);
  const redirectRequired = login.grant === 'authorization_code';
  if ((redirectRequired || login.redirectUri) && login.redirectUri !== row.redirect_uri)
    throw new GrantError(400, M.badRedirect);

  // The person's subjects, the one new bindings use first (WeChat: the unionid, then the openid it replaces).
  let subjects: string[];
  try {
    subjects = isWechat(source)
      ? await wechatSubject(deps, source, login.code)
      : [await oidcSubject(deps, source, row, login)];
  } catch (err) {
    if (err instanceof GrantError) throw err;
    deps.log(
      `[blade] ${login.grant} login at source ${JSON.stringify(source.source)} of tenant ${tenantId} refused: ${describe(err)}`,
    );
    throw new GrantError(400, M.providerRefused);
  }

  const uuid = oauthUuid(source, subjects[0]);
  const found = await withTenant(deps.db, tenantId, async (trx) => {
    for (const subject of subjects) {
      const boundId = await findBoundUserId(trx, tenantId, oauthUuid(source, subject));
      if (boundId) return { user: await findUserById(trx, tenantId, boundId), guest: false };
    }
    return { user: await guestAccount(trx, tenantId, source), guest: true };
  });
  if (!found.user) {
    if (found.guest) {
      deps.log(
        `[blade] unknown ${login.grant} account at source ${JSON.stringify(source.source)} of tenant ${tenantId}: no usable guest account`,
      );
      throw new GrantError(400, M.guestClosed);
    }
    // Bound to a user removed since: as good as disabled.
    throw new GrantError(400, M.userDisabled);
  }
  return federatedLogin(deps, {
    tenant,
    user: found.user,
    client: login.client,
    deptId: login.deptId,
    roleId: login.roleId,
    oauthId: found.guest ? uuid : undefined,
  });
}

/** The WeChat Open source (wechat.ts): its name says the protocol, and only as a social source. */
const isWechat = (source: OauthSourceRow) => source.source === WECHAT_OPEN && source.kind === 'social';

/**
 * OpenID Connect: the code is exchanged with the PKCE verifier, and openid-client checks the ID token (signature,
 * issuer, audience, expiry, nonce) and the state; the subject is the ID token's `sub`.
 */
async function oidcSubject(
  deps: Deps,
  source: OauthSourceRow,
  row: { code_verifier: string; nonce: string; redirect_uri: string },
  login: FinishLogin,
): Promise<string> {
  const oidc = await openidClient();
  const config = await providerConfig(deps, source);
  const callback = new URL(row.redirect_uri);
  callback.searchParams.set('code', login.code);
  callback.searchParams.set('state', login.state);
  if (login.iss) callback.searchParams.set('iss', login.iss);
  const tokens = await oidc.authorizationCodeGrant(config, callback, {
    pkceCodeVerifier: row.code_verifier,
    expectedState: login.state,
    expectedNonce: row.nonce,
    idTokenExpected: true,
  });
  const claims = tokens.claims();
  if (!claims?.sub) throw new Error('no subject in the ID token');
  return claims.sub;
}

/**
 * The source's guest account, when it is one: it exists and holds roles, all of them `guest`. An account with any
 * other role is never handed to strangers, whatever the configuration says.
 */
async function guestAccount(trx: Db, tenantId: string, source: OauthSourceRow) {
  if (!source.guest_account) return undefined;
  const user = await findUserByAccount(trx, tenantId, source.guest_account);
  if (!user) return undefined;
  const roleIds = splitIds(user.role_id);
  const roles = roleIds.length ? await findRolesByIds(trx, tenantId, roleIds) : [];
  const onlyGuest = roles.length === roleIds.length && roles.every((r) => r.role_alias === GUEST_ROLE);
  return roles.length > 0 && onlyGuest ? user : undefined;
}
