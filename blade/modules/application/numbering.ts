import { sql } from 'kysely';
import type { Trx } from '../../db/tenant';

// The numbers the business modules hand out (applications, certificates, complaints, invoices, mark orders, payment
// notes): one counter row per tenant and key. Apart from transition.ts so that any module may number without
// importing the application's state machine.

/** The next number of a counter (machine.ts NUMBER_COUNTERS), inside the caller's transaction: never handed out twice. */
export async function nextNumber(trx: Trx, tenantId: string, counterKey: string): Promise<number> {
  const row = await trx
    .insertInto('business_number_counter')
    .values({ tenant_id: tenantId, counter_key: counterKey, last_value: 1 })
    .onConflict((oc) =>
      oc
        .columns(['tenant_id', 'counter_key'])
        .doUpdateSet({ last_value: sql`business_number_counter.last_value + 1` }),
    )
    .returning('last_value')
    .executeTakeFirstOrThrow();
  return Number(row.last_value);
}

/**
 * The next number of a yearly series `{prefix}{yyyy}{6-digit serial}` (JF… payment notes, KP… invoices, BZ… mark
 * orders, BG… certificate changes), counted under `{counter}:{yyyy}` so that each year starts again at 1.
 */
export async function nextYearlyNumber(
  trx: Trx,
  tenantId: string,
  counter: string,
  prefix: string,
): Promise<string> {
  const year = new Date().getFullYear();
  const serial = await nextNumber(trx, tenantId, `${counter}:${year}`);
  return `${prefix}${year}${String(serial).padStart(6, '0')}`;
}
