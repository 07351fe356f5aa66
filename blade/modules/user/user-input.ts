import type { Context } from 'hono';
import { ValidationError } from '../../core/errors';

/** Parameters from the query string, an urlencoded/multipart form or a JSON body (clients use all three). */
export async function params(c: Context): Promise<Record<string, unknown>> {
  const merged: Record<string, unknown> = { ...c.req.query() };
  const type = c.req.header('content-type') ?? '';
  if (type.includes('application/json')) {
    let body: unknown;
    try {
      body = await c.req.json();
    } catch {
      throw new ValidationError('', '消息不能读取');
    }
    if (body && typeof body === 'object' && !Array.isArray(body)) Object.assign(merged, body);
  } else if (type.includes('form')) {
    for (const [key, value] of Object.entries(await c.req.parseBody())) {
      if (typeof value === 'string') merged[key] = value;
    }
  }
  return merged;
}
