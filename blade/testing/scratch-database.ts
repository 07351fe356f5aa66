import { randomBytes } from 'node:crypto';

/**
 * Throw-away PostgreSQL databases for the suites that run on a real server (API suites with TEST_DATABASE_URL, the
 * bench with BENCH_DATABASE_URL, the production-shape specs). pg is imported when first needed: the PGlite runs never
 * load it.
 */

/** One statement on its own connection to the database at `url`. */
export async function runStatement(url: string, text: string, values: unknown[] = []) {
  const { default: pg } = await import('pg');
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return await client.query(text, values);
  } finally {
    await client.end();
  }
}

/**
 * A new empty database `<prefix>_<random>` on the server of `serverUrl`: its URL, and `drop`, which also ends any
 * connection the caller left open (`with (force)`).
 */
export async function scratchDatabase(
  serverUrl: string,
  prefix: string,
): Promise<{ url: string; drop(): Promise<void> }> {
  const name = `${prefix}_${randomBytes(6).toString('hex')}`;
  await runStatement(serverUrl, `create database ${name}`);
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    drop: async () => {
      await runStatement(serverUrl, `drop database if exists ${name} with (force)`);
    },
  };
}
