import type * as Oidc from 'openid-client';
import { fetch as undiciFetch } from 'undici';
import type { Deps } from '../../core/context';
import { OutboundRefused } from '../../core/outbound';
import { GrantError } from './grant-error';
import type { OauthSourceRow } from './oidc.repository';

/**
 * openid-client is ESM only; loaded on first use, so that the CommonJS module graph of the test runner and of
 * `tsx blade/server.ts` need not transform it (a static import would be compiled to require()).
 */
let loaded: Promise<typeof Oidc> | undefined;
export const openidClient = (): Promise<typeof Oidc> => (loaded ??= import('openid-client'));

/** Each call to the provider (discovery, token, keys) must answer within this. */
const PROVIDER_TIMEOUT_MS = 10_000;

export const OIDC_MESSAGES = {
  unreachable: '无法连接身份提供方，请稍后再试',
  refused: '身份提供方拒绝了登录，请重新登录',
} as const;

/**
 * Every request openid-client makes goes through the outbound rule (SECURITY 24): the provider's metadata names
 * token and key endpoints that may sit on other hosts, so each URL's own origin is checked at connect time, not only
 * the issuer's. Redirects are handed back as they are (openid-client asks for `manual`), never followed.
 */
function outboundFetch(deps: Deps): Oidc.CustomFetch {
  return (url, options) => {
    const { dispatcher } = deps.outbound.route(new URL(url).origin, 'identityProvider');
    const signal = options.signal
      ? AbortSignal.any([options.signal, AbortSignal.timeout(PROVIDER_TIMEOUT_MS)])
      : AbortSignal.timeout(PROVIDER_TIMEOUT_MS);
    return undiciFetch(url, {
      method: options.method,
      headers: options.headers,
      body: options.body as string | undefined,
      redirect: 'manual',
      signal,
      dispatcher,
    }) as unknown as Promise<Response>;
  };
}

/**
 * Plain http only to a provider that ops allow by name (OUTBOUND_ALLOWED_HOSTS: an intranet IdP, the loopback
 * provider of the tests); a provider reached as a public endpoint must speak https, as openid-client requires.
 */
export const insecureAllowed = (deps: Deps, issuer: string) =>
  new URL(issuer).protocol === 'http:' && deps.outbound.allowsUrlByName(issuer);

/** The source's provider, found by discovery. */
export async function providerConfig(deps: Deps, source: OauthSourceRow): Promise<Oidc.Configuration> {
  const oidc = await openidClient();
  const insecure = insecureAllowed(deps, source.issuer);
  const auth = source.client_secret ? oidc.ClientSecretPost(source.client_secret) : oidc.None();
  try {
    return await oidc.discovery(new URL(source.issuer), source.client_id, undefined, auth, {
      [oidc.customFetch]: outboundFetch(deps),
      execute: insecure ? [oidc.allowInsecureRequests] : [],
      timeout: PROVIDER_TIMEOUT_MS / 1000,
    });
  } catch (err) {
    deps.log(
      `[blade] discovery of login source ${JSON.stringify(source.source)} of tenant ${source.tenant_id} failed: ${describe(err)}`,
    );
    throw new GrantError(400, OIDC_MESSAGES.unreachable);
  }
}

/** A provider failure for the log: the library's code and message, never a token or secret. */
export function describe(err: unknown): string {
  if (err instanceof OutboundRefused) return `outbound refused: ${err.message}`;
  if (err instanceof Error) {
    // openid-client's errors carry a code; a provider's refusal its OAuth `error` (invalid_grant…) besides.
    const { code, error } = err as { code?: unknown; error?: unknown };
    const cause = err.cause instanceof Error ? ` (${err.cause.message})` : '';
    const oauthError = typeof error === 'string' ? ` [${error.slice(0, 64)}]` : '';
    return `${typeof code === 'string' ? `${code}: ` : ''}${err.message}${oauthError}${cause}`.slice(0, 500);
  }
  return 'unknown error';
}
