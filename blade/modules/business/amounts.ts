import { sql } from 'kysely';
import type { Trx } from '../../db/tenant';

/**
 * The derived amounts of projects, contracts and batches, and the locks under which they change.
 *
 * Every write that changes money locks, in this order, the projects and then the contracts it touches (FOR UPDATE, by
 * id): two receipts on one batch, or a receipt and a new contract of the same project, run one after the other, and
 * the second reads what the first wrote. One order for all writers means they queue instead of deadlocking. Within the
 * locks the stored amounts are recomputed from their sources by SQL over numeric (no floating point anywhere).
 */

const live = 0;

/** Locks the projects, then the contracts, in id order; answers the contracts' projects. */
export async function lockContracts(trx: Trx, tenantId: string, contractIds: readonly string[]) {
  if (contractIds.length === 0) return [] as string[];
  // project_id never changes (a contract's edit refuses it), so reading it before the lock is safe.
  const projectIds = (
    await trx
      .selectFrom('business_contract')
      .select('project_id')
      .distinct()
      .where('tenant_id', '=', tenantId)
      .where('id', 'in', [...contractIds])
      .execute()
  ).map((r) => r.project_id);
  await lockProjects(trx, tenantId, projectIds);
  await trx
    .selectFrom('business_contract')
    .select('id')
    .where('tenant_id', '=', tenantId)
    .where('id', 'in', [...contractIds])
    .orderBy('id')
    .forUpdate()
    .execute();
  return projectIds;
}

export async function lockProjects(trx: Trx, tenantId: string, projectIds: readonly string[]) {
  if (projectIds.length === 0) return;
  await trx
    .selectFrom('business_project')
    .select('id')
    .where('tenant_id', '=', tenantId)
    .where('id', 'in', [...projectIds])
    .orderBy('id')
    .forUpdate()
    .execute();
}

/**
 * Each batch's amount from its percent: round(contract amount × percent / 100, 2); when the percents reach 100 the
 * last batch (by id) takes what the others leave, so the amounts add up to the contract exactly. Then received and
 * unpaid per batch.
 */
export async function recomputeBatches(trx: Trx, contractId: string) {
  await sql`
    update business_contract_batch b
       set batch_amount = x.amount,
           received_amount = x.received,
           unpaid_amount = x.amount - x.received
      from (
        select s.id,
               case when sum(s.percent) over () = 100 and s.id = max(s.id) over ()
                    then s.contract_amount - coalesce(sum(s.share) over (order by s.id
                           rows between unbounded preceding and 1 preceding), 0)
                    else s.share end as amount,
               s.received
          from (
            select b2.id, b2.percent, c.contract_amount,
                   round(c.contract_amount * b2.percent / 100, 2) as share,
                   coalesce((select sum(r.received_amount) from business_real_income r
                              where r.batch_id = b2.id and r.is_deleted = ${live}), 0) as received
              from business_contract_batch b2
              join business_contract c on c.id = b2.contract_id
             where b2.contract_id = ${contractId} and b2.is_deleted = ${live}
          ) s
      ) x
     where b.id = x.id`.execute(trx);
}

/** A contract's received (its live receipts) and unpaid amounts. */
export async function recomputeContract(trx: Trx, contractId: string) {
  await sql`
    update business_contract c
       set received_amount = x.received, unpaid_amount = c.contract_amount - x.received
      from (select coalesce(sum(received_amount), 0) as received from business_real_income
             where contract_id = ${contractId} and is_deleted = ${live}) x
     where c.id = ${contractId}`.execute(trx);
}

/**
 * A project's total (its live contracts' amounts), received and unpaid, paid (the pay records of its live costs) and
 * residue = received − paid.
 */
export async function recomputeProject(trx: Trx, projectId: string) {
  await sql`
    update business_project p
       set project_amount = x.total, received_amount = x.received, unpaid_amount = x.total - x.received,
           paid_amount = y.paid, residue_amount = x.received - y.paid
      from (select coalesce(sum(contract_amount), 0) as total, coalesce(sum(received_amount), 0) as received
              from business_contract where project_id = ${projectId} and is_deleted = ${live}) x,
           (select coalesce(sum(paid_amount), 0) as paid
              from business_pay_record where project_id = ${projectId} and is_deleted = ${live}) y
     where p.id = ${projectId}`.execute(trx);
}

/** A real cost's paid (its live pay records) and unpaid amounts. */
export async function recomputeCost(trx: Trx, costId: string) {
  await sql`
    update business_real_cost c
       set paid_amount = x.paid, unpaid_amount = c.pay_amount - x.paid
      from (select coalesce(sum(paid_amount), 0) as paid from business_pay_record
             where cost_id = ${costId} and is_deleted = ${live}) x
     where c.id = ${costId}`.execute(trx);
}

/** Everything derived from one contract's rows, bottom up: its batches, itself, its project. */
export async function recomputeFromContract(trx: Trx, contractId: string) {
  await recomputeBatches(trx, contractId);
  await recomputeContract(trx, contractId);
  const row = await trx
    .selectFrom('business_contract')
    .select('project_id')
    .where('id', '=', contractId)
    .executeTakeFirstOrThrow();
  await recomputeProject(trx, row.project_id);
}
