import type { Context } from 'hono';
import type { BladeEnv, Deps } from '../../core/context';
import { zhText } from '../../core/refusal-keys';
import { clientIp } from '../../core/client-ip';
import { spendRate, type RateRule } from '../../core/rate-limit';
import { withTenant } from '../../db/tenant';
import type { CustomerMessageKey, Translate } from '../../../lib/contracts/customer/registration';

/** The contract's messages in zh, as blade answers them. */
export const zh: Translate = (key: CustomerMessageKey) => zhText(`customer.${key}`);

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
