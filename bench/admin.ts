/**
 * Administration bench (issue 4): `/blade-user/page` over 100,000 users (size 10 and 100, all users and one dept
 * with the depts below it) and `/blade-system/menu/routes` for a role holding 1,000 menus (rebuilt on every call
 * and served from the menu cache), in process, on PGlite and — when BENCH_DATABASE_URL or TEST_DATABASE_URL points
 * at a PostgreSQL server — on a fresh database there too. Latencies are of sequential requests (p50/p95 in ms).
 *
 * `npm run bench` includes it; `npx tsx bench/admin.ts` runs it alone.
 */
import { createHash, randomBytes } from 'node:crypto';
import { sql } from 'kysely';
import { createBlade, type Blade } from '../blade/app';
import { nextId } from '../blade/core/ids';
import { forgetUserTotals } from '../blade/modules/user/user-admin.repository';
import { scratchDatabase } from '../blade/testing/scratch-database';

const USERS = Number(process.env.BENCH_ADMIN_USERS ?? 100_000);
const MENUS = 1_000;
const SAMPLES = Number(process.env.BENCH_ADMIN_SAMPLES ?? 200);
export const CLIENT = { clientId: 'bench', clientSecret: 'bench-client-secret-0123456789' };
export const PASSWORD = 'Bench#Admin-2026';
/** The PostgreSQL server the benches make their fresh databases on; without one they skip PostgreSQL. */
export const POSTGRES_URL = process.env.BENCH_DATABASE_URL ?? process.env.TEST_DATABASE_URL;

const md5 = (s: string) => createHash('md5').update(s).digest('hex');

export function percentile(sorted: number[], p: number): number {
  return +sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))].toFixed(2);
}

/** p50/p95 of `samples` sequential calls after ten warm-up ones; `untimed` runs before each call, outside its time. */
export async function measure(
  samples: number,
  call: () => Response | Promise<Response>,
  untimed?: () => unknown,
) {
  const times: number[] = [];
  for (let i = 0; i < samples + 10; i += 1) {
    await untimed?.();
    const start = performance.now();
    const res = await call();
    await res.arrayBuffer();
    if (res.status !== 200) throw new Error(`bench call answered ${res.status}`);
    if (i >= 10) times.push(performance.now() - start); // the first ten warm up
  }
  times.sort((a, b) => a - b);
  return { p50Ms: percentile(times, 50), p95Ms: percentile(times, 95), samples };
}

/** Runs a bench on its own (`npx tsx bench/<name>.ts`): its report as JSON on stdout, a failure as exit code 1. */
export function printReport(run: () => Promise<unknown>) {
  run()
    .then((report) => console.log(JSON.stringify(report, null, 2)))
    .catch((error) => {
      console.error(error);
      process.exitCode = 1;
    });
}

export async function login(blade: Blade, account: string): Promise<string> {
  const qs = new URLSearchParams({
    grant_type: 'password',
    tenantId: '000000',
    username: account,
    password: md5(PASSWORD),
  });
  const res = await blade.app.request(`/blade-auth/oauth/token?${qs}`, {
    method: 'POST',
    headers: {
      Authorization: `Basic ${Buffer.from(`${CLIENT.clientId}:${CLIENT.clientSecret}`).toString('base64')}`,
    },
  });
  const body = (await res.json()) as { access_token?: string; error_description?: string };
  if (!body.access_token) throw new Error(`bench login failed: ${body.error_description}`);
  return body.access_token;
}

/**
 * Runs `bench` on a new Blade in process (on PostgreSQL at `databaseUrl`, else on in-memory PGlite; no captcha, the
 * bench's client) once `seed` has filled it, with the administrator's token; answers how long the seeding took with
 * the bench's figures, and closes the Blade.
 */
export async function onSeededBlade<Seeded, Figures extends object>(
  databaseUrl: string | undefined,
  seed: (blade: Blade) => Promise<Seeded>,
  bench: (blade: Blade, admin: string, seeded: Seeded) => Promise<Figures>,
): Promise<{ seedSeconds: number } & Figures> {
  const blade = await createBlade({
    dataDir: '/nonexistent-bench-dir',
    memory: !databaseUrl,
    databaseUrl,
    jwtSigningKey: randomBytes(48).toString('hex'),
    captchaEnabled: false,
    portalClient: CLIENT,
    adminPassword: PASSWORD,
    log: () => {},
  });
  try {
    const seedStart = performance.now();
    const seeded = await seed(blade);
    const seedSeconds = +((performance.now() - seedStart) / 1000).toFixed(1);
    return { seedSeconds, ...(await bench(blade, await login(blade, 'admin'), seeded)) };
  } finally {
    await blade.close();
  }
}

