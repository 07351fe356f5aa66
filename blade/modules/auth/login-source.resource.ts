import { WECHAT_OPEN, WECHAT_SCOPE } from '../../../lib/contracts/system/login-source';
import type { Deps } from '../../core/context';
import { type CrudHooks } from '../../core/crud';
import { KeyedError } from '../../core/errors';
import { OutboundRefused } from '../../core/outbound';

/**
 * The issuer as discovery will use it: an http(s) URL without query, fragment or userinfo (a path is allowed: many
 * providers serve several realms under one host), whose origin passes the outbound rule (SECURITY 24). The check is
 * repeated on every connection (oidc.client.ts), for every endpoint the provider's metadata names.
 */
export async function acceptIssuer(deps: Deps, value: string): Promise<string> {
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    throw new KeyedError('system.loginSource.issuerInvalid');
  }
  if (
    !/^https?:$/.test(url.protocol) ||
    url.search ||
    url.hash ||
    url.username ||
    url.password ||
    /[\s\u0000-\u001f\u007f\\?#@]/.test(value)
  )
    throw new KeyedError('system.loginSource.issuerInvalid');
  if (url.protocol === 'http:' && !deps.outbound.allowsUrlByName(url.origin))
    throw new KeyedError('system.loginSource.issuerHttps');
  try {
    await deps.outbound.accept(url.origin, 'identityProvider');
  } catch (err) {
    if (err instanceof OutboundRefused) throw err;
    throw new KeyedError('system.loginSource.issuerInvalid');
  }
  // The issuer is compared verbatim with the provider's metadata and ID tokens: kept as typed, less a trailing slash
  // that the provider's own identifier rarely has.
  return value.replace(/\/+$/, '') || value;
}

/**
 * A wechat_open source's authorization page: the browser goes there, the server never fetches it, so no outbound
 * check; https only (http to an address ops allow by name, as for the issuer), no query, fragment or userinfo (the
 * parameters and WeChat's #wechat_redirect are added to it).
 */
function acceptAuthorizeEndpoint(deps: Deps, value: string): string {
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    throw new KeyedError('system.loginSource.authorizeEndpointInvalid');
  }
  const http = url.protocol === 'http:' && deps.outbound.allowsUrlByName(url.origin);
  if (
    (url.protocol !== 'https:' && !http) ||
    url.search ||
    url.hash ||
    url.username ||
    url.password ||
    /[\s\u0000-\u001f\u007f\\?#@]/.test(value)
  )
    throw new KeyedError('system.loginSource.authorizeEndpointInvalid');
  return url.href;
}

/**
 * What the definition does not say: the issuer passes the outbound rule on save; the source named wechat_open is
 * WeChat Open (wechat.ts): social only, scope snsapi_login, its issuer WeChat's API base and an optional authorization
 * page, which no OpenID Connect source may have; the answer says whether a client secret is stored, never the secret.
 */
export function loginSourceHooks(deps: Deps): CrudHooks {
  return {
    present: (row) => ({ tenantId: row.tenant_id, clientSecretSet: row.client_secret !== '' }),
    async beforeWrite({ trx }, values, id) {
      // An edit sends what changes: the rules look at the row as it will be.
      const current = id
        ? await trx
            .selectFrom('blade_oauth_source')
            .select(['source', 'kind'])
            .where('id', '=', id)
            .executeTakeFirst()
        : undefined;
      const source = (values.source as string | undefined) ?? current?.source;
      const kind = (values.kind as string | undefined) ?? current?.kind;
      const wechat = source === WECHAT_OPEN;
      if (wechat && kind !== 'social') throw new KeyedError('system.loginSource.wechatKind');
      if (typeof values.authorize_endpoint === 'string' && values.authorize_endpoint) {
        if (!wechat) throw new KeyedError('system.loginSource.authorizeEndpointWechatOnly');
        values.authorize_endpoint = acceptAuthorizeEndpoint(deps, values.authorize_endpoint);
      } else if (!wechat && id && values.source !== undefined) {
        // A source renamed away from wechat_open keeps no authorization page: discovery names its own.
        values.authorize_endpoint = '';
      }
      if (typeof values.issuer === 'string' && values.issuer)
        values.issuer = await acceptIssuer(deps, values.issuer);
      // WeChat website login has one scope, and no openid scope: it is not OpenID Connect.
      if (wechat) values.scopes = WECHAT_SCOPE;
      else if (typeof values.scopes === 'string') {
        const scopes = values.scopes.split(/\s+/).filter(Boolean);
        if (!scopes.includes('openid')) scopes.unshift('openid');
        values.scopes = scopes.join(' ');
      }
    },
  };
}
