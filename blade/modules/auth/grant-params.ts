import type { Context } from 'hono';
import type { BladeEnv } from '../../core/context';
import { GrantError } from './grant-error';

/**
 * Blade reads a grant's parameters from the query string and an urlencoded or multipart body (the body wins): the
 * token call and WeChat's callback alike. A body that cannot be read is refused with the caller's own text.
 */
export async function grantParams(c: Context<BladeEnv>, unreadable: string): Promise<Record<string, string>> {
  const params: Record<string, string> = { ...c.req.query() };
  const type = c.req.header('content-type') ?? '';
  if (/^(application\/x-www-form-urlencoded|multipart\/form-data)/i.test(type)) {
    let body: Record<string, unknown>;
    try {
      body = await c.req.parseBody();
    } catch {
      throw new GrantError(400, unreadable);
    }
    for (const [key, value] of Object.entries(body)) if (typeof value === 'string') params[key] = value;
  }
  return params;
}
