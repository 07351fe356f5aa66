/**
 * Projects and finance bench (issue 13), on PostgreSQL (BENCH_DATABASE_URL or TEST_DATABASE_URL; a fresh database):
 * 1,000 projects, 100,000 contracts with a batch each and 1,000,000 receipts. Sequential requests in process (p50/p95
 * in ms): the contract list (first page, a deep page, one project's, sorted by an amount), the project detail page's
 * calls, the receipts list, a receipt posted (locks and recomputed amounts); and the export of all 100,000 contracts
 * (seconds and the process's RSS growth, against an export of 10,000: flat memory means about the same growth).
 *
 * `npm run bench` includes it; `npx tsx bench/business.ts` runs it alone.
 */
import { sql } from 'kysely';
import type { Blade } from '../blade/app';
import { withTenant } from '../blade/db/tenant';
import { measure, onSeededBlade, POSTGRES_URL, printReport, withPostgres } from './admin';

const CONTRACTS = Number(process.env.BENCH_CONTRACTS ?? 100_000);
const RECEIPTS_PER_CONTRACT = 10;
const PROJECTS = Math.max(1, Math.round(CONTRACTS / 100));
const SAMPLES = Number(process.env.BENCH_BUSINESS_SAMPLES ?? 200);
const TENANT = '000000';
// Ids far above the snowflakes of the seed, one range per table.
const BASE = { project: 6e18, contract: 6.1e18, batch: 6.2e18, receipt: 6.3e18 };

async function seed(blade: Blade) {
  await withTenant(blade.db, TENANT, async (trx) => {
    const at = (base: number) => sql.raw(BigInt(base).toString());
    await sql`
      insert into business_project (id, tenant_id, project_name, project_unit, project_status, project_amount,
                                    received_amount, unpaid_amount, residue_amount)
      select ${at(BASE.project)} + g, ${TENANT}, '压测项目' || g, '委托单位' || (g % 97), '2',
             100 * 10000.00, 100 * 1000.00, 100 * 9000.00, 100 * 1000.00
      from generate_series(1, ${PROJECTS}) g`.execute(trx);
    await sql`
      insert into business_contract (id, tenant_id, project_id, contract_name, contract_code, contract_type,
                                     signed_date, contract_amount, received_amount, unpaid_amount)
      select ${at(BASE.contract)} + g, ${TENANT}, ${at(BASE.project)} + 1 + (g - 1) / 100, '压测合同' || g,
             'HT-' || lpad(g::text, 7, '0'), '1', date '2026-01-01' + (g % 300), 10000.00, 1000.00, 9000.00
      from generate_series(1, ${CONTRACTS}) g`.execute(trx);
    await sql`
      insert into business_contract_batch (id, tenant_id, contract_id, batch_name, percent, batch_amount,
                                           received_amount, unpaid_amount)
      select ${at(BASE.batch)} + g, ${TENANT}, ${at(BASE.contract)} + g, '全款', 100, 10000.00, 1000.00, 9000.00
      from generate_series(1, ${CONTRACTS}) g`.execute(trx);
    await sql`
      insert into business_real_income (id, tenant_id, contract_id, batch_id, received_amount, received_date)
      select ${at(BASE.receipt)} + g, ${TENANT}, ${at(BASE.contract)} + 1 + (g - 1) / ${RECEIPTS_PER_CONTRACT},
             ${at(BASE.batch)} + 1 + (g - 1) / ${RECEIPTS_PER_CONTRACT}, 100.00, date '2026-01-01' + (g % 330)
      from generate_series(1, ${CONTRACTS * RECEIPTS_PER_CONTRACT}) g`.execute(trx);
  });
  // A steady state: visibility map and statistics as autovacuum would leave them.
  for (const table of [
    'business_project',
    'business_contract',
    'business_contract_batch',
    'business_real_income',
  ])
    await sql`vacuum analyze ${sql.table(table)}`.execute(blade.db);
}

/** The process's RSS growth over `work`, sampled every 20 ms, in MB; and its seconds. */
async function rssDuring(work: () => Promise<unknown>) {
  const before = process.memoryUsage().rss;
  let peak = before;
  const timer = setInterval(() => (peak = Math.max(peak, process.memoryUsage().rss)), 20);
  const start = performance.now();
  try {
    await work();
  } finally {
    clearInterval(timer);
  }
  peak = Math.max(peak, process.memoryUsage().rss);
  return {
    seconds: +((performance.now() - start) / 1000).toFixed(2),
    rssGrowthMb: +((peak - before) / 2 ** 20).toFixed(1),
  };
}