/** 10 depts under the root, USERS users spread over them, and a role with MENUS menus (and its user). */
async function seed(blade: Blade): Promise<{ deptId: string }> {
  const db = blade.db;
  const rootDept = await db
    .selectFrom('blade_dept')
    .select(['id', 'ancestors'])
    .where('parent_id', '=', '0')
    .executeTakeFirstOrThrow();
  const role = await db
    .selectFrom('blade_role')
    .select('id')
    .where('role_alias', '=', 'administrator')
    .executeTakeFirstOrThrow();
  const admin = await db
    .selectFrom('blade_user')
    .select('password')
    .where('account', '=', 'admin')
    .executeTakeFirstOrThrow();
  const depts = Array.from({ length: 10 }, (_, i) => ({
    id: nextId(),
    tenant_id: '000000',
    parent_id: rootDept.id,
    ancestors: `${rootDept.ancestors},${rootDept.id}`,
    dept_name: `部门${i}`,
    full_name: `部门${i}`,
    sort: i,
  }));
  await db.insertInto('blade_dept').values(depts).execute();
  // Ids far above the snowflakes of the seed; one statement on the server keeps seeding to seconds.
  const deptList = sql.join(depts.map((d) => sql`${d.id}`));
  await sql`
    insert into blade_user (id, tenant_id, account, password, name, real_name, role_id, dept_id, post_id, create_user)
    select 5000000000000000000 + g, '000000', 'user' || g, ${admin.password}, 'u' || g, '用户' || (g % 1000),
           ${role.id}, (array[${deptList}])[1 + g % 10], '', null
    from generate_series(1, ${USERS}) g`.execute(db);

  const benchRole = nextId();
  await db
    .insertInto('blade_role')
    .values({ id: benchRole, tenant_id: '000000', role_name: '压测', role_alias: 'bench' })
    .execute();
  const menus = [];
  for (let p = 0; p < MENUS / 20; p += 1) {
    const parent = nextId();
    menus.push({
      id: parent,
      parent_id: '0',
      code: `bench_${p}`,
      name: `压测${p}`,
      path: `/bench/${p}`,
      sort: 100 + p,
    });
    for (let c = 0; c < 19; c += 1)
      menus.push({
        id: nextId(),
        parent_id: parent,
        code: `bench_${p}_${c}`,
        name: `页面${c}`,
        path: `/bench/${p}/${c}`,
        sort: c,
      });
  }
  await db.insertInto('blade_menu').values(menus).execute();
  await db
    .insertInto('blade_role_menu')
    .values(menus.map((m) => ({ id: nextId(), tenant_id: '000000', role_id: benchRole, menu_id: m.id })))
    .execute();
  await db
    .insertInto('blade_user')
    .values({
      id: nextId(),
      tenant_id: '000000',
      account: 'bench',
      password: admin.password,
      role_id: benchRole,
      dept_id: rootDept.id,
    })
    .execute();
  // A steady-state table: visibility map and statistics as autovacuum would leave them.
  await sql`vacuum analyze blade_user`.execute(db);
  return { deptId: rootDept.id };
}

const runOn = (databaseUrl?: string) =>
  onSeededBlade(databaseUrl, seed, async (blade, admin, { deptId }) => {
    const bench = await login(blade, 'bench');
    const get = (path: string, token: string) =>
      blade.app.request(path, { headers: { 'Blade-Auth': `bearer ${token}` } });
    const page = (query: string) => measure(SAMPLES, () => get(`/blade-user/page?${query}`, admin));
    const routesBody = (await (await get('/blade-system/menu/routes', bench)).json()) as { data: unknown[] };
    return {
      users: USERS,
      // The cheapest authenticated call (one indexed row): how loaded the machine is, to read the figures below by.
      baselineUserInfo: await measure(SAMPLES, () => get('/blade-user/info', admin)),
      userPage: {
        size10: await page('current=1&size=10'),
        size100: await page('current=1&size=100'),
        // The total counted on every call (the 5 s total cache forgotten first): what a changed filter costs.
        size10Recounted: await measure(SAMPLES, () => {
          forgetUserTotals(blade.db);
          return get('/blade-user/page?current=1&size=10', admin);
        }),
        size10Page500: await page('current=500&size=10'),
        deptSize10: await page(`current=1&size=10&deptId=${deptId}`),
        deptSize100: await page(`current=1&size=100&deptId=${deptId}`),
      },
      menuRoutes: {
        menus: MENUS,
        roots: routesBody.data.length,
        // Every call rebuilds the tree: the cache is cleared before each one (clearing is not timed).
        uncached: await measure(
          SAMPLES,
          () => get('/blade-system/menu/routes', bench),
          () => get('/blade-auth/oauth/clear-cache', admin),
        ),
        cached: await measure(SAMPLES, () => get('/blade-system/menu/routes', bench)),
      },
    };
  });

export async function withPostgres<T>(base: string, fn: (url: string) => Promise<T>): Promise<T> {
  const database = await scratchDatabase(base, 'blade_bench');
  try {
    return await fn(database.url);
  } finally {
    await database.drop();
  }
}

/** The figures of both databases (PostgreSQL only when a server URL is configured). */
export async function runAdminBench() {
  const pglite = await runOn();
  const postgres = POSTGRES_URL ? await withPostgres(POSTGRES_URL, runOn) : 'skipped: set BENCH_DATABASE_URL';
  const p95 = typeof postgres === 'string' ? undefined : postgres;
  return {
    pglite,
    postgres,
    targets: {
      postgresP95UnderMs: 50,
      met: p95
        ? Object.values(p95.userPage).every((r) => r.p95Ms < 50) && p95.menuRoutes.uncached.p95Ms < 50
        : 'not measured',
    },
  };
}

if (require.main === module) printReport(runAdminBench);
