import type { Context } from 'hono';
import type { BladeEnv, Deps } from '../../core/context';
import { KeyedError, zhText } from '../../core/crud';
import { clientIp } from '../../core/client-ip';
import { spendRate, type RateRule } from '../../core/rate-limit';
import { withTenant } from '../../db/tenant';
import { findTenant, tenantExpired } from '../system/tenant/tenant.repository';
import type { CustomerMessageKey, Translate } from '../../../lib/contracts/customer/registration';

/** The contract's messages in zh, as blade answers them. */
export const zh: Translate = (key: CustomerMessageKey) => zhText(`customer.${key}`);

export const PLATFORM_TENANT = '000000';

/**
 * The tenant of a call made without a token: the `tenantId` parameter (the page resolves it from the host), else the
 * Tenant-Id header, else the platform's. It must be a live tenant: one that is unknown, removed, disabled or expired
 * is refused with one text, so the call does not tell which.
 */
export async function publicTenant(
  deps: Deps,
  c: Context<BladeEnv>,
  given: string | undefined,
): Promise<string> {
  const header = c.req.header('Tenant-Id')?.trim();
  const tenantId = given || (header && /^\d{6}$/.test(header) ? header : '') || PLATFORM_TENANT;
  const tenant = await findTenant(deps.db, tenantId);
  if (!tenant || tenant.status !== 1 || tenantExpired(tenant)) throw new KeyedError('customer.tenantInvalid');
  return tenantId;
}

/**
 * Counts one call from the client's address under `rule`, in a transaction of its own and before the work: refused
 * and failed calls count too, so a flood costs neither hashing nor key lookups.
 */
export async function spendAddressRate(
  deps: Deps,
  c: Context<BladeEnv>,
  tenantId: string,
  rule: RateRule,
): Promise<void> {
  const ip = clientIp(c);
  await withTenant(deps.db, tenantId, (trx) => spendRate(trx, tenantId, rule, ip));
}
