import { Hono } from 'hono';
import { sql } from 'kysely';
import { APPLICATION_STATES } from '../../../lib/contracts/application/machine';
import {
  DASHBOARD_FIGURES_PATH,
  FIGURE_MONTHS,
  type DashboardFigures,
} from '../../../lib/contracts/dashboard/figures';
import { deriveStatus, localDay, type CertFacts } from '../../../lib/contracts/equipment/status';
import type { BladeEnv, Deps } from '../../core/context';
import { ok } from '../../core/envelope';
import { permit } from '../../core/permission';
import { withTenant, type Trx } from '../../db/tenant';

/** The first day of the month `back` months before today's (server calendar). */
function monthStart(today: string, back: number): string {
  const [y, m] = today.split('-').map(Number);
  const d = new Date(Date.UTC(y, m - 1 - back, 1));
  return d.toISOString().slice(0, 10);
}

async function applicationsByState(trx: Trx, tenantId: string) {
  const rows = await trx
    .selectFrom('business_application')
    .select(['flow_state', sql<string>`count(*)::text`.as('count')])
    .where('tenant_id', '=', tenantId)
    .where('is_deleted', '=', 0)
    .groupBy('flow_state')
    .execute();
  const order = (state: string) => {
    const i = (APPLICATION_STATES as readonly string[]).indexOf(state);
    return i < 0 ? APPLICATION_STATES.length : i;
  };
  return rows
    .map((r) => ({ state: String(r.flow_state), count: Number(r.count) }))
    .sort((a, b) => order(a.state) - order(b.state) || a.state.localeCompare(b.state));
}

/** The monthly series in one statement: a row per month, each figure a sum over that month's days. */
async function monthly(trx: Trx, tenantId: string, first: string, last: string) {
  const result = await sql<{ month: string; certificates: string; received: string; planned: string }>`
    select to_char(m, 'YYYY-MM') as month,
           (select count(*) from business_certificate c
             where c.tenant_id = ${tenantId} and c.is_deleted = 0
               and c.issue_date >= m::date and c.issue_date < (m + interval '1 month')::date)::text as certificates,
           (select coalesce(sum(r.received_amount), 0) from business_real_income r
             where r.tenant_id = ${tenantId} and r.is_deleted = 0
               and r.received_date >= m::date and r.received_date < (m + interval '1 month')::date
           )::numeric(18, 2)::text as received,
           (select coalesce(sum(b.batch_amount), 0) from business_contract_batch b
             where b.tenant_id = ${tenantId} and b.is_deleted = 0
               and b.planned_date >= m::date and b.planned_date < (m + interval '1 month')::date
           )::numeric(18, 2)::text as planned
      from generate_series(${first}::timestamp, ${last}::timestamp, interval '1 month') as m
     order by m`.execute(trx);
  return result.rows;
}

async function equipmentByColour(trx: Trx, tenantId: string, today: string) {
  const equipment = await trx
    .selectFrom('business_equipment')
    .select(['id', 'out_of_service'])
    .where('tenant_id', '=', tenantId)
    .where('is_deleted', '=', 0)
    .execute();
  const certs = await trx
    .selectFrom('business_equipment_cert')
    .select(['id', 'equipment_id', 'calibration_date', 'valid_to', 'result'])
    .where('tenant_id', '=', tenantId)
    .where('is_deleted', '=', 0)
    .execute();
  const byEquipment = new Map<string, CertFacts[]>();
  for (const c of certs) {
    const list = byEquipment.get(String(c.equipment_id)) ?? [];
    list.push({
      id: String(c.id),
      calibrationDate: String(c.calibration_date),
      validTo: String(c.valid_to),
      result: c.result,
    });
    byEquipment.set(String(c.equipment_id), list);
  }
  const colours = { green: 0, yellow: 0, red: 0 };
  for (const e of equipment)
    colours[deriveStatus(byEquipment.get(String(e.id)) ?? [], e.out_of_service === 1, today).color] += 1;
  return colours;
}

/**
 * The institute's figures for /wel/dashboard: tenant-wide, so only the tenant's administrators get them (anyone else,
 * a customer included, 403). Read-only, one transaction under the tenant's row-level security.
 */
export function dashboardRoutes(deps: Deps): Hono<BladeEnv> {
  return new Hono<BladeEnv>().get(DASHBOARD_FIGURES_PATH, permit(deps, { role: 'admin' }), async (c) => {
    const auth = c.get('auth');
    const today = localDay(new Date());
    const first = monthStart(today, FIGURE_MONTHS - 1);
    const last = monthStart(today, 0);
    const figures = await withTenant(deps.db, auth.tenantId, async (trx): Promise<DashboardFigures> => {
      const months = await monthly(trx, auth.tenantId, first, last);
      return {
        applicationsByState: await applicationsByState(trx, auth.tenantId),
        certificatesPerMonth: months.map((m) => ({ month: m.month, count: Number(m.certificates) })),
        receiptsPerMonth: months.map((m) => ({ month: m.month, received: m.received, planned: m.planned })),
        equipmentByColour: await equipmentByColour(trx, auth.tenantId, today),
      };
    });
    return c.json(ok(figures));
  });
}
