import { defineResource, menuAccess, standardCalls } from '../resource';

/**
 * SSO and social login sources of a tenant (issue 14, blade/modules/auth/sso.md): each one an OpenID Connect provider
 * found by discovery from its issuer, with the client registered there. `kind` picks the grant that uses it: `sso`
 * (the tenant's corporate IdP, grant authorization_code) or `social` (grant social, whose `source` names the row).
 * The client secret is write-only, as the SMS secret key: never answered, a blank one on edit keeps the stored one.
 * The calls are an addition: calls.tsv names none for this configuration.
 *
 * The source named `wechat_open` (kind social) is WeChat Open Platform (网站应用微信登录), which is OAuth 2.0 without
 * OpenID Connect: its issuer is WeChat's API base (https://api.weixin.qq.com), the client id the AppID, the secret the
 * AppSecret, and `authorizeEndpoint` may name another authorization page (blank = WeChat's qrconnect). BladeX names
 * its calls after the source (`oauth/callback/wechat_open`), so the name, not another column, says the protocol.
 */

export const LOGIN_SOURCE_KINDS = ['sso', 'social'] as const;
export type LoginSourceKind = (typeof LOGIN_SOURCE_KINDS)[number];

/** A source's name: also the path segment of the start call and the `source` of the social grant. */
export const SOURCE_NAME = /^[a-z][a-z0-9_]{0,31}$/;

/** WeChat Open Platform: OAuth 2.0 without OpenID Connect, served by blade/modules/auth/wechat.ts (sso.md). */
export const WECHAT_OPEN = 'wechat_open';
/** WeChat's own endpoints, the defaults of a wechat_open source. */
export const WECHAT_AUTHORIZE_ENDPOINT = 'https://open.weixin.qq.com/connect/qrconnect';
export const WECHAT_API_BASE = 'https://api.weixin.qq.com';
/** The only scope of website login; a wechat_open source always has it. */
export const WECHAT_SCOPE = 'snsapi_login';

const text = (max: number) => ({ kind: 'text', max, list: false }) as const;

export const loginSourceResource = defineResource({
  key: 'system.loginSource',
  table: 'blade_oauth_source',
  ownership: 'tenant',
  fields: {
    kind: {
      kind: 'text',
      max: 8,
      required: 'system.loginSource.kindRequired',
      pattern: { regex: /^(sso|social)$/, message: 'system.loginSource.kindInvalid' },
      search: 'eq',
      sort: true,
    },
    source: {
      kind: 'text',
      max: 32,
      required: 'system.loginSource.sourceRequired',
      pattern: { regex: SOURCE_NAME, message: 'system.loginSource.sourcePattern' },
      search: 'like',
      sort: true,
    },
    name: { kind: 'text', max: 64, required: 'system.loginSource.nameRequired', search: 'like' },
    issuer: { ...text(255), required: 'system.loginSource.issuerRequired', list: true },
    clientId: { ...text(255), required: 'system.loginSource.clientIdRequired' },
    clientSecret: { ...text(255), writeOnly: true },
    scopes: { ...text(255), default: 'openid profile email' },
    guestAccount: text(45),
    enabled: { kind: 'flag', default: 1, search: 'eq', sort: true },
    remark: { ...text(255), kind: 'textarea' },
    /** wechat_open only (blank = WeChat's qrconnect); OpenID Connect sources find theirs by discovery. */
    authorizeEndpoint: text(255),
  },
  unique: [{ fields: ['source'], message: 'system.loginSource.sourceTaken' }],
  calls: standardCalls('/blade-system/login-source'),
  access: menuAccess('loginSource'),
  menu: {
    code: 'loginSource',
    name: '登录源配置',
    path: '/system/loginSource',
    icon: 'badge',
    parent: 'system',
    sort: 12,
  },
});

/** What the public source list answers: enough for a login button, nothing of the configuration. */
export interface LoginSourceButton {
  kind: LoginSourceKind;
  source: string;
  name: string;
}
