import { z } from '../../zod';
import { defineAction } from '../action';
import { idSchema } from '../inputs';

/** `mail/enable?id`: this mail server becomes the tenant's sender; the one enabled before is switched off. */
export const mailEnable = defineAction({
  name: 'enable',
  call: { method: 'POST', path: '/blade-resource/mail/enable' },
  input: z.object({ id: idSchema }),
  access: { codes: ['mail_enable'] },
  writes: true,
});

/**
 * `mail/send-test?id&to`: one test message through that configuration (enabled or not), so an administrator sees
 * that the server, the account and the sender work before enabling it. Answers only once the server accepted it.
 */
export const mailSendTest = defineAction({
  name: 'sendTest',
  call: { method: 'POST', path: '/blade-resource/mail/send-test' },
  input: z.object({
    id: idSchema,
    to: z
      .string({ error: '请输入收件邮箱' })
      .trim()
      .min(1, '请输入收件邮箱')
      .max(255, '长度不能超过255')
      .regex(/^[^\s@]+@[^\s@]+\.[^\s@]+$/, '邮箱格式不正确'),
  }),
  access: { codes: ['mail_send'] },
  writes: false,
});
