import { Migrator } from 'kysely';
import type { Db } from './tenant';
import { migrations } from './migrations';

export async function migrateToLatest(db: Db): Promise<void> {
  const migrator = new Migrator({ db, provider: { getMigrations: async () => migrations } });
  const { error, results } = await migrator.migrateToLatest();
  const failed = results?.find((r) => r.status === 'Error');
  if (error || failed) {
    const reason = error instanceof Error ? error.message : String(error ?? 'unknown error');
    throw new Error(`blade migration ${failed?.migrationName ?? ''} failed: ${reason}`);
  }
}
