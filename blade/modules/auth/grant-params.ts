import type { Context } from 'hono';
import type { BladeEnv } from '../../core/context';
import { readTextParams } from '../../core/input';
import { GrantError } from './grant-error';

/**
 * A grant's parameters (the token call and WeChat's callback): the query string and an urlencoded or multipart body,
 * the body winning (core/input.ts), as text. OAuth's token call takes no JSON (RFC 6749 §4.3.2). A body that cannot
 * be read is refused with the caller's own text.
 */
export function grantParams(c: Context<BladeEnv>, unreadable: string): Promise<Record<string, string>> {
  return readTextParams(c, { formsOnly: true, unreadable: () => new GrantError(400, unreadable) });
}
