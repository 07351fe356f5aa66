/**
 * Which browser paths the proxy forwards, and what kind of call each is (SECURITY 9). The services are the
 * `/api/<service>/` prefixes of spec/calls.tsv plus blade-desk (notices); blade-auth is limited to its explicit calls
 * because the rest of it (social callbacks, the refresh mock) is either intercepted here or not offered.
 */

export const SERVICES = new Set([
  'blade-acceptance',
  'blade-auth',
  'blade-combusiness',
  'blade-cqst',
  'blade-customer',
  'blade-desk',
  'blade-develop',
  'blade-flow',
  'blade-log',
  'blade-resource',
  'blade-system',
  'blade-user',
  'business-service',
]);

const AUTH_CALLS = new Set([
  'oauth/token',
  'oauth/captcha',
  'oauth/logout',
  'oauth/user-info',
  'oauth/clear-cache',
  // SSO and social login (lib/bff/sso.ts): the login page's source buttons; render/{source} is matched below.
  'oauth/sources',
  // The caller unbinds their own WeChat account (a session call). WeChat's callback is not forwarded: the portal's
  // callback page uses the token call, where the state cookie is checked; checkAuth always refuses (sso.md).
  'oauth/revoke/wechat_open',
]);

/** The start of an SSO/social login at a source (BladeX's render/{source}); the name as blade/ accepts it. */
const SSO_START = /^oauth\/render\/[a-z][a-z0-9_]{0,31}$/;

/** Calls answered without a session (the token call is intercepted separately). */
const PUBLIC_CALLS = new Set([
  'blade-auth/oauth/captcha',
  'blade-auth/oauth/sources',
  'blade-system/tenant/info',
  // The e-mail binding link's page (/emailBinding) is public; the key in the link is the credential.
  'blade-user/my/bindingEmail',
  // Verification codes for a registration or a password recovery (blade/modules/verify): rate-limited by blade/.
  'blade-customer/user/sendValidateEmail',
  'blade-customer/user/ValidateEmail',
  'blade-customer/user/sendValidate',
  'blade-customer/user/sendValidateNew',
  'blade-customer/user/ValidateNew',
  // The SMS login's code and whether the tenant offers it.
  'blade-user/my/sendLoginPhoneValidateCode',
  'blade-user/my/checkSMSLoginEnable',
  // Customer company registration and password recovery (/register, /forgetPassword; blade/modules/customer): the
  // verify key in the body is the credential, and blade limits each call per client address.
  'blade-customer/user/insertUser',
  'blade-customer/user/userNameCanUse',
  'blade-customer/user/validateUserByPhoneOrcompanyName',
  'blade-customer/user/selectPhoneByCompoundPar',
  'blade-customer/user/updatePassWordBykey',
  // An export opened in a new window (blade/modules/acceptance): the single-use export key in the query is the
  // credential, so no session token is put in a URL.
  'blade-acceptance/testItemsDict/export',
]);

/** Password changes: a success gives the session a new id (SECURITY 4). */
const SESSION_ROTATING_CALLS = new Set([
  'blade-user/update-password',
  'blade-user/my/update-password',
  'blade-user/my/updatePasswordWithKey',
  'blade-customer/user/updatePassWordBykey',
]);

/** Internal surfaces a Blade deployment may expose; never reachable through the portal, whatever the service. */
const DENIED_SEGMENTS = new Set([
  'actuator',
  'feign',
  'api-docs',
  'swagger-ui',
  'swagger-resources',
  'doc.html',
  'druid',
]);

export type RouteKind = 'login' | 'logout' | 'sso-start' | 'public' | 'private';

export interface ApiRoute {
  kind: RouteKind;
  service: string;
  /** `service/rest/of/path`, decoded, for matching. */
  call: string;
  /** A successful answer to this call replaces the session id. */
  rotatesSession: boolean;
  /** The normalised upstream path (no `/api`, each segment re-encoded), e.g. `/blade-system/menu/routes`. */
  upstreamPath: string;
}

export type ParseResult = { ok: true; route: ApiRoute } | { ok: false; status: 400 | 404 };

const FORBIDDEN_CHARS = /[\u0000-\u001f\u007f\\/%]/;

/** Decodes one raw path segment, or returns null when it is empty, a dot segment or hides a separator or control. */
function decodeSegment(raw: string): string | null {
  if (raw === '' || raw.includes('\\')) return null;
  let decoded: string;
  try {
    decoded = decodeURIComponent(raw);
  } catch {
    return null;
  }
  // A decoded `%` would be a double encoding, decoded again by someone downstream.
  if (decoded === '.' || decoded === '..' || FORBIDDEN_CHARS.test(decoded)) return null;
  return decoded;
}

/** Parses the raw (still percent-encoded) pathname of a request under `/api/`. */
export function parseApiPath(pathname: string): ParseResult {
  if (!pathname.startsWith('/api/')) return { ok: false, status: 404 };
  const segments: string[] = [];
  for (const raw of pathname.slice('/api/'.length).split('/')) {
    const decoded = decodeSegment(raw);
    if (decoded === null) return { ok: false, status: 400 };
    segments.push(decoded);
  }
  const [service, ...rest] = segments;
  if (!SERVICES.has(service) || rest.length === 0) return { ok: false, status: 404 };
  if (segments.some((s) => DENIED_SEGMENTS.has(s.toLowerCase()))) return { ok: false, status: 404 };

  const call = segments.join('/');
  const path = rest.join('/');
  const ssoStart = service === 'blade-auth' && SSO_START.test(path);
  if (service === 'blade-auth' && !AUTH_CALLS.has(path) && !ssoStart) return { ok: false, status: 404 };

  let kind: RouteKind = PUBLIC_CALLS.has(call) ? 'public' : 'private';
  if (call === 'blade-auth/oauth/token') kind = 'login';
  if (call === 'blade-auth/oauth/logout') kind = 'logout';
  if (ssoStart) kind = 'sso-start';
  const upstreamPath = `/${segments.map(encodeURIComponent).join('/')}`;
  return {
    ok: true,
    route: { kind, service, call, rotatesSession: SESSION_ROTATING_CALLS.has(call), upstreamPath },
  };
}

/**
 * Whether a query string is bad input for every reader of it: an encoded NUL (no text column can store it) or a
 * %-escape that does not decode to UTF-8. Answered 400 here rather than forwarded to fail upstream.
 */
export function isBadSearch(search: string): boolean {
  if (!search.includes('%')) return false;
  if (/%00/.test(search)) return true;
  try {
    decodeURIComponent(search);
    return false;
  } catch {
    return true;
  }
}

/** The query string to forward: verbatim, except that a `blade-auth` token parameter never passes. */
export function forwardedSearch(search: string): string {
  const params = new URLSearchParams(search);
  const tokenKeys = [...params.keys()].filter((key) => key.toLowerCase() === 'blade-auth');
  if (tokenKeys.length === 0) return search;
  for (const key of tokenKeys) params.delete(key);
  const rest = params.toString();
  return rest ? `?${rest}` : '';
}
