import { defineResource, menuAccess, standardCalls } from '../resource';

/**
 * SMS configurations (contract §7.4), per tenant; one of them is the tenant's enabled sender (`sms/enable`, an action
 * of blade/). The secret key is write-only: a blank one on edit keeps the stored one.
 */

/** The development channel: sends are written to the server log and never leave the server. */
export const SMS_LOG_CHANNEL = 9;

export interface SmsCategory {
  /** blade_sms.category (BladeX numbers 1–4 for the vendors). */
  value: number;
  /** Answered as `categoryName` and recorded as blade_sms_log.provider. */
  name: string;
  /** Message key of the choice's label. */
  label: string;
  /** The vendor's documented endpoint, used when the configuration names none ('' = nothing is connected to). */
  endpoint: string;
  /** Only outside production (NODE_ENV=production): a channel that does not send. */
  development?: boolean;
}

/** Every category that works: each vendor is spoken through its documented HTTP API (blade/modules/sms). */
export const SMS_CATEGORIES: readonly SmsCategory[] = [
  { value: 1, name: 'yunpian', label: 'system.sms.category_yunpian', endpoint: 'https://sms.yunpian.com' },
  { value: 2, name: 'qiniu', label: 'system.sms.category_qiniu', endpoint: 'https://sms.qiniuapi.com' },
  {
    value: 3,
    name: 'aliyun',
    label: 'system.sms.category_aliyun',
    endpoint: 'https://dysmsapi.aliyuncs.com',
  },
  {
    value: 4,
    name: 'tencent',
    label: 'system.sms.category_tencent',
    endpoint: 'https://sms.tencentcloudapi.com',
  },
  { value: SMS_LOG_CHANNEL, name: 'log', label: 'system.sms.category_log', endpoint: '', development: true },
];

/** The categories that may be chosen: in production the log channel is not one of them (blade/README.md, SMS). */
export function smsCategoriesOffered(production: boolean): SmsCategory[] {
  return SMS_CATEGORIES.filter((c) => !production || !c.development);
}

export const smsCategory = (value: unknown): SmsCategory | undefined =>
  SMS_CATEGORIES.find((c) => String(c.value) === String(value));

const text = (max: number) => ({ kind: 'text', max, list: false }) as const;

export const smsResource = defineResource({
  key: 'system.sms',
  table: 'blade_sms',
  ownership: 'tenant',
  fields: {
    category: { kind: 'int', default: 1, search: 'eq', sort: true },
    smsCode: {
      kind: 'text',
      label: 'system.sms.code',
      max: 32,
      required: 'system.sms.codeRequired',
      search: 'like',
      sort: true,
    },
    templateId: { ...text(64), required: 'system.sms.templateIdRequired', list: true },
    accessKey: { ...text(255), required: 'system.sms.accessKeyRequired' },
    secretKey: { ...text(255), required: 'system.sms.secretKeyRequired', writeOnly: true },
    signName: { ...text(64), list: true },
    regionId: text(255),
    appId: text(64),
    endpoint: text(255),
    remark: { ...text(255), kind: 'textarea' },
    // Not written by the form: `sms/enable` switches it. Declared for the list's filter and sort.
    status: { kind: 'int', form: false, search: 'eq', sort: true },
  },
  unique: [{ fields: ['smsCode'], message: 'system.sms.codeTaken' }],
  calls: standardCalls('/blade-resource/sms'),
  access: menuAccess('sms'),
  menu: {
    code: 'sms',
    name: '短信配置',
    path: '/resource/sms',
    icon: 'sms',
    parent: 'resource',
    sort: 3,
    buttons: [
      { code: 'sms_enable', name: '启用', alias: 'enable', action: 2 },
      { code: 'sms_send', name: '发送测试', alias: 'send', action: 2 },
    ],
  },
});

/** blade-resource marks the enabled configuration with status 2 (BladeX); 1 is off. */
export const SMS_ENABLED = 2;
export const SMS_DISABLED = 1;

/** What `sms/endpoint/send-message` answers in `data`: whether the message left the server. */
export interface SmsSendAnswer {
  outcome: 'sent' | 'logged';
  provider: string;
}
