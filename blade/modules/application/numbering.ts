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
