import { defineResource, menuAccess, standardCalls } from '../resource';

/**
 * A tenant's mail servers (邮件配置; not in the spec's catalogue, issue 14 asks for mail settings per tenant): one of
 * them is the tenant's enabled sender (`mail/enable`), which sends its verification codes and binding links; with
 * none enabled the deployment's SMTP_URL does, and with neither, mail is refused in words. The password is
 * write-only: a blank one on edit keeps the stored one.
 */

/** 1: TLS from the first byte (smtps); 0: STARTTLS when the server offers it. */
export const MAIL_SECURITY = [
  { value: 1, label: 'system.mail.secure_tls' },
  { value: 0, label: 'system.mail.secure_starttls' },
] as const;

const text = (max: number) => ({ kind: 'text', max, list: false }) as const;

export const mailResource = defineResource({
  key: 'system.mail',
  table: 'blade_mail',
  ownership: 'tenant',
  fields: {
    mailCode: {
      kind: 'text',
      label: 'system.mail.code',
      max: 32,
      required: 'system.mail.codeRequired',
      search: 'like',
      sort: true,
    },
    host: { ...text(255), required: 'system.mail.hostRequired', list: true, search: 'like' },
    // 1–65535, checked by blade/ (an int field has no range of its own).
    port: { kind: 'int', default: 465, required: 'system.mail.portRequired', list: true },
    secure: { kind: 'int', default: 1 },
    username: text(255),
    password: { ...text(255), writeOnly: true },
    fromAddress: {
      kind: 'text',
      max: 255,
      required: 'system.mail.fromRequired',
      pattern: { regex: /^[^\s@]+@[^\s@]+\.[^\s@]+$/, message: 'system.mail.fromInvalid' },
      list: true,
    },
    fromName: text(64),
    remark: { ...text(255), kind: 'textarea' },
    // Not written by the form: `mail/enable` switches it.
    status: { kind: 'int', form: false, search: 'eq', sort: true },
  },
  unique: [{ fields: ['mailCode'], message: 'system.mail.codeTaken' }],
  calls: standardCalls('/blade-resource/mail'),
  access: menuAccess('mail'),
  menu: {
    code: 'mail',
    name: '邮件配置',
    path: '/resource/mail',
    icon: 'mail',
    parent: 'resource',
    sort: 4,
    buttons: [
      { code: 'mail_enable', name: '启用', alias: 'enable', action: 2 },
      { code: 'mail_send', name: '发送测试', alias: 'send', action: 2 },
    ],
  },
});

export const MAIL_ENABLED = 2;
export const MAIL_DISABLED = 1;
