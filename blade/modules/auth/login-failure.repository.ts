import { sql } from 'kysely';
import type { Db } from '../../db/tenant';

/**
 * Failed password checks, counted in blade_login_failure (SECURITY 17, 29). Rows are per account and a key:
 * - the client address: 5 failures within 30 minutes lock that account for that address (even the right password
 *   is refused from there), so guessing from one address stops while everybody else still logs in;
 * - '' (all addresses): 20 failures within 30 minutes make the account ask for the captcha on every login, even with
 *   captcha mode off. It never refuses the right password: strangers cannot lock a person out;
 * - '#old-password': wrong old passwords given to a password change (5 within 15 minutes refuse further tries).
 * Crossing a limit is logged by the callers; an administrator's unlock (blade-user/unlock) deletes an account's rows.
 */

export const PAIR_LIMIT = 5;
export const ACCOUNT_CHALLENGE = 20;
export const OLD_PASSWORD_LIMIT = 5;
const LOGIN_WINDOW_MINUTES = 30;
const OLD_PASSWORD_WINDOW_MINUTES = 15;
const ACCOUNT_ROW = '';
const OLD_PASSWORD_ROW = '#old-password';
/** What core/client-ip answers when there is no address: not a key, or one stranger would lock everyone out. */
const UNKNOWN_ADDRESS = 'unknown';

export interface LockState {
  /** This address may not log in to the account for now. */
  pairLocked: boolean;
  /** The account asks for the captcha. */
  challenged: boolean;
}

export async function lockState(db: Db, tenantId: string, account: string, ip: string): Promise<LockState> {
  const rows = await db
    .selectFrom('blade_login_failure')
    .select('ip')
    .where('tenant_id', '=', tenantId)
    .where('account', '=', account)
    .where('ip', 'in', [ACCOUNT_ROW, ip])
    .where('locked_until', '>', sql<Date>`now()`)
    .execute();
  return {
    challenged: rows.some((r) => r.ip === ACCOUNT_ROW),
    pairLocked: ip !== UNKNOWN_ADDRESS && rows.some((r) => r.ip === ip),
  };
}

/**
 * Counts one failure for `row`: a window opens at the first failure and the count starts over once it has passed.
 * Returns the count, and whether the row was already locked (its locked_until still ahead).
 */
async function countFailure(db: Db, tenantId: string, account: string, row: string, windowMinutes: number) {
  const stale = sql<boolean>`blade_login_failure.first_failure_at < now() - make_interval(mins => ${windowMinutes})`;
  return db
    .insertInto('blade_login_failure')
    .values({ tenant_id: tenantId, account, ip: row, failures: 1, first_failure_at: sql<Date>`now()` })
    .onConflict((oc) =>
      oc.columns(['tenant_id', 'account', 'ip']).doUpdateSet({
        failures: sql<number>`case when ${stale} then 1 else blade_login_failure.failures + 1 end`,
        first_failure_at: sql<Date>`case when ${stale} then now() else blade_login_failure.first_failure_at end`,
      }),
    )
    .returning(['failures', sql<boolean>`coalesce(locked_until > now(), false)`.as('already_locked')])
    .executeTakeFirstOrThrow();
}

/** Counts one failed login on both counters; returns which of them this failure locked (or challenged). */
export async function recordFailure(
  db: Db,
  tenantId: string,
  account: string,
  ip: string,
): Promise<LockState> {
  const crossed: LockState = { pairLocked: false, challenged: false };
  const rows = ip === UNKNOWN_ADDRESS ? [ACCOUNT_ROW] : [ip, ACCOUNT_ROW];
  for (const row of rows) {
    const limit = row === ACCOUNT_ROW ? ACCOUNT_CHALLENGE : PAIR_LIMIT;
    const counted = await countFailure(db, tenantId, account, row, LOGIN_WINDOW_MINUTES);
    if (counted.failures < limit || counted.already_locked) continue;
    await db
      .updateTable('blade_login_failure')
      .set({ locked_until: sql<Date>`now() + make_interval(mins => ${LOGIN_WINDOW_MINUTES})` })
      .where('tenant_id', '=', tenantId)
      .where('account', '=', account)
      .where('ip', '=', row)
      .execute();
    if (row === ACCOUNT_ROW) crossed.challenged = true;
    else crossed.pairLocked = true;
  }
  return crossed;
}

export async function clearPair(db: Db, tenantId: string, account: string, ip: string): Promise<void> {
  await db
    .deleteFrom('blade_login_failure')
    .where('tenant_id', '=', tenantId)
    .where('account', '=', account)
    .where('ip', '=', ip)
    .execute();
}

/**
 * Counts a password change's old-password check before it runs (so that parallel guesses cannot outrun the count);
 * the change clears the count when the old password was right. Returns the attempts within the window, this one
 * included: past OLD_PASSWORD_LIMIT the check must not run.
 */
export async function countOldPasswordAttempt(db: Db, tenantId: string, account: string): Promise<number> {
  const counted = await countFailure(db, tenantId, account, OLD_PASSWORD_ROW, OLD_PASSWORD_WINDOW_MINUTES);
  return counted.failures;
}

export async function clearOldPasswordAttempts(db: Db, tenantId: string, account: string): Promise<void> {
  await clearPair(db, tenantId, account, OLD_PASSWORD_ROW);
}
