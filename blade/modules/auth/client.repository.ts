import { sql } from 'kysely';
import type { Db } from '../../db/tenant';
import { nextId } from '../../core/ids';
import { hashSecret, verifySecret } from './password';

export async function findClient(db: Db, clientId: string) {
  return db
    .selectFrom('blade_client')
    .select([
      'id',
      'client_id',
      'client_secret',
      'access_token_validity',
      'refresh_token_validity',
      'authorized_grant_types',
    ])
    .where('client_id', '=', clientId)
    .where('is_deleted', '=', 0)
    .executeTakeFirst();
}

export type ClientRow = NonNullable<Awaited<ReturnType<typeof findClient>>>;

export interface ClientSettings {
  clientId: string;
  clientSecret: string;
  accessTokenValidity: number;
  refreshTokenValidity: number;
}

/** Runs on every start so that a changed CLIENT_SECRET or token lifetime takes effect; rehashes only on change. */
export async function upsertClient(db: Db, settings: ClientSettings): Promise<void> {
  const existing = await findClient(db, settings.clientId);
  if (!existing) {
    await db
      .insertInto('blade_client')
      .values({
        id: nextId(),
        client_id: settings.clientId,
        client_secret: await hashSecret(settings.clientSecret),
        access_token_validity: settings.accessTokenValidity,
        refresh_token_validity: settings.refreshTokenValidity,
      })
      .execute();
    return;
  }
  const secretUnchanged = await verifySecret(existing.client_secret, settings.clientSecret);
  if (
    secretUnchanged &&
    existing.access_token_validity === settings.accessTokenValidity &&
    existing.refresh_token_validity === settings.refreshTokenValidity
  ) {
    return;
  }
  await db
    .updateTable('blade_client')
    .set({
      client_secret: secretUnchanged ? existing.client_secret : await hashSecret(settings.clientSecret),
      access_token_validity: settings.accessTokenValidity,
      refresh_token_validity: settings.refreshTokenValidity,
      update_time: sql<Date>`now()`,
    })
    .where('id', '=', existing.id)
    .execute();
}
