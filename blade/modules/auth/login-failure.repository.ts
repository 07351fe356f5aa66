import { sql } from 'kysely';
import type { Db } from '../../db/tenant';

export const PAIR_LIMIT = 5;
export const ACCOUNT_LIMIT = 20;
const WINDOW = sql`interval '30 minutes'`;
/** Row key of the per-account counter; other rows are per account + client address. */
const ACCOUNT_ROW = '';

export interface LockState {
  pairLocked: boolean;
  accountLocked: boolean;
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
  return { accountLocked: rows.some((r) => r.ip === ACCOUNT_ROW), pairLocked: rows.some((r) => r.ip === ip) };
}

/** Counts one failure on both counters; returns which of them this failure locked. */
export async function recordFailure(
  db: Db,
  tenantId: string,
  account: string,
  ip: string,
): Promise<LockState> {
  const locked: LockState = { pairLocked: false, accountLocked: false };
  for (const [row, limit] of [
    [ip, PAIR_LIMIT],
    [ACCOUNT_ROW, ACCOUNT_LIMIT],
  ] as const) {
    const stale = sql<boolean>`blade_login_failure.first_failure_at < now() - ${WINDOW}`;
    const counted = await db
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
    if (counted.failures >= limit && !counted.already_locked) {
      await db
        .updateTable('blade_login_failure')
        .set({ locked_until: sql<Date>`now() + ${WINDOW}` })
        .where('tenant_id', '=', tenantId)
        .where('account', '=', account)
        .where('ip', '=', row)
        .execute();
      if (row === ACCOUNT_ROW) locked.accountLocked = true;
      else locked.pairLocked = true;
    }
  }
  return locked;
}

export async function clearPair(db: Db, tenantId: string, account: string, ip: string): Promise<void> {
  await db
    .deleteFrom('blade_login_failure')
    .where('tenant_id', '=', tenantId)
    .where('account', '=', account)
    .where('ip', '=', ip)
    .execute();
}
