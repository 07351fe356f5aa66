import { randomUUID } from 'node:crypto';
import pino, { type Logger } from 'pino';
import { getConfig } from '@/lib/env';

/**
 * The portal's structured log: one JSON object per line on stdout (pino), for the container's log collector.
 *
 * What is logged is chosen field by field — request id, tenant, user, method, route (the path without its query),
 * status, duration, client address — never headers, bodies or query strings, so no password, token, cookie or captcha
 * answer can reach the log (a test greps a full journey's log for them). `redact` is the second wall for anyone who
 * later logs an object carrying such fields.
 */

const REDACT = [
  'password',
  '*.password',
  'token',
  '*.token',
  'access_token',
  '*.access_token',
  'refresh_token',
  '*.refresh_token',
  'cookie',
  '*.cookie',
  'headers.cookie',
  'headers.authorization',
  'headers["blade-auth"]',
  'headers["captcha-code"]',
  'captcha',
  '*.captcha',
];

const store = globalThis as unknown as { __portalLogger?: Logger };

export function getLogger(): Logger {
  if (!store.__portalLogger) {
    store.__portalLogger = pino({
      level: getConfig().logLevel,
      base: { service: 'portal' },
      timestamp: pino.stdTimeFunctions.isoTime,
      redact: { paths: REDACT, censor: '[redacted]' },
      formatters: { level: (label) => ({ level: label }) },
    });
  }
  return store.__portalLogger;
}

const accessLoggers = new WeakMap<Logger, Logger>();

/**
 * The logger for the one line per request (lib/bff/request-log.ts): a child of getLogger() without the redaction
 * pass. That line's fields are picked one by one and never include headers, bodies or query strings, so redaction has
 * nothing to find there, and it is two thirds of the line's cost (about 7 of 10 µs) on the proxy's hottest path.
 */
export function getAccessLogger(): Logger {
  const base = getLogger();
  let access = accessLoggers.get(base);
  if (!access) {
    access = base.child({}, { redact: { paths: [] } });
    accessLoggers.set(base, access);
  }
  return access;
}

/** Tests: a logger writing somewhere they can read (or undefined to go back to stdout). */
export function setLoggerForTests(logger: Logger | undefined): void {
  store.__portalLogger = logger;
}

export const REQUEST_ID_HEADER = 'x-request-id';
const ACCEPTED_ID = /^[A-Za-z0-9._-]{8,128}$/;

/**
 * The id of a request: the one the reverse proxy (or scripts/server.mjs) put in X-Request-Id when it looks like an id,
 * else a new one. Support staff match the id a user reads in an error toast with this log and the proxy's.
 */
export function requestIdOf(headers: Headers): string {
  const given = headers.get(REQUEST_ID_HEADER);
  return given && ACCEPTED_ID.test(given) ? given : randomUUID();
}