const runOn = (databaseUrl: string) =>
  onSeededBlade(databaseUrl, seed, async (blade, admin) => {
    const post = (path: string, body: Record<string, unknown>) =>
      blade.app.request(`/business-service/${path}`, {
        method: 'POST',
        headers: { 'Blade-Auth': `bearer ${admin}`, 'content-type': 'application/json' },
        body: JSON.stringify(body),
      });
    const project = (BigInt(BASE.project) + 500n).toString();
    const contract = (BigInt(BASE.contract) + 49_901n).toString();
    let receipt = 0;
    const exportRows = async (body: Record<string, unknown>) => {
      const res = await post('contract/export', body);
      let bytes = 0;
      for await (const chunk of res.body as unknown as AsyncIterable<Uint8Array>) bytes += chunk.byteLength;
      return { rows: Number(res.headers.get('x-total-count')), mb: +(bytes / 2 ** 20).toFixed(1) };
    };
    const small = await rssDuring(() => exportRows({ contractCode: 'HT-000' }));
    let full: { rows: number; mb: number } | undefined;
    const all = await rssDuring(async () => (full = await exportRows({})));
    return {
      rows: { projects: PROJECTS, contracts: CONTRACTS, receipts: CONTRACTS * RECEIPTS_PER_CONTRACT },
      contractList: {
        size10: await measure(SAMPLES, () => post('contract/list', { current: 1, size: 10 })),
        size10Page5000: await measure(SAMPLES, () => post('contract/list', { current: 5000, size: 10 })),
        oneProject: await measure(SAMPLES, () =>
          post('contract/list', { current: 1, size: 10, projectId: project }),
        ),
        byUnpaidDesc: await measure(SAMPLES, () =>
          post('contract/list', { current: 1, size: 10, descs: 'unpaid_amount' }),
        ),
        codeFragment: await measure(SAMPLES, () =>
          post('contract/list', { current: 1, size: 10, contractCode: '4990' }),
        ),
      },
      // What /administration/projectManagement_detail asks: the project, its contracts, the first one's receipts.
      projectDetail: await measure(SAMPLES, async () => {
        const answers = await Promise.all([
          post('project/list', { id: project, current: 1, size: 1 }),
          post('contract/list', { projectId: project, current: 1, size: 10 }),
          post('realIncome/list', { projectId: project, current: 1, size: 10 }),
        ]);
        for (const answer of answers) if (answer.status !== 200) return answer;
        return answers[0];
      }),
      receiptsOfContract: await measure(SAMPLES, () =>
        post('realIncome/list', { contractId: contract, current: 1, size: 10 }),
      ),
      receiptsAll: await measure(SAMPLES, () => post('realIncome/list', { current: 1, size: 10 })),
      // Each receipt on another batch: lock project and contract, check, insert, recompute batch, contract, project.
      receiptPost: await measure(SAMPLES, () => {
        receipt += 1;
        return post('realIncome/add', {
          batchId: (BigInt(BASE.batch) + BigInt(receipt)).toString(),
          receivedAmount: '1.00',
          receivedDate: '2026-11-25',
        });
      }),
      export: {
        small: { ...small },
        all: { ...all, ...full },
      },
    };
  });

export async function runBusinessBench() {
  if (!POSTGRES_URL) return { postgres: 'skipped: set BENCH_DATABASE_URL' };
  const postgres = await withPostgres(POSTGRES_URL, runOn);
  const lists = [
    postgres.contractList.size10,
    postgres.contractList.oneProject,
    postgres.contractList.byUnpaidDesc,
    // A fragment of the number, through the suffix index (migration 20261127T150000).
    postgres.contractList.codeFragment,
    postgres.projectDetail,
    postgres.receiptsOfContract,
  ];
  return {
    postgres,
    targets: {
      p95UnderMs: 50,
      exportGrowthWithin: '2× the 10,000-row export’s',
      met: {
        lists: lists.every((r) => r.p95Ms < 50),
        exportFlat: postgres.export.all.rssGrowthMb <= Math.max(2 * postgres.export.small.rssGrowthMb, 64),
      },
    },
  };
}

if (require.main === module) printReport(runBusinessBench);
