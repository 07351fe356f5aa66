import type { Context } from 'hono';
import { z } from 'zod';
import { ID_PATTERN } from './ids';
import { ValidationError } from './errors';

/** Clients echo `""` for null non-string fields (contract §2): `""` is null, a missing field stays undefined. */
export const blank = <T extends z.ZodType>(schema: T) =>
  z.preprocess((v) => (v === '' ? null : v), schema.nullable().optional());

/** A snowflake id given as a string or a number; always a string afterwards. */
export const idSchema = z
  .union([z.string(), z.number()], { error: '必须是有效的ID' })
  .transform((v) => String(v).trim())
  .refine((v) => ID_PATTERN.test(v), '必须是有效的ID');

/** A comma-joined id list (`ids=1,2,3`). */
export const idListSchema = z
  .string({ error: '不能为空' })
  .transform((v) =>
    v
      .split(',')
      .map((s) => s.trim())
      .filter(Boolean),
  )
  .refine((ids) => ids.length > 0, '请至少选择一条数据')
  .refine((ids) => ids.every((id) => ID_PATTERN.test(id)), '必须是有效的ID');

/** An integer from the query string; junk is a 400, not NaN. */
export const queryInt = blank(
  z
    .string()
    .trim()
    .regex(/^-?\d{1,9}$/, '必须为整数')
    .transform((v) => Number(v)),
);

/** Query parameters (first value of each). Unknown keys are dropped by the schema. */
export function parseQuery<T extends z.ZodType>(c: Context, schema: T): z.output<T> {
  return schema.parse(c.req.query());
}

/** JSON body: unreadable JSON is a 400; unknown properties are stripped by the schema (zod's default). */
export async function parseJson<T extends z.ZodType>(c: Context, schema: T): Promise<z.output<T>> {
  let body: unknown;
  try {
    body = await c.req.json();
  } catch {
    throw new ValidationError('', '消息不能读取');
  }
  return schema.parse(body);
}
