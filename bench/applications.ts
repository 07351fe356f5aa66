/**
 * Certification applications bench (issue 15), on PostgreSQL (BENCH_DATABASE_URL or TEST_DATABASE_URL; a fresh
 * database): 200,000 applications of 1,000 customer companies across the three schemes and their states, then
 * sequential requests in process (p50/p95 in ms) of the staff business-management pages: the CCC acceptance queue
 * (first page, a deep page, a product-name fragment, a company-name fragment) and the CCC accepted page (all, and
 * the finished ones). Target: p95 under 50 ms.
 *
 * `npm run bench` includes it; `npx tsx bench/applications.ts` runs it alone (BENCH_APPLICATIONS to change the size).
 */
import { sql } from 'kysely';
import type { Blade } from '../blade/app';
import { withTenant } from '../blade/db/tenant';
import { measure, onSeededBlade, POSTGRES_URL, printReport, withPostgres } from './admin';

const APPLICATIONS = Number(process.env.BENCH_APPLICATIONS ?? 200_000);
const COMPANIES = 1_000;
const SAMPLES = Number(process.env.BENCH_APPLICATION_SAMPLES ?? 200);
const TENANT = '000000';
const BASE = { company: 7e18, application: 7.1e18 };
// One in ten applications waits for acceptance; the rest spread over the other states (CCC: 60 % of the rows).
const STATES = [
  'submitted',
  'accepted',
  'fee_noticed',
  'testing',
  'factory_inspection',
  'evaluation',
  'decision',
  'issued',
  'returned',
  'draft',
];

async function seed(blade: Blade) {
  await withTenant(blade.db, TENANT, async (trx) => {
    const at = (base: number) => sql.raw(BigInt(base).toString());
    await sql`
      insert into blade_customer_company (id, tenant_id, company_name, credit_code)
      select ${at(BASE.company)} + g, ${TENANT}, '压测防爆电器有限公司' || g,
             '91410100MA' || lpad(g::text, 7, '0') || 'X'
      from generate_series(1, ${COMPANIES}) g`.execute(trx);
    await sql`
      insert into business_application (id, tenant_id, scheme, cnex_type, application_no, company_id, applicant_name,
                                        product_name, product_category, flow_state, is_finished, submitted_at)
      select ${at(BASE.application)} + g, ${TENANT}, s.scheme, case when s.scheme = 'cnex' then 'scene' end,
             case when st.state = 'draft' then null else 'SQB' || lpad(g::text, 9, '0') end,
             ${at(BASE.company)} + 1 + g % ${COMPANIES}, '压测防爆电器有限公司' || (1 + g % ${COMPANIES}),
             '隔爆型电动机' || g, '2301', st.state, (st.state = 'issued')::int,
             now() - make_interval(mins => ${APPLICATIONS} - g)
      from generate_series(1, ${APPLICATIONS}) g,
           lateral (select (array['ccc','ccc','ccc','ccc','ccc','ccc','cqst','cqst','cnex','cnex'])[1 + g % 10] as scheme) s,
           lateral (select (${sql.val(STATES)}::text[])[1 + (g / 10) % ${STATES.length}] as state) st`.execute(
      trx,
    );
  });
  await sql`vacuum analyze business_application`.execute(blade.db);
  await sql`vacuum analyze blade_customer_company`.execute(blade.db);
}

const runOn = (databaseUrl: string) =>
  onSeededBlade(databaseUrl, seed, async (blade, admin) => {
    const get = (verb: string, query: Record<string, string>) =>
      blade.app.request(`/blade-customer/paymentNote/${verb}?${new URLSearchParams(query)}`, {
        headers: { 'Blade-Auth': `bearer ${admin}` },
      });
    const queue = 'selectApplicationForCccBusinessManagementPage';
    const accepted = 'selectAcceptedApplicationForCccBusinessManagementPage';
    return {
      rows: { applications: APPLICATIONS, companies: COMPANIES },
      cccQueue: {
        size10: await measure(SAMPLES, () => get(queue, { current: '1', size: '10' })),
        size10Page500: await measure(SAMPLES, () => get(queue, { current: '500', size: '10' })),
        productName: await measure(SAMPLES, () => get(queue, { productName: '电动机1999', size: '10' })),
        companyName: await measure(SAMPLES, () => get(queue, { companyName: '有限公司77', size: '10' })),
      },
      cccAccepted: {
        size10: await measure(SAMPLES, () => get(accepted, { current: '1', size: '10' })),
        finished: await measure(SAMPLES, () => get(accepted, { isFinished: '1', size: '10' })),
      },
    };
  });

export async function runApplicationsBench() {
  if (!POSTGRES_URL) return { postgres: 'skipped: set BENCH_DATABASE_URL' };
  const postgres = await withPostgres(POSTGRES_URL, runOn);
  const pages = [...Object.values(postgres.cccQueue), ...Object.values(postgres.cccAccepted)];
  return { postgres, targets: { p95UnderMs: 50, met: pages.every((r) => r.p95Ms < 50) } };
}

if (require.main === module) printReport(runApplicationsBench);
