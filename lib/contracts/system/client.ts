import { defineResource, menuAccess, standardCalls } from '../resource';

/**
 * OAuth clients (contract §7.9), platform-wide. The secret is write-only: blade/ stores it hashed and never answers
 * it; a blank secret on edit keeps the stored one.
 */
const text = (max = 256) => ({ kind: 'text', max, list: false }) as const;

export const clientResource = defineResource({
  key: 'system.client',
  table: 'blade_client',
  ownership: 'global',
  fields: {
    clientId: {
      kind: 'text',
      max: 48,
      pattern: { regex: /^[A-Za-z0-9_.-]+$/, message: 'system.client.idPattern' },
      required: 'system.client.idRequired',
      search: 'like',
      sort: true,
    },
    clientSecret: { ...text(), min: 16, required: 'system.client.secretRequired', writeOnly: true },
    scope: { ...text(), default: 'all', list: true },
    authorizedGrantTypes: {
      ...text(),
      label: 'system.client.grantTypes',
      default: 'captcha,refresh_token',
      list: true,
    },
    accessTokenValidity: { kind: 'int', label: 'system.client.accessValidity', default: 3600 },
    refreshTokenValidity: { kind: 'int', label: 'system.client.refreshValidity', default: 604800 },
    webServerRedirectUri: { ...text(), label: 'system.client.redirectUri' },
    additionalInformation: { ...text(4096), label: 'system.client.additional', kind: 'textarea' },
    resourceIds: text(),
    authorities: text(),
    autoapprove: text(),
  },
  unique: [{ fields: ['clientId'], message: 'system.client.idTaken' }],
  calls: standardCalls('/blade-system/client'),
  access: menuAccess('client', { role: 'platform' }),
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
