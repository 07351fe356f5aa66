import { randomUUID } from 'node:crypto';
import type { Deps } from '../../core/context';
import type { TenantRow, UserRow } from '../../db/schema';
import { withTenant, type Db } from '../../db/tenant';
import { findTenant, tenantExpired } from '../system/tenant/tenant.repository';
import { findUserByAccount, findUserById, updatePasswordHash } from '../user/user.repository';
import type { ClientRow } from './client.repository';
import { GRANT_MESSAGES as M, GrantError } from './grant-error';
import {
  identityFields,
  resolveIdentity,
  type Identity,
  type Selection,
  type SelectionProblem,
} from './identity';
import { clearPair, lockState, recordFailure } from './login-failure.repository';
import { burnPasswordCheck, checkPassword, hashPassword } from './password';
import {
  claimRefreshToken,
  createSession,
  findSession,
  insertRefreshToken,
  pruneUserSessions,
  revokeSession,
  updateSessionSelection,
} from './session.repository';
import { signAccessToken, signRefreshToken, verifyRefreshToken } from './tokens';

export interface PasswordLogin extends Selection {
  tenantId: string;
  username: string;
  password: string;
  ip: string;
  client: ClientRow;
  /** The captcha grant, whose captcha the route checked: an account under attack asks for it. */
  captchaSolved: boolean;
}

const TENANT_ID = /^[A-Za-z0-9_-]{1,12}$/;

const SELECTION_MESSAGES: Record<SelectionProblem, string> = {
  dept: M.badDept,
  role: M.badRole,
  no_role: M.noRole,
};

export function tenantProblem(tenant: TenantRow): string | undefined {
  if (tenant.status !== 1) return M.tenantDisabled;
  if (tenantExpired(tenant)) return M.tenantExpired;
  return undefined;
}

function checkStanding(user: UserRow, tenant: TenantRow): void {
  if (user.status !== 1) throw new GrantError(400, M.userDisabled);
  const problem = tenantProblem(tenant);
  if (problem) throw new GrantError(400, problem);
}

function tokenBody(deps: Deps, identity: Identity, client: ClientRow, sid: string, jti: string) {
  const fields = identityFields(identity);
  const access = signAccessToken(
    {
      tenantId: fields.tenant_id,
      userId: fields.user_id,
      account: fields.account,
      roleIds: identity.roles.map((r) => r.id),
      roleAliases: identity.roles.map((r) => r.role_alias),
      deptIds: identity.deptIds,
      postIds: identity.postIds,
      clientId: client.client_id,
      sid,
    },
    deps.settings.jwtSigningKey,
    client.access_token_validity,
  );
  const refresh = signRefreshToken(
    { tenant_id: fields.tenant_id, user_id: fields.user_id, client_id: client.client_id, sid, jti },
    deps.settings.jwtSigningKey,
    client.refresh_token_validity,
  );
  return {
    access_token: access,
    token_type: 'bearer',
    refresh_token: refresh,
    expires_in: client.access_token_validity,
    ...fields,
  };
}

export type TokenBody = ReturnType<typeof tokenBody>;

/** password and captcha grants (the captcha is checked by the route before this runs). */
export async function passwordLogin(deps: Deps, login: PasswordLogin): Promise<TokenBody> {
  const { db, log } = deps;
  const account = login.username.trim();
  if (!TENANT_ID.test(login.tenantId) || !account || account.length > 45 || !login.password) {
    throw new GrantError(400, M.badCredentials);
  }
  const tenant = await findTenant(db, login.tenantId);
  if (!tenant) {
    await burnPasswordCheck(login.password);
    throw new GrantError(400, M.badCredentials);
  }
  const tenantId = tenant.tenant_id;
  const { lock, user } = await withTenant(db, tenantId, async (trx) => ({
    lock: await lockState(trx, tenantId, account, login.ip),
    user: await findUserByAccount(trx, tenantId, account),
  }));
  if (lock.pairLocked) throw new GrantError(400, M.pairLocked);
  // Strangers' failures from elsewhere never refuse the right password (SECURITY 29): they make the account ask for
  // the captcha, which a guessing run must then solve for every try.
  if (lock.challenged && !login.captchaSolved) throw new GrantError(400, M.accountChallenged);

  const check = user ? await checkPassword(user.password, login.password) : undefined;
  if (!user || !check?.ok) {
    if (!user) await burnPasswordCheck(login.password);
    const locked = await withTenant(db, tenantId, (trx) => recordFailure(trx, tenantId, account, login.ip));
    // JSON.stringify: the account is caller-supplied text and must not forge log lines.
    const who = `tenant ${tenantId} account ${JSON.stringify(account)}`;
    if (locked.pairLocked) log(`[blade] login locked for ${who} from ${login.ip}`);
    if (locked.challenged)
      log(`[blade] login challenged for ${who}: captcha required (failures from many addresses)`);
    throw new GrantError(400, M.badCredentials);
  }
  checkStanding(user, tenant);
  const rehash = check.needsRehash ? await hashPassword(login.password) : undefined;

  const outcome = await withTenant(db, tenantId, (trx) =>
    openSession(trx, tenant, user, login, login.client, {
      async beforeOpen() {
        await clearPair(trx, tenantId, account, login.ip);
        if (rehash) await updatePasswordHash(trx, tenantId, user.id, rehash);
      },
    }),
  );
  return answerSession(deps, outcome, login.client);
}

type Opened = { identity: Identity; sid: string; jti: string; oauthId: string };

/**
 * A new auth session for a user whose credentials were checked, with its first refresh token; or the selection
 * problem, before anything is written. `beforeOpen` runs once the selection holds, in the same transaction (what the
 * login clears or rehashes commits with the session).
 */
