import { z } from '../../zod';
import { defineAction } from '../action';
import { idSchema } from '../inputs';

/** `sms/enable?id`: this configuration becomes the tenant's sender; the one enabled before is switched off. */
export const smsEnable = defineAction({
  name: 'enable',
  call: { method: 'POST', path: '/blade-resource/sms/enable' },
  input: z.object({ id: idSchema }),
  access: { codes: ['sms_enable'] },
  writes: true,
});
