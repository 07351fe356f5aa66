import { mkdirSync } from 'node:fs';
import path from 'node:path';
import type { PGlite } from '@electric-sql/pglite';
import { Kysely, PostgresDialect } from 'kysely';
import type { Database } from './schema';
import { lockDataDir } from './data-dir-lock';
import { PGliteDialect } from './pglite-dialect';

export interface OpenOptions {
  dataDir: string;
  databaseUrl?: string;
  memory?: boolean;
  /** Tests: the in-memory database starts as this dump (`OpenDatabase.dump`) instead of empty. */
  memoryFrom?: Blob;
  /** Tests: PGlite's WebAssembly compiled once per process (see `PGliteModules`), for in-memory databases. */
  pgliteModules?: PGliteModules;
  log: (line: string) => void;
}

/** PGlite's compiled modules and file bundle, reused by many in-memory databases instead of compiled for each. */
export interface PGliteModules {
  pgliteWasmModule: WebAssembly.Module;
  initdbWasmModule: WebAssembly.Module;
  fsBundle: Blob;
}

// int8 and numeric stay text on both drivers: snowflake ids exceed 2^53 and amounts are exact decimals. A date stays
// its `yyyy-MM-dd` text: a JS Date would shift it by the server's time zone.
const DATE_OID = 1082;
const asText = (v: string) => v;
const pgliteParsers = { 20: asText, 1700: asText, [DATE_OID]: asText };

export interface OpenDatabase {
  db: Kysely<Database>;
  close(): Promise<void>;
  /** In-memory PGlite only: its data directory as a tarball, to start other in-memory databases from. */
  dump?: () => Promise<Blob>;
  /** PGlite only: the instance behind `db`, for a library that needs the raw handle (the alert scheduler's pg-boss). */
  pglite?: PGlite;
}

/** Opens PostgreSQL (pg Pool) when a URL is given, else PGlite (in memory, or files under dataDir/pglite). */
export async function openDatabase(options: OpenOptions): Promise<OpenDatabase> {
  if (options.databaseUrl) {
    const { default: pg } = await import('pg');
    const pool = new pg.Pool({
      connectionString: options.databaseUrl,
      max: 10,
      // node-postgres already answers int8 and numeric as text.
      types: {
        getTypeParser: ((oid: number, format?: 'text' | 'binary') =>
          oid === DATE_OID ? asText : pg.types.getTypeParser(oid, format)) as typeof pg.types.getTypeParser,
      },
    });
    pool.on('error', (err) => options.log(`[blade] idle database connection error: ${err.message}`));
    const db = new Kysely<Database>({ dialect: new PostgresDialect({ pool }) });
    return { db, close: () => db.destroy() };
  }
  const { PGlite } = await import('@electric-sql/pglite');
  if (options.memory) {
    const pglite = await PGlite.create({
      parsers: pgliteParsers,
      loadDataDir: options.memoryFrom,
      ...options.pgliteModules,
    });
    const db = new Kysely<Database>({ dialect: new PGliteDialect(pglite) });
    return { db, close: () => db.destroy(), dump: () => pglite.dumpDataDir('none'), pglite };
  }
  const dataDir = path.join(/*turbopackIgnore: true*/ options.dataDir, 'pglite');
  mkdirSync(path.dirname(dataDir), { recursive: true });
  const unlock = lockDataDir(`${dataDir}.lock`);
  try {
    const pglite = await PGlite.create(dataDir, { parsers: pgliteParsers });
    const db = new Kysely<Database>({ dialect: new PGliteDialect(pglite) });
    return {
      db,
      pglite,
      close: async () => {
        await db.destroy();
        unlock();
      },
    };
  } catch (err) {
    unlock();
    throw err;
  }
}
