import { defineResource } from '../resource';

/**
 * OAuth clients (contract §7.9), platform-wide. The secret is write-only: blade/ stores it hashed and never answers
 * it; a blank secret on edit keeps the stored one.
 */
const platform = (code: string) => ({ role: 'platform', codes: [code] }) as const;
const text = (column: string, label: string, max = 256) =>
  ({ column, kind: 'text', label: `system.client.${label}`, max, list: false }) as const;

export const clientResource = defineResource({
  key: 'system.client',
  table: 'blade_client',
  ownership: 'global',
  fields: {
    clientId: {
      column: 'client_id',
      kind: 'text',
      label: 'system.client.clientId',
      max: 48,
      pattern: { regex: /^[A-Za-z0-9_.-]+$/, message: 'system.client.idPattern' },
      required: 'system.client.idRequired',
      search: 'like',
      sort: true,
    },
    clientSecret: {
      ...text('client_secret', 'clientSecret'),
      min: 16,
      required: 'system.client.secretRequired',
      writeOnly: true,
    },
    scope: { ...text('scope', 'scope'), default: 'all', list: true },
    authorizedGrantTypes: {
      ...text('authorized_grant_types', 'grantTypes'),
      default: 'captcha,refresh_token',
      list: true,
    },
    accessTokenValidity: {
      column: 'access_token_validity',
      kind: 'int',
      label: 'system.client.accessValidity',
      default: 3600,
    },
    refreshTokenValidity: {
      column: 'refresh_token_validity',
      kind: 'int',
      label: 'system.client.refreshValidity',
      default: 604800,
    },
    webServerRedirectUri: text('web_server_redirect_uri', 'redirectUri'),
    additionalInformation: { ...text('additional_information', 'additional', 4096), kind: 'textarea' },
    resourceIds: text('resource_ids', 'resourceIds'),
    authorities: text('authorities', 'authorities'),
    autoapprove: text('autoapprove', 'autoapprove'),
  },
  unique: [{ fields: ['clientId'], message: 'system.client.idTaken' }],
  calls: {
    list: { method: 'GET', path: '/blade-system/client/list' },
    detail: { method: 'GET', path: '/blade-system/client/detail' },
    submit: { method: 'POST', path: '/blade-system/client/submit' },
    remove: { method: 'POST', path: '/blade-system/client/remove' },
  },
  access: {
    read: platform('client'),
    add: platform('client_add'),
    edit: platform('client_edit'),
    remove: platform('client_delete'),
  },
  menu: {
    code: 'client',
    name: '应用管理',
    path: '/system/client',
    icon: 'apps',
    parent: 'system',
    sort: 11,
    platform: true,
    platformWrites: true,
  },
});
