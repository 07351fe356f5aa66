import type { MiddlewareHandler } from 'hono';
import type { AuthUser, BladeEnv } from './context';
import { ForbiddenError } from './errors';

export const PLATFORM_TENANT = '000000';
export const ROLE_ADMINISTRATOR = 'administrator';
export const ROLE_ADMIN = 'admin';

// Aliases are compared whole (never substring): `admin2` is not `admin`, and `administrator` counts only in the
// platform tenant — a tenant that names a role `administrator` gets no platform rights from it.

export function isPlatformAdmin(auth: AuthUser): boolean {
  return auth.tenantId === PLATFORM_TENANT && auth.roleAliases.includes(ROLE_ADMINISTRATOR);
}

/** Administrator of the caller's own tenant (the platform administrator is one in 000000). */
export function isTenantAdmin(auth: AuthUser): boolean {
  return auth.roleAliases.includes(ROLE_ADMIN) || isPlatformAdmin(auth);
}

export const requirePlatformAdmin: MiddlewareHandler<BladeEnv> = async (c, next) => {
  if (!isPlatformAdmin(c.get('auth'))) throw new ForbiddenError();
  await next();
};

export const requireTenantAdmin: MiddlewareHandler<BladeEnv> = async (c, next) => {
  if (!isTenantAdmin(c.get('auth'))) throw new ForbiddenError();
  await next();
};
