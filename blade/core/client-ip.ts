import type { Context } from 'hono';
import type { BladeEnv } from './context';

/**
 * The portal proxy sets this header to the browser's address (after applying its own trusted-proxy rules) and
 * overwrites whatever the browser sent. blade trusts it, so blade must only be reachable from portals.
 */
export const CLIENT_IP_HEADER = 'x-blade-client-ip';

const ADDRESS = /^[0-9A-Za-z:.%_-]{1,64}$/;

export function clientIp(c: Context<BladeEnv>): string {
  const forwarded = c.req.header(CLIENT_IP_HEADER)?.trim();
  if (forwarded && ADDRESS.test(forwarded)) return forwarded;
  return c.env?.incoming?.socket?.remoteAddress ?? 'unknown';
}
