import { WECHAT_OPEN } from '../../../lib/contracts/system/login-source';
import type { Deps } from '../../core/context';
import { KeyedError, type CrudHooks } from '../../core/crud';
import { OutboundRefused } from '../../core/outbound';

const ISSUER_LABEL = '身份提供方地址';

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
    await deps.outbound.accept(url.origin, ISSUER_LABEL);
  } catch (err) {
    if (err instanceof OutboundRefused) throw err;
    throw new KeyedError('system.loginSource.issuerInvalid');
  }
  // The issuer is compared verbatim with the provider's metadata and ID tokens: kept as typed, less a trailing slash
  // that the provider's own identifier rarely has.
  return value.replace(/\/+$/, '') || value;
}

/**
 * What the definition does not say: the issuer passes the outbound rule on save; WeChat Open, which is not OpenID
 * Connect, cannot be configured as if it were; the answer says whether a client secret is stored, never the secret.
 */
export function loginSourceHooks(deps: Deps): CrudHooks {
  return {
    present: (row) => ({ tenantId: row.tenant_id, clientSecretSet: row.client_secret !== '' }),
    async beforeWrite(_ctx, values) {
      if (values.source === WECHAT_OPEN) throw new KeyedError('system.loginSource.wechatNotServed');
      if (typeof values.issuer === 'string' && values.issuer)
        values.issuer = await acceptIssuer(deps, values.issuer);
      if (typeof values.scopes === 'string') {
        const scopes = values.scopes.split(/\s+/).filter(Boolean);
        if (!scopes.includes('openid')) scopes.unshift('openid');
        values.scopes = scopes.join(' ');
      }
    },
  };
}
