import { type CrudHooks } from '../../../core/crud';
import { KeyedError } from '../../../core/errors';
import { hashSecret } from '../../auth/password';

const GRANT_TYPES = new Set(['captcha', 'password', 'refresh_token', 'authorization_code', 'social', 'sms']);

/**
 * What the client definition does not say: known grant types only, sane token lifetimes, the secret stored as
 * argon2id, the client the caller signed in through kept, and verified credentials forgotten after every change.
 */
export const clientHooks: CrudHooks = {
  async beforeWrite({ trx }, values, id) {
    if (values.authorized_grant_types !== undefined) {
      const types = String(values.authorized_grant_types)
        .split(',')
        .map((s) => s.trim())
        .filter(Boolean);
      if (!types.every((g) => GRANT_TYPES.has(g))) throw new KeyedError('system.client.grantTypeUnsupported');
      values.authorized_grant_types = types.join(',');
    }
    // An edit may give one lifetime: it is checked against the other one as stored.
    const stored = id
      ? await trx
          .selectFrom('blade_client')
          .select(['access_token_validity', 'refresh_token_validity'])
          .where('id', '=', id)
          .executeTakeFirstOrThrow()
      : undefined;
    const access = Number(values.access_token_validity ?? stored?.access_token_validity);
    const refresh = Number(values.refresh_token_validity ?? stored?.refresh_token_validity);
    if (access < 60 || refresh < access) throw new KeyedError('system.client.validityInvalid');
    if (values.client_secret !== undefined)
      values.client_secret = await hashSecret(String(values.client_secret));
  },
  async afterRemove({ trx, auth }, ids) {
    const inUse = await trx
      .selectFrom('blade_client')
      .select('id')
      .where('id', 'in', ids)
      .where('client_id', '=', auth.clientId)
      .executeTakeFirst();
    if (inUse) throw new KeyedError('system.client.inUse');
  },
  afterCommit(deps) {
    // Verified credentials are remembered for minutes; a changed secret must stop working now.
    deps.caches.clients.clear();
  },
};
