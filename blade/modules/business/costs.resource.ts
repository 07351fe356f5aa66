import { Hono } from 'hono';
import { sql } from 'kysely';
import {
  costPlanStatisticsProject,
  costPlanStatisticsSys,
  realCostAddInvoice,
  realCostResource,
} from '../../../lib/contracts/business/cost';
import { projectResource } from '../../../lib/contracts/business/project';
import { actionRouter, actionRoute } from '../../core/action';
import type { AuthUser, BladeEnv, Deps } from '../../core/context';
import { liveRows, type CrudHooks } from '../../core/crud';
import { KeyedError, NotFoundError } from '../../core/errors';
import { nextId } from '../../core/ids';
import { lockProjects, recomputeCost, recomputeProject } from './amounts';
import type { Trx } from '../../db/tenant';
import { namesOf, reach } from './rows';

/** The projects of the rows (costs or plans), removed or not. */
async function projectsOf(trx: Trx, table: 'business_real_cost' | 'business_cost_plan', ids: string[]) {
  const rows = await trx.selectFrom(table).select('project_id').distinct().where('id', 'in', ids).execute();
  return rows.map((r) => r.project_id);
}

/** A cost or plan belongs to a project the caller reaches, for good: its department is the project's. */
export async function projectOf(
  trx: Trx,
  auth: AuthUser,
  values: Record<string, unknown>,
  current?: { project_id: unknown },
) {
  const projectId = String(values.project_id);
  if (current && String(current.project_id) !== projectId) throw new KeyedError('business.cost.projectFixed');
  await lockProjects(trx, auth.tenantId, [projectId]);
  const project = await reach(trx, projectResource, auth, projectId);
  values.dept_id = project.dept_id;
  return projectId;
}

export const realCostHooks: CrudHooks = {
  async beforeWrite({ trx, auth }, values, id) {
    const current = id
      ? await trx
          .selectFrom('business_real_cost')
          .select('project_id')
          .where('id', '=', id)
          .executeTakeFirst()
      : undefined;
    await projectOf(trx, auth, values, current);
    if (!id) return;
    await reach(trx, realCostResource, auth, id);
    const check = await sql<{ below: boolean }>`
      select ${String(values.pay_amount)}::numeric < paid_amount as below from business_real_cost where id = ${id}`.execute(
      trx,
    );
    if (check.rows[0]?.below) throw new KeyedError('business.cost.belowPaid');
  },
  async afterWrite({ trx }, values, id) {
    await recomputeCost(trx, id);
    await recomputeProject(trx, String(values.project_id));
  },
  async beforeRemove({ trx, auth }, ids) {
    await lockProjects(trx, auth.tenantId, await projectsOf(trx, 'business_real_cost', ids));
  },
  async afterRemove({ trx, auth }, ids) {
    // A cost's payments go with it, and leave the project's paid amount.
    await trx
      .updateTable('business_pay_record')
      .set({ is_deleted: 1, update_user: auth.userId, update_time: sql`now()` })
      .where('cost_id', 'in', ids)
      .execute();
    for (const projectId of await projectsOf(trx, 'business_real_cost', ids))
      await recomputeProject(trx, projectId);
  },
  async presentAll({ trx }, rows) {
    const projects = await namesOf(trx, 'business_project', rows, 'project_id');
    const payments = await trx
      .selectFrom('business_pay_record')
      .select([
        'id',
        'cost_id',
        'paid_date',
        'paid_amount',
        'pay_way',
        'invoice_code',
        'remark',
        'create_time',
      ])
      .where(
        'cost_id',
        'in',
        rows.map((r) => r.id),
      )
      .where('is_deleted', '=', 0)
      .orderBy('paid_date')
      .orderBy('id')
      .execute();
    return rows.map((r) => ({
      projectName: projects.get(String(r.project_id))?.project_name ?? '',
      payRecords: payments
        .filter((p) => p.cost_id === r.id)
        .map((p) => ({
          id: p.id,
          paidDate: p.paid_date,
          paidAmount: p.paid_amount,
          payWay: p.pay_way,
          invoiceCode: p.invoice_code,
          remark: p.remark,
        })),
    }));
  },
};

