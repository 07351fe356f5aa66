import { createHash } from 'node:crypto';
import type { Deps } from '../../core/context';
import { findClient, type ClientRow } from './client.repository';
import { GRANT_MESSAGES as M, GrantError } from './grant-error';
import { verifySecret } from './password';

const BASIC = /^basic(?: |%20)([A-Za-z0-9+/=_-]+)$/i;

/** `Authorization: Basic base64(clientId:clientSecret)`, checked before anything else on the token endpoint. */
export async function authenticateClient(deps: Deps, header: string | undefined): Promise<ClientRow> {
  const encoded = BASIC.exec(header?.trim() ?? '')?.[1];
  if (!encoded) throw new GrantError(401, M.noClient);
  const decoded = Buffer.from(encoded, 'base64').toString('utf8');
  const colon = decoded.indexOf(':');
  if (colon <= 0) throw new GrantError(401, M.badClient);
  const clientId = decoded.slice(0, colon);
  const secret = decoded.slice(colon + 1);

  const client = await findClient(deps.db, clientId);
  if (!client) throw new GrantError(401, M.badClient);
  // The stored hash is part of the key, so a rotated secret invalidates the cached verdict.
  const cacheKey = createHash('sha256')
    .update(`${clientId}\0${secret}\0${client.client_secret}`)
    .digest('hex');
  if (!deps.caches.clients.has(cacheKey)) {
    if (!(await verifySecret(client.client_secret, secret))) throw new GrantError(401, M.badClient);
    deps.caches.clients.add(cacheKey);
  }
  return client;
}
