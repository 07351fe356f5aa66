import { nextId } from '../../core/ids';
import type { Db } from '../../db/tenant';

export interface GuestUser {
  account: string;
  name: string;
  passwordHash: string;
  oauthId?: string | null;
  createUser: string;
}

/** Whether the third-party account id is bound to a user of the tenant already. */
export async function oauthBound(db: Db, tenantId: string, uuid: string): Promise<boolean> {
  const row = await db
    .selectFrom('blade_user_oauth')
    .select('id')
    .where('tenant_id', '=', tenantId)
    .where('uuid', '=', uuid)
    .executeTakeFirst();
  return row !== undefined;
}

/**
 * A registered guest waits for approval: status 0 (cannot log in), no roles, depts or posts. The oauthId is bound only
 * when it is free: a binding never moves from one user to another here, or a registration could take over the
 * third-party login of an existing user.
 */
export async function insertGuest(db: Db, tenantId: string, guest: GuestUser): Promise<string> {
  const id = nextId();
  await db
    .insertInto('blade_user')
    .values({
      id,
      tenant_id: tenantId,
      account: guest.account,
      password: guest.passwordHash,
      name: guest.name.slice(0, 20),
      real_name: guest.name.slice(0, 10),
      user_type: 3,
      status: 0,
      create_user: guest.createUser,
      update_user: guest.createUser,
    })
    .execute();
  if (guest.oauthId) {
    await db
      .insertInto('blade_user_oauth')
      .values({ id: nextId(), tenant_id: tenantId, uuid: guest.oauthId, user_id: id })
      .onConflict((oc) => oc.columns(['tenant_id', 'uuid']).doNothing())
      .execute();
  }
  return id;
}