async function openSession(
  trx: Db,
  tenant: TenantRow,
  user: UserRow,
  selection: Selection,
  client: ClientRow,
  { oauthId = '', beforeOpen }: { oauthId?: string; beforeOpen?: () => Promise<void> } = {},
): Promise<Opened | SelectionProblem> {
  const tenantId = tenant.tenant_id;
  const identity = await resolveIdentity(trx, tenant, user, selection);
  if (typeof identity === 'string') return identity;
  await beforeOpen?.();
  await pruneUserSessions(trx, tenantId, user.id, client.refresh_token_validity);
  const sid = await createSession(trx, tenantId, {
    userId: user.id,
    clientId: client.client_id,
    deptId: selection.deptId || null,
    roleId: selection.roleId || null,
    oauthId,
  });
  const jti = randomUUID();
  await insertRefreshToken(trx, tenantId, {
    jti,
    sessionId: sid,
    validitySeconds: client.refresh_token_validity,
  });
  return { identity, sid, jti, oauthId };
}

function answerSession(deps: Deps, outcome: Opened | SelectionProblem, client: ClientRow): TokenBody {
  if (typeof outcome === 'string') throw new GrantError(400, SELECTION_MESSAGES[outcome]);
  const body = tokenBody(deps, outcome.identity, client, outcome.sid, outcome.jti);
  return outcome.oauthId ? { ...body, oauth_id: outcome.oauthId } : body;
}

/**
 * The login of a user the identity provider vouched for (oidc.service.ts): the same standing checks, session, tokens
 * and answer as a password login. `oauthId` marks a guest session (an unknown third-party account signed in as the
 * source's guest account) with the account it stands for.
 */
export async function federatedLogin(
  deps: Deps,
  login: Selection & { tenant: TenantRow; user: UserRow; client: ClientRow; oauthId?: string },
): Promise<TokenBody> {
  checkStanding(login.user, login.tenant);
  const outcome = await withTenant(deps.db, login.tenant.tenant_id, (trx) =>
    openSession(trx, login.tenant, login.user, login, login.client, { oauthId: login.oauthId }),
  );
  return answerSession(deps, outcome, login.client);
}

/**
 * refresh_token grant with rotation. A token already rotated is honoured again within the grace window (parallel
 * refreshes); after it, its use is treated as theft and ends the whole auth session.
 * Dept-Id/Role-Id on a refresh switch the session's dept/role (the BladeX way); a refused switch leaves the refresh
 * token usable.
 */
export async function refreshLogin(
  deps: Deps,
  refreshToken: string,
  client: ClientRow,
  switchTo: Selection = {},
): Promise<TokenBody> {
  const { db, settings, caches, log } = deps;
  let claims;
  try {
    claims = verifyRefreshToken(refreshToken, settings.jwtSigningKey);
  } catch {
    throw new GrantError(401, M.badRefresh);
  }
  if (claims.client_id !== client.client_id) throw new GrantError(401, M.badRefresh);
  const tenantId = claims.tenant_id;
  const tenant = await findTenant(db, tenantId);
  if (!tenant) throw new GrantError(401, M.badRefresh);
  const problem = tenantProblem(tenant);
  if (problem) throw new GrantError(401, problem);
  const switching = Boolean(switchTo.deptId || switchTo.roleId);

  const jti = randomUUID();
  const outcome = await withTenant(db, tenantId, async (trx) => {
    const session = await findSession(trx, tenantId, claims.sid);
    if (!session || session.revoked_at !== null || session.user_id !== claims.user_id)
      return 'invalid' as const;
    const user = await findUserById(trx, tenantId, claims.user_id);
    if (!user || user.status !== 1) {
      await revokeSession(trx, tenantId, session.id);
      return 'invalid' as const;
    }
    // The dept/role picked at login (or by a switch) stays in force while the user holds it; else all of theirs.
    let selection = {
      deptId: switchTo.deptId || session.dept_id,
      roleId: switchTo.roleId || session.role_id,
    };
    let identity = await resolveIdentity(trx, tenant, user, selection);
    if (typeof identity === 'string') {
      if (switching) return { kind: 'refused' as const, problem: identity };
      selection = { deptId: null, roleId: null };
      identity = await resolveIdentity(trx, tenant, user, selection);
      if (typeof identity === 'string') return 'invalid' as const;
    }

    const claim = await claimRefreshToken(trx, tenantId, claims.jti, settings.refreshGraceSeconds);
    if (claim.status === 'unknown' || claim.sessionId !== session.id) return 'invalid' as const;
    if (claim.status === 'reused') {
      await revokeSession(trx, tenantId, session.id);
      return 'reused' as const;
    }
    if (selection.deptId !== session.dept_id || selection.roleId !== session.role_id) {
      await updateSessionSelection(trx, tenantId, session.id, selection);
    }
    await insertRefreshToken(trx, tenantId, {
      jti,
      sessionId: session.id,
      validitySeconds: client.refresh_token_validity,
    });
    return { kind: 'ok' as const, identity, sid: session.id };
  });
  if (outcome === 'reused') {
    log(
      `[blade] refresh token reused after rotation: auth session ${claims.sid} of tenant ${tenantId} revoked`,
    );
  }
  if (typeof outcome === 'string') {
    caches.sessions.delete(claims.sid);
    throw new GrantError(401, M.badRefresh);
  }
  if (outcome.kind === 'refused') throw new GrantError(400, SELECTION_MESSAGES[outcome.problem]);
  return tokenBody(deps, outcome.identity, client, outcome.sid, jti);
}
