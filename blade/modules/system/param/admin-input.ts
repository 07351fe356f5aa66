import type { Context } from 'hono';
import { z } from 'zod';
import { ServiceError, ValidationError } from '../../../core/errors';
import { idListSchema } from '../../../core/validation';

/**
 * Input helpers shared by the admin-data modules (dict, dict-biz, param, region, oss, sms, develop).
 * Required-field texts are the spec's exact messages, so they are thrown bare (no `field:` prefix).
 */

/** A required text field: missing or blank → 400 with the given message. */
export function requireText(value: string | null | undefined, message: string): string {
  const text = (value ?? '').trim();
  if (!text) throw new ServiceError(message);
  return text;
}

/** `ids` from the query string (Saber) or a urlencoded / JSON body (Sword, portal forms). */
export async function parseIds(c: Context, field = 'ids'): Promise<string[]> {
  let raw: unknown = c.req.query(field);
  if (raw === undefined && c.req.method === 'POST') {
    const type = c.req.header('content-type') ?? '';
    try {
      if (type.includes('application/json')) raw = ((await c.req.json()) as Record<string, unknown>)[field];
      else if (type.includes('form')) raw = (await c.req.parseBody())[field];
    } catch {
      throw new ValidationError('', '消息不能读取');
    }
  }
  return z.object({ ids: idListSchema }).parse({ ids: raw }).ids;
}

/** A 0/1 flag given as a number, a numeric string or a boolean. */
export const flagSchema = z
  .union([z.number(), z.string(), z.boolean()])
  .transform((v) => (v === true || v === 1 || v === '1' ? 1 : 0));

/** An integer given as a number or a numeric string, within the int columns' range (core/validation.ts). */
export { intSchema } from '../../../core/validation';
