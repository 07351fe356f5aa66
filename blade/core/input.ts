import type { Context } from 'hono';
import { PayloadTooLargeError } from './body-limit';
import { ValidationError } from './errors';
import { asTextParams } from '../../lib/contracts/inputs';

/**
 * The one reader of a call's parameters. Blade's clients send them three ways, often mixed: the query string (Saber's
 * `params`), a JSON object body (Sword and the portal's forms), or an urlencoded or multipart form. The precedence:
 * **the body's fields over the query string's**; a field the body leaves out keeps the query's value. A GET's body
 * is never read. A multipart form's parts come as they are (text, or a File for a file part); the calls that stream a
 * large upload read their own body instead (modules/files upload.ts), as does the customers' import.
 */
export interface ReadOptions {
  /** Only an urlencoded or multipart body is read (OAuth's token call, RFC 6749 §4.3.2); a JSON body is ignored. */
  formsOnly?: boolean;
  /** The refusal of a body that cannot be read (default: 400 `消息不能读取`). A body past its limit stays a 413. */
  unreadable?: () => Error;
}

const FORM = /^(application\/x-www-form-urlencoded|multipart\/form-data)/i;

export async function readParams(c: Context, options: ReadOptions = {}): Promise<Record<string, unknown>> {
  const query: Record<string, unknown> = c.req.query();
  if (c.req.method === 'GET' || c.req.method === 'HEAD') return query;
  const type = c.req.header('content-type') ?? '';
  const refuse = options.unreadable ?? (() => new ValidationError('', '消息不能读取'));
  let body: unknown = {};
  try {
    if (!options.formsOnly && /application\/json/i.test(type)) body = await c.req.json();
    else if (FORM.test(type)) body = await c.req.parseBody();
  } catch (err) {
    if (err instanceof PayloadTooLargeError) throw err;
    throw refuse();
  }
  if (body === null || typeof body !== 'object' || Array.isArray(body)) throw refuse();
  return { ...query, ...(body as Record<string, unknown>) };
}

/** `readParams` as text (lib/contracts/inputs.ts asTextParams). */
export async function readTextParams(c: Context, options?: ReadOptions): Promise<Record<string, string>> {
  return asTextParams(await readParams(c, options));
}