export const costPlanHooks: CrudHooks = {
  async beforeWrite({ trx, auth }, values, id) {
    const current = id
      ? await trx
          .selectFrom('business_cost_plan')
          .select('project_id')
          .where('id', '=', id)
          .executeTakeFirst()
      : undefined;
    await projectOf(trx, auth, values, current);
  },
  async presentAll({ trx }, rows) {
    const projects = await namesOf(trx, 'business_project', rows, 'project_id');
    return rows.map((r) => ({ projectName: projects.get(String(r.project_id))?.project_name ?? '' }));
  },
};

/** The ids of the projects a plan covers: a select of one column. */
type ProjectIds = ReturnType<Awaited<ReturnType<typeof liveRows>>['select']>;

/** Amounts summed in the database and answered as decimal text with two places ('0.00' when there is nothing). */
const total = (column: string) => sql<string>`coalesce(sum(${sql.ref(column)}), 0)::numeric(18, 2)::text`;

/**
 * The finance plan over some projects for a year: per month cash in (batches by their planned day; receipts) and out
 * (cost plans; payments), and per cost type the plan against the real costs, with the variance (plan − actual).
 */
async function financePlan(trx: Trx, projects: ProjectIds, year: string) {
  const month = (column: string) => sql<string>`to_char(${sql.ref(column)}, 'YYYY-MM')`;
  const inYear = (column: string) => sql<boolean>`to_char(${sql.ref(column)}, 'YYYY') = ${year}`;
  const live = (table: string) => sql<boolean>`${sql.ref(`${table}.is_deleted`)} = 0`;
  const [incomePlanned, incomeActual, outlayPlanned, outlayActual, planByType, actualByType] =
    await Promise.all([
      trx
        .selectFrom('business_contract_batch as b')
        .innerJoin('business_contract as c', 'c.id', 'b.contract_id')
        .select([month('b.planned_date').as('month'), total('b.batch_amount').as('amount')])
        .where(live('b'))
        .where(live('c'))
        .where('c.project_id', 'in', projects)
        .where(inYear('b.planned_date'))
        .groupBy(month('b.planned_date'))
        .execute(),
      trx
        .selectFrom('business_real_income as r')
        .innerJoin('business_contract as c', 'c.id', 'r.contract_id')
        .select([month('r.received_date').as('month'), total('r.received_amount').as('amount')])
        .where(live('r'))
        .where('c.project_id', 'in', projects)
        .where(inYear('r.received_date'))
        .groupBy(month('r.received_date'))
        .execute(),
      trx
        .selectFrom('business_cost_plan as p')
        .select(['p.plan_month as month', total('p.plan_amount').as('amount')])
        .where(live('p'))
        .where('p.project_id', 'in', projects)
        .where('p.plan_month', 'like', `${year}-%`)
        .groupBy('p.plan_month')
        .execute(),
      trx
        .selectFrom('business_pay_record as r')
        .select([month('r.paid_date').as('month'), total('r.paid_amount').as('amount')])
        .where(live('r'))
        .where('r.project_id', 'in', projects)
        .where(inYear('r.paid_date'))
        .groupBy(month('r.paid_date'))
        .execute(),
      trx
        .selectFrom('business_cost_plan as p')
        .select(['p.cost_type as costType', total('p.plan_amount').as('amount')])
        .where(live('p'))
        .where('p.project_id', 'in', projects)
        .where('p.plan_month', 'like', `${year}-%`)
        .groupBy('p.cost_type')
        .execute(),
      trx
        .selectFrom('business_real_cost as c')
        .select(['c.pay_type as costType', total('c.pay_amount').as('amount')])
        .where(live('c'))
        .where('c.project_id', 'in', projects)
        .where(inYear('c.cost_date'))
        .groupBy('c.pay_type')
        .execute(),
    ]);
  const byMonth = (rows: { month: string; amount: string }[], m: string) =>
    rows.find((r) => r.month === m)?.amount ?? '0.00';
  const months = Array.from({ length: 12 }, (_, i) => `${year}-${String(i + 1).padStart(2, '0')}`).map(
    (m) => ({
      month: m,
      incomePlanned: byMonth(incomePlanned, m),
      incomeActual: byMonth(incomeActual, m),
      outlayPlanned: byMonth(outlayPlanned, m),
      outlayActual: byMonth(outlayActual, m),
    }),
  );
  const types = [...new Set([...planByType, ...actualByType].map((r) => r.costType))].sort();
  const costTypes = [];
  for (const costType of types) {
    const planAmount = planByType.find((r) => r.costType === costType)?.amount ?? '0.00';
    const actualAmount = actualByType.find((r) => r.costType === costType)?.amount ?? '0.00';
    // The variance in the database too: the amounts are decimal text, never floats.
    const { rows } = await sql<{ variance: string }>`
      select (${planAmount}::numeric - ${actualAmount}::numeric)::numeric(18, 2)::text as variance`.execute(
      trx,
    );
    costTypes.push({ costType, planAmount, actualAmount, variance: rows[0].variance });
  }
  return { year, months, costTypes };
}

