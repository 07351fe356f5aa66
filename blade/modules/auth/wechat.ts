import { fetch as undiciFetch } from 'undici';
import {
  WECHAT_API_BASE,
  WECHAT_AUTHORIZE_ENDPOINT,
  WECHAT_SCOPE,
} from '../../../lib/contracts/system/login-source';
import type { Deps } from '../../core/context';
import type { OauthSourceRow } from './oidc.repository';

/**
 * WeChat Open Platform website login (网站应用微信登录, sso.md): OAuth 2.0 without OpenID Connect. No discovery, no
 * ID token, no PKCE and no nonce: WeChat's authorization page takes neither a code challenge nor a nonce, and its
 * token call takes no code verifier. What keeps a login from being forged is the state: random, stored server-side
 * for ten minutes, spent by the first token call that names it, and in the portal bound to the browser that began
 * the login by the BFF's state cookie (lib/bff/sso.ts). The AppSecret stays on the server: the code is exchanged
 * here, and WeChat's access token is used for nothing but reading the openid/unionid of this answer — never stored,
 * answered or logged.
 */

/** WeChat must answer within this. */
const WECHAT_TIMEOUT_MS = 10_000;
/** A token answer is a small JSON object; more is not WeChat. */
const MAX_ANSWER = 16 * 1024;

/** The authorization page of a wechat_open source: its own when configured (tests), else WeChat's qrconnect. */
export function wechatAuthorizeUrl(source: OauthSourceRow, state: string, redirectUri: string): string {
  const url = new URL(source.authorize_endpoint || WECHAT_AUTHORIZE_ENDPOINT);
  // WeChat documents this parameter order and the #wechat_redirect fragment; it rejects the page without them.
  url.search = new URLSearchParams({
    appid: source.client_id,
    redirect_uri: redirectUri,
    response_type: 'code',
    scope: WECHAT_SCOPE,
    state,
  }).toString();
  url.hash = 'wechat_redirect';
  return url.href;
}

/** A refusal or failure of WeChat's, for the log: its errcode and errmsg, never the secret, code or token. */
export class WechatRefused extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'WechatRefused';
  }
}

/**
 * Exchanges the code at `{api}/sns/oauth2/access_token` and answers the person's subjects, the binding one first:
 * `unionid:<unionid>` when WeChat sends one (the same person across the company's WeChat applications), then
 * `openid:<openid>` (this AppID only): a person bound while the AppID had no unionid is still found once WeChat
 * sends one. The prefix keeps the two namespaces apart in the source-qualified digest (oidc.service.ts oauthUuid).
 */
export async function wechatSubject(deps: Deps, source: OauthSourceRow, code: string): Promise<string[]> {
  const base = (source.issuer || WECHAT_API_BASE).replace(/\/+$/, '');
  const url = new URL(`${base}/sns/oauth2/access_token`);
  // Plain http only to an endpoint ops allow by name (the tests' loopback stand-in); WeChat itself is https.
  if (url.protocol !== 'https:' && !(url.protocol === 'http:' && deps.outbound.allowsUrlByName(url.href)))
    throw new WechatRefused('the API base is neither https nor allowed by name');
  url.search = new URLSearchParams({
    appid: source.client_id,
    secret: source.client_secret,
    code,
    grant_type: 'authorization_code',
  }).toString();
  const { dispatcher } = deps.outbound.route(url.origin, 'wechat');
  const res = await undiciFetch(url, {
    redirect: 'manual',
    signal: AbortSignal.timeout(WECHAT_TIMEOUT_MS),
    dispatcher,
  });
  const text = await res.text();
  if (res.status !== 200) throw new WechatRefused(`HTTP ${res.status}`);
  if (text.length > MAX_ANSWER) throw new WechatRefused('answer too large');
  let answer: Record<string, unknown>;
  try {
    // WeChat answers JSON, often as text/plain: the body is read whatever the content type says.
    const parsed: unknown = JSON.parse(text);
    if (!parsed || typeof parsed !== 'object' || Array.isArray(parsed)) throw new Error('not an object');
    answer = parsed as Record<string, unknown>;
  } catch {
    throw new WechatRefused('answer is not a JSON object');
  }
  if (answer.errcode !== undefined && answer.errcode !== 0) {
    const errmsg = typeof answer.errmsg === 'string' ? answer.errmsg.slice(0, 200) : '';
    throw new WechatRefused(`errcode ${String(answer.errcode).slice(0, 16)}: ${errmsg}`);
  }
  const id = (value: unknown) =>
    typeof value === 'string' && value.length > 0 && value.length <= 128 ? value : undefined;
  const openid = id(answer.openid);
  const unionid = id(answer.unionid);
  if (!openid || typeof answer.access_token !== 'string') throw new WechatRefused('no openid in the answer');
  return unionid ? [`unionid:${unionid}`, `openid:${openid}`] : [`openid:${openid}`];
}
