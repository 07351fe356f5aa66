import type { PGlite } from '@electric-sql/pglite';
import { fromPglite, PgBoss } from 'pg-boss';
import type { Deps } from '../../core/context';
import { runAlertScan } from './alert-scan';

/** The pg-boss queue of the alert pass, and its default schedule (every hour, on the hour). */
/** pg-boss's database adapter interface (not exported by name). */
type BossDatabase = ReturnType<typeof fromPglite>;

export const ALERT_SCAN_QUEUE = 'alert-scan';
export const DEFAULT_ALERT_CRON = '0 * * * *';

export interface AlertSchedulerOptions {
  /** A cron expression (pg-boss: five fields, server time zone unless `tz`); default hourly. */
  cron?: string;
  tz?: string;
  /** How often an idle worker looks for a job, seconds (pg-boss default 2). */
  pollingIntervalSeconds?: number;
}

export interface AlertScheduler {
  boss: PgBoss;
  /** Queues one pass now (tests: `now` moves the pass's clock, honoured only with test hooks on). */
  runNow(now?: Date): Promise<string | null>;
  stop(): Promise<void>;
}

/**
 * pg-boss on the embedded PGlite, through the Kysely driver's lock: PGlite is one connection, and a pg-boss statement
 * sent straight to it could land inside another request's open transaction. `db.connection()` holds the driver's
 * lock for the statement (or the BEGIN … COMMIT script pg-boss sends as one), so it runs between transactions.
 */
function pgliteThroughKysely(deps: Deps, pglite: PGlite): BossDatabase {
  const direct = fromPglite(pglite);
  return {
    executeSql: (text, values) => deps.db.connection().execute(() => direct.executeSql(text, values)),
  };
}

/**
 * Starts pg-boss beside the API: its schema (`pgboss`) in the same database, the hourly schedule, and a worker that
 * runs the alert pass. On PostgreSQL every replica starts one; pg-boss hands each scheduled job to one worker, and the
 * delivery table's unique key keeps an alert single even when two passes overlap (a job retried, or `runNow`).
 */
export async function startAlertScheduler(
  deps: Deps,
  database: { databaseUrl?: string; pglite?: PGlite },
  options: AlertSchedulerOptions = {},
): Promise<AlertScheduler> {
  const boss = database.databaseUrl
    ? new PgBoss({ connectionString: database.databaseUrl, schema: 'pgboss', max: 2 })
    : new PgBoss({ db: pgliteThroughKysely(deps, database.pglite!), backend: 'pglite', schema: 'pgboss' });
  boss.on('error', (err: unknown) =>
    deps.log(`[blade] alert scheduler: ${err instanceof Error ? err.message : String(err)}`),
  );
  await boss.start();
  await boss.createQueue(ALERT_SCAN_QUEUE);
  await boss.schedule(
    ALERT_SCAN_QUEUE,
    options.cron ?? DEFAULT_ALERT_CRON,
    null,
    options.tz ? { tz: options.tz } : {},
  );
  await boss.work<{ now?: string } | null>(
    ALERT_SCAN_QUEUE,
    { pollingIntervalSeconds: options.pollingIntervalSeconds ?? 2 },
    async ([job]) => {
      const requested = job?.data?.now;
      // A job's clock is a test's tool only: in production every pass runs on the real time.
      const now = requested && deps.settings.testHooks ? new Date(requested) : new Date();
      const result = await runAlertScan(deps, now);
      if (result.raised) deps.log(`[blade] alert pass raised ${result.raised} alert(s)`);
      return result;
    },
  );
  return {
    boss,
    runNow: (now) => boss.send(ALERT_SCAN_QUEUE, now ? { now: now.toISOString() } : {}),
    stop: () => boss.stop({ graceful: true, timeout: 10_000, close: true }),
  };
}
