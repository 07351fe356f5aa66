import type { Context, MiddlewareHandler } from 'hono';
import { z } from 'zod';
import { PayloadTooLargeError } from './body-limit';
import { ValidationError } from './errors';
import { zhText } from './refusal-keys';

export const MSG_NUL = '不能包含空字符';

/** The path (`a.b.0`) of the first string in `value` holding a NUL character, which no text column can store. */
function nulPath(value: unknown, path: string[] = []): string[] | null {
  if (typeof value === 'string') return value.includes('\u0000') ? path : null;
  if (Array.isArray(value)) {
    for (let i = 0; i < value.length; i++) {
      const found = nulPath(value[i], [...path, String(i)]);
      if (found) return found;
    }
  } else if (value && typeof value === 'object') {
    for (const [key, item] of Object.entries(value)) {
      const found = nulPath(item, [...path, key]) ?? (key.includes('\u0000') ? [...path, key] : null);
      if (found) return found;
    }
  }
  return null;
}

/** Throws a 400 naming the field when any string (value or key) in `input` holds a NUL character. */
export function refuseNul(input: unknown): void {
  const path = nulPath(input);
  if (path) throw new ValidationError(path.join('.'), MSG_NUL);
}

/** Query parameters (first value of each). Unknown keys are dropped by the schema; a NUL never gets here (urlGuard). */
export function parseQuery<T extends z.ZodType>(c: Context, schema: T): z.output<T> {
  return schema.parse(c.req.query());
}

const ENCODED_NUL = /%00/;

/**
 * Mounted before every route (app.ts): a URL whose path is not valid percent-encoded UTF-8, or that carries an encoded
 * NUL anywhere, is bad input for every reader of it (a NUL cannot be stored in a text column, and a path that does not
 * decode names no call): 400 before any handler, rather than a 404 or a database error.
 */
export function urlGuard(): MiddlewareHandler {
  return (c, next) => {
    const url = c.req.url;
    if (!url.includes('%')) return next();
    if (ENCODED_NUL.test(url)) throw new ValidationError('', zhText('common.refusal.queryNul'));
    const pathname = url.slice(url.indexOf('/', url.indexOf('//') + 2)).split('?')[0];
    try {
      decodeURIComponent(pathname);
    } catch {
      throw new ValidationError('', '请求路径不合法');
    }
    return next();
  };
}

/**
 * JSON body: unreadable JSON is a 400, a body over its limit a 413 (core/body-limit.ts), a NUL in a string the schema
 * keeps a 400 naming the field; unknown properties are stripped by the schema (zod's default).
 */
export async function parseJson<T extends z.ZodType>(c: Context, schema: T): Promise<z.output<T>> {
  let body: unknown;
  try {
    body = await c.req.json();
  } catch (err) {
    if (err instanceof PayloadTooLargeError) throw err;
    throw new ValidationError('', '消息不能读取');
  }
  const parsed = schema.parse(body);
  // Checked on what the schema returns, so a schema that cleans a field (drops NULs) has its way.
  refuseNul(parsed);
  return parsed;
}