export function realCostActions(deps: Deps): Hono<BladeEnv> {
  return actionRoute(deps, realCostAddInvoice, async ({ trx, auth, input }) => {
    const cost = await trx
      .selectFrom('business_real_cost')
      .select('project_id')
      .where('id', '=', input.costId)
      .where('tenant_id', '=', auth.tenantId)
      .executeTakeFirst();
    if (!cost) throw new NotFoundError();
    await lockProjects(trx, auth.tenantId, [cost.project_id]);
    const row = await reach(trx, realCostResource, auth, input.costId);
    if (/^0+(\.0+)?$/.test(input.paidAmount)) throw new KeyedError('business.cost.paymentPositive');
    const check = await sql<{ fits: boolean; unpaid: string }>`
      select ${input.paidAmount}::numeric <= unpaid_amount as fits, unpaid_amount::text as unpaid
        from business_real_cost where id = ${input.costId}`.execute(trx);
    if (!check.rows[0].fits)
      throw new KeyedError('business.cost.paymentOver', { unpaid: check.rows[0].unpaid });
    const id = nextId();
    await trx
      .insertInto('business_pay_record')
      .values({
        id,
        tenant_id: auth.tenantId,
        dept_id: row.dept_id,
        cost_id: input.costId,
        project_id: cost.project_id,
        paid_date: input.paidDate,
        paid_amount: input.paidAmount,
        pay_way: input.payWay,
        invoice_code: input.invoiceCode,
        remark: input.remark,
        create_user: auth.userId,
        create_dept: auth.deptIds[0] ?? null,
        update_user: auth.userId,
      })
      .execute();
    await recomputeCost(trx, input.costId);
    await recomputeProject(trx, cost.project_id);
    return { id };
  });
}

export function costPlanActions(deps: Deps): Hono<BladeEnv> {
  const { router, serve } = actionRouter(deps);
  serve(costPlanStatisticsSys, async ({ trx, auth, input }) => {
    const projects = (await liveRows(trx, projectResource, auth)).select('business_project.id');
    return financePlan(trx, projects, input.year);
  });
  serve(costPlanStatisticsProject, async ({ trx, auth, input }) => {
    await reach(trx, projectResource, auth, input.projectId);
    const project = (await liveRows(trx, projectResource, auth))
      .select('business_project.id')
      .where('business_project.id', '=', input.projectId);
    return financePlan(trx, project, input.year);
  });
  return router;
}
