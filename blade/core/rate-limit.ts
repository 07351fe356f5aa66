import { sql } from 'kysely';
import type { Db } from '../db/tenant';
import { ServiceError } from './errors';

/** How often one subject may make one kind of call: `limit` calls per fixed window of `windowSeconds`. */
export interface RateRule {
  /** Names the kind of call (≤ 32 characters); each rule keeps its own counters. */
  bucket: string;
  limit: number;
  windowSeconds: number;
}

export const RATE_LIMITED = '请求过于频繁，请稍后再试';

/**
 * Counts one call of `subject` (a user id) under `rule` and refuses it once the window's allowance is spent
 * (SECURITY 30). The counter lives in the database, so it holds across replicas and restarts; one upsert both counts
 * and reads, and concurrent calls of one subject queue on its row, so none slips past the limit. Run it in the
 * caller's tenant transaction: when the call fails afterwards the count rolls back with it; a caller that wants
 * refused or failed calls to count too runs it in a transaction of its own first.
 */
export async function spendRate(db: Db, tenantId: string, rule: RateRule, subject: string): Promise<void> {
  const expired = sql<boolean>`blade_rate_limit.window_start <= now() - make_interval(secs => ${rule.windowSeconds})`;
  const row = await db
    .insertInto('blade_rate_limit')
    .values({ tenant_id: tenantId, bucket: rule.bucket, subject, window_start: sql`now()`, hits: 1 })
    .onConflict((oc) =>
      oc.columns(['tenant_id', 'bucket', 'subject']).doUpdateSet({
        // Both expressions read the row as it was before this update.
        hits: sql<number>`case when ${expired} then 1 else blade_rate_limit.hits + 1 end`,
        window_start: sql<Date>`case when ${expired} then now() else blade_rate_limit.window_start end`,
      }),
    )
    .returning('hits')
    .executeTakeFirstOrThrow();
  if (row.hits > rule.limit) throw new ServiceError(RATE_LIMITED);
}
