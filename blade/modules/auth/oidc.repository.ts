import { createHash } from 'node:crypto';
import { sql, type Selectable } from 'kysely';
import type { OauthSourceTable } from '../../db/schema';
import type { Db } from '../../db/tenant';

export type OauthSourceRow = Selectable<OauthSourceTable>;

/** A login begun at a source lives this long: time to sign in at the provider, not to keep a code around. */
export const STATE_TTL_SECONDS = 600;

/** Only a hash of the state is kept: a database reader cannot finish someone's login with it. */
export const stateHash = (state: string) => createHash('sha256').update(state).digest('hex');

/** The tenant's live, enabled source of this name. */
export async function findEnabledSource(
  db: Db,
  tenantId: string,
  source: string,
): Promise<OauthSourceRow | undefined> {
  return db
    .selectFrom('blade_oauth_source')
    .selectAll()
    .where('tenant_id', '=', tenantId)
    .where('source', '=', source)
    .where('is_deleted', '=', 0)
    .where('enabled', '=', 1)
    .executeTakeFirst();
}

export async function findSourceById(
  db: Db,
  tenantId: string,
  id: string,
): Promise<OauthSourceRow | undefined> {
  return db
    .selectFrom('blade_oauth_source')
    .selectAll()
    .where('tenant_id', '=', tenantId)
    .where('id', '=', id)
    .where('is_deleted', '=', 0)
    .where('enabled', '=', 1)
    .executeTakeFirst();
}

/** The names the login page shows; nothing of the configuration. */
export async function listEnabledSources(db: Db, tenantId: string) {
  return db
    .selectFrom('blade_oauth_source')
    .select(['kind', 'source', 'name'])
    .where('tenant_id', '=', tenantId)
    .where('is_deleted', '=', 0)
    .where('enabled', '=', 1)
    .orderBy('kind')
    .orderBy('id')
    .execute();
}

export interface BegunLogin {
  state: string;
  tenantId: string;
  sourceId: string;
  codeVerifier: string;
  nonce: string;
  redirectUri: string;
}

/** Stores a begun login; expired ones of the tenant go first, so abandoned logins do not pile up. */
export async function insertState(db: Db, login: BegunLogin): Promise<void> {
  await db
    .deleteFrom('blade_oauth_state')
    .where('tenant_id', '=', login.tenantId)
    .where('expires_at', '<', sql<Date>`now()`)
    .execute();
  await db
    .insertInto('blade_oauth_state')
    .values({
      state_hash: stateHash(login.state),
      tenant_id: login.tenantId,
      source_id: login.sourceId,
      code_verifier: login.codeVerifier,
      nonce: login.nonce,
      redirect_uri: login.redirectUri,
      expires_at: sql<Date>`now() + make_interval(secs => ${STATE_TTL_SECONDS})`,
    })
    .execute();
}

/**
 * Single use: the row is deleted by the first caller that names it, live or expired, in one statement, so two
 * replicas handed the same state cannot both proceed. Answers the row only while it was live.
 */
export async function consumeState(db: Db, tenantId: string, state: string) {
  const row = await db
    .deleteFrom('blade_oauth_state')
    .where('tenant_id', '=', tenantId)
    .where('state_hash', '=', stateHash(state))
    .returning([
      'source_id',
      'code_verifier',
      'nonce',
      'redirect_uri',
      sql<boolean>`expires_at > now()`.as('live'),
    ])
    .executeTakeFirst();
  return row?.live ? row : undefined;
}

/** The user a third-party account is bound to, if any. */
export async function findBoundUserId(db: Db, tenantId: string, uuid: string): Promise<string | undefined> {
  const row = await db
    .selectFrom('blade_user_oauth')
    .select('user_id')
    .where('tenant_id', '=', tenantId)
    .where('uuid', '=', uuid)
    .executeTakeFirst();
  return row?.user_id;
}
