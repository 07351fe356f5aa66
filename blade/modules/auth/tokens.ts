import { randomUUID } from 'node:crypto';
import { z } from 'zod';
import type { AuthUser } from '../../core/context';
import { splitIds } from '../../core/tree';
import { JwtError, signJwt, verifyJwt } from './jwt';

export const ACCESS_TOKEN = 'access_token';
export const REFRESH_TOKEN = 'refresh_token';

const idList = z.string().max(4000);

const accessClaims = z.object({
  token_type: z.literal(ACCESS_TOKEN),
  tenant_id: z.string().min(1).max(12),
  user_id: z.string().min(1),
  account: z.string(),
  role_id: idList,
  role_name: idList,
  dept_id: idList,
  post_id: idList,
  client_id: z.string(),
  sid: z.string().min(1),
});

const refreshClaims = z.object({
  token_type: z.literal(REFRESH_TOKEN),
  tenant_id: z.string().min(1).max(12),
  user_id: z.string().min(1),
  client_id: z.string(),
  sid: z.string().min(1),
  jti: z.string().min(1).max(64),
});

export type RefreshClaims = z.infer<typeof refreshClaims>;

const now = () => Math.floor(Date.now() / 1000);

/**
 * Claims per contract §5.8/§5.13 plus sid and jti, and nothing bulky: the portal keeps both tokens in a cookie that
 * must stay small, so no real or nick names (user_name is the account, as in Blade).
 */
export function signAccessToken(user: AuthUser, key: string, validitySeconds: number): string {
  const issued = now();
  return signJwt(
    {
      token_type: ACCESS_TOKEN,
      tenant_id: user.tenantId,
      user_id: user.userId,
      account: user.account,
      user_name: user.account,
      role_id: user.roleIds.join(','),
      role_name: user.roleAliases.join(','),
      dept_id: user.deptIds.join(','),
      post_id: user.postIds.join(','),
      client_id: user.clientId,
      sid: user.sid,
      jti: randomUUID(),
      nbf: issued,
      exp: issued + validitySeconds,
    },
    key,
  );
}

export function signRefreshToken(
  claims: Omit<RefreshClaims, 'token_type'>,
  key: string,
  validitySeconds: number,
): string {
  const issued = now();
  return signJwt({ token_type: REFRESH_TOKEN, ...claims, nbf: issued, exp: issued + validitySeconds }, key);
}

/** Throws JwtError for anything but a valid access token (a refresh token is not one). */
export function verifyAccessToken(token: string, key: string): AuthUser {
  return verifyAccessTokenWithExpiry(token, key).auth;
}

/** As `verifyAccessToken`, plus the token's expiry in epoch milliseconds (for caches that must not outlive it). */
export function verifyAccessTokenWithExpiry(
  token: string,
  key: string,
): { auth: AuthUser; expiresAt: number } {
  const claims = verifyJwt(token, key);
  const parsed = accessClaims.safeParse(claims);
  if (!parsed.success) throw new JwtError('not an access token');
  return { auth: toAuthUser(parsed.data), expiresAt: (claims.exp as number) * 1000 };
}

function toAuthUser(c: z.infer<typeof accessClaims>): AuthUser {
  return {
    tenantId: c.tenant_id,
    userId: c.user_id,
    account: c.account,
    roleIds: splitIds(c.role_id),
    roleAliases: splitIds(c.role_name),
    deptIds: splitIds(c.dept_id),
    postIds: splitIds(c.post_id),
    clientId: c.client_id,
    sid: c.sid,
  };
}

export function verifyRefreshToken(token: string, key: string): RefreshClaims {
  const parsed = refreshClaims.safeParse(verifyJwt(token, key));
  if (!parsed.success) throw new JwtError('not a refresh token');
  return parsed.data;
}
