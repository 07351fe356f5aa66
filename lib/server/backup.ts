import { createReadStream, createWriteStream, existsSync } from 'node:fs';
import { cp, mkdir, readFile, rename, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { createInterface } from 'node:readline';
import { pipeline } from 'node:stream/promises';
import { createGunzip, createGzip } from 'node:zlib';
import { Readable } from 'node:stream';
import { sql, type Kysely } from 'kysely';

/**
 * Backups of the embedded data: the database as a logical snapshot and DATA_DIR/files as a copy.
 *
 * Why logical: PGlite has no second connection and no pg_dump, and copying its directory is only consistent while
 * it is closed. The running portal instead reads every table inside one REPEATABLE READ transaction — one snapshot,
 * taken while requests go on — each row as PostgreSQL's own JSON text (`row_to_json`), so every type round-trips
 * through PostgreSQL's conversions on restore (`json_populate_recordset`). The same format works on PostgreSQL, but
 * there `pg_dump` is the better tool (README, Deploy).
 *
 * Files are written once under generated keys and never changed, so they are copied after the database snapshot:
 * every file the snapshot refers to exists by then (an upload finishing meanwhile adds an unreferenced file; a file
 * deleted between the two steps is the one gap, and deletions are rare).
 *
 * Layout of a backup directory: manifest.json, database.jsonl.gz (one `{"t":table,"r":rowJson}` or
 * `{"t":table,"seq":name,"v":value}` per line), files/ (a copy of DATA_DIR/files).
 */

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- the dump reads whatever tables exist
type AnyDb = Kysely<any>;

export const BACKUP_FORMAT = 'cert-portal-backup/1';
const BATCH = 500;

export interface Manifest {
  format: typeof BACKUP_FORMAT;
  createdAt: string;
  migrations: string[];
  tables: Record<string, number>;
  files: boolean;
}

const ident = (name: string) => sql.id(name);

async function listTables(db: AnyDb): Promise<string[]> {
  const { rows } = await sql<{ tablename: string }>`
    select tablename from pg_tables where schemaname = 'public' order by tablename`.execute(db);
  return rows.map((r) => r.tablename);
}

async function listSequences(db: AnyDb): Promise<string[]> {
  const { rows } = await sql<{ name: string }>`
    select sequencename as name from pg_sequences where schemaname = 'public' order by sequencename`.execute(
    db,
  );
  return rows.map((r) => r.name);
}

async function appliedMigrations(db: AnyDb): Promise<string[]> {
  try {
    const { rows } = await sql<{ name: string }>`select name from kysely_migration order by name`.execute(db);
    return rows.map((r) => r.name);
  } catch {
    return [];
  }
}

/** Writes a backup of `db` (and `filesDir`, when it exists) into the new directory `target`. */
export async function writeBackup(db: AnyDb, filesDir: string, target: string): Promise<Manifest> {
  if (existsSync(target)) throw new Error(`backup target ${target} already exists`);
  const partial = `${target}.partial`;
  await rm(partial, { recursive: true, force: true });
  await mkdir(partial, { recursive: true });
  const counts: Record<string, number> = {};
  let migrations: string[] = [];

  const gzip = createGzip();
  const written = pipeline(gzip, createWriteStream(path.join(partial, 'database.jsonl.gz')));
  const line = (value: unknown) =>
    new Promise<void>((resolve, reject) => {
      const ok = gzip.write(`${JSON.stringify(value)}\n`, (err) => (err ? reject(err) : undefined));
      if (ok) resolve();
      else gzip.once('drain', resolve);
    });

  await db
    .transaction()
    .setIsolationLevel('repeatable read')
    .setAccessMode('read only')
    .execute(async (trx) => {
      migrations = await appliedMigrations(trx);
      for (const table of await listTables(trx)) {
        counts[table] = 0;
        // ctid order is stable inside one snapshot, so offset paging reads each row exactly once.
        for (let offset = 0; ; offset += BATCH) {
          const { rows } = await sql<{ r: string }>`
            select row_to_json(t)::text as r from ${ident(table)} t order by t.ctid limit ${BATCH} offset ${offset}`.execute(
            trx,
          );
          for (const row of rows) await line({ t: table, r: row.r });
          counts[table] += rows.length;
          if (rows.length < BATCH) break;
        }
      }
      for (const seq of await listSequences(trx)) {
        const { rows } = await sql<{ v: string | null }>`
          select last_value::text as v from pg_sequences where schemaname = 'public' and sequencename = ${seq}`.execute(
          trx,
        );
        await line({ t: '', seq, v: rows[0]?.v ?? null });
      }
    });
  gzip.end();
  await written;

  const files = existsSync(filesDir);
  if (files) await cp(filesDir, path.join(partial, 'files'), { recursive: true });
  const manifest: Manifest = {
    format: BACKUP_FORMAT,
    createdAt: new Date().toISOString(),
    migrations,
    tables: counts,
    files,
  };
  await writeFile(path.join(partial, 'manifest.json'), `${JSON.stringify(manifest, null, 2)}\n`);
  await rename(partial, target);
  return manifest;
}

/**
 * Replaces the database content and DATA_DIR/files with a backup's, in one transaction: on any error nothing changes
 * in the database. The backup must come from the same migrations (same tables and columns).
 */
export async function restoreBackup(db: AnyDb, filesDir: string, source: string): Promise<Manifest> {
  const manifest = JSON.parse(await readFile(path.join(source, 'manifest.json'), 'utf8')) as Manifest;
  if (manifest.format !== BACKUP_FORMAT) throw new Error(`${source} is not a ${BACKUP_FORMAT} backup`);
  const current = await appliedMigrations(db);
  if (JSON.stringify(current) !== JSON.stringify(manifest.migrations)) {
    throw new Error(
      'the backup was taken with other migrations than this database has; restore it with the release that made it',
    );
  }

  await db.transaction().execute(async (trx) => {
    // Rows go back in table order, not dependency order: foreign-key triggers wait until the data is whole.
    await sql`set local session_replication_role = replica`.execute(trx);
    const tables = await listTables(trx);
    if (tables.length > 0) await sql`truncate ${sql.join(tables.map(ident))}`.execute(trx);
    let table = '';
    let batch: string[] = [];
    const flush = async () => {
      if (batch.length === 0) return;
      await sql`insert into ${ident(table)} overriding system value
        select * from json_populate_recordset(null::${ident(table)}, ${`[${batch.join(',')}]`}::json)`.execute(
        trx,
      );
      batch = [];
    };
    const lines = createInterface({
      input: Readable.from(createReadStream(path.join(source, 'database.jsonl.gz')).pipe(createGunzip())),
      crlfDelay: Infinity,
    });
    for await (const text of lines) {
      if (!text) continue;
      const entry = JSON.parse(text) as { t: string; r?: string; seq?: string; v?: string | null };
      if (entry.seq) {
        await flush();
        if (entry.v !== null && entry.v !== undefined)
          await sql`select setval(${`public.${entry.seq}`}::regclass, ${entry.v}::bigint)`.execute(trx);
        continue;
      }
      if (entry.t !== table) {
        await flush();
        if (!tables.includes(entry.t))
          throw new Error(`the backup has a table this database lacks: ${entry.t}`);
        table = entry.t;
      }
      batch.push(entry.r as string);
      if (batch.length >= BATCH) await flush();
    }
    await flush();
  });

  // Files after the database: a failed copy leaves the old files next to restored rows, which the next restore fixes.
  const incoming = path.join(source, 'files');
  const staging = `${filesDir}.restoring`;
  await rm(staging, { recursive: true, force: true });
  if (manifest.files && existsSync(incoming)) await cp(incoming, staging, { recursive: true });
  else await mkdir(staging, { recursive: true });
  await rm(filesDir, { recursive: true, force: true });
  await rename(staging, filesDir);
  return manifest;
}
