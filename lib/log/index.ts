import { AsyncLocalStorage } from 'node:async_hooks';
import { randomUUID } from 'node:crypto';
import pino, { type DestinationStream, type Logger } from 'pino';
import { getConfig } from '@/lib/env';

/**
 * The portal's structured log: one JSON object per line on stdout (pino), for the container's log collector. A line
 * written while a request is served carries its id (`reqId`), whoever writes it: the BFF, the embedded blade/ (through
 * bladeLog below) or scripts/server.mjs; an error is one `err` field with its stack, never lines of its own.
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

/** The request being served; shared through globalThis with scripts/server.mjs, which opens it for every request. */
interface RequestScope {
  reqId: string;
}

const store = globalThis as unknown as {
  __portalLogger?: Logger;
  __portalRequestScope?: AsyncLocalStorage<RequestScope>;
};
const requestScope = (store.__portalRequestScope ??= new AsyncLocalStorage<RequestScope>());

/** Runs `fn` as part of request `reqId`: every line logged meanwhile (in any await below it) carries the id. */
export function withRequestId<T>(reqId: string, fn: () => T): T {
  return requestScope.run({ reqId }, fn);
}

export function currentRequestId(): string | undefined {
  return requestScope.getStore()?.reqId;
}

/** The portal's logger writing to `destination` (stdout by default): tests read what it writes. */
export function createLogger(destination?: DestinationStream): Logger {
  return pino(
    {
      level: getConfig().logLevel,
      base: { service: 'portal' },
      timestamp: pino.stdTimeFunctions.isoTime,
      redact: { paths: REDACT, censor: '[redacted]' },
      formatters: { level: (label) => ({ level: label }) },
      // Fields given with the line win over these.
      mixin: () => {
        const reqId = currentRequestId();
        return reqId === undefined ? {} : { reqId };
      },
    },
    destination,
  );
}

export function getLogger(): Logger {
  store.__portalLogger ??= createLogger();
  return store.__portalLogger;
}

type BladeLogLevel = 'info' | 'warn' | 'error';

/**
 * The embedded blade/'s log sink (blade/core/log.ts BladeLog): its records become lines of this log, marked
 * `component: blade`, with the request id blade/ adds (the same as the BFF's: the proxy sends it as X-Request-Id).
 */
export function bladeLog(
  msg: string,
  fields: { level?: BladeLogLevel; [field: string]: unknown } = {},
): void {
  const { level = 'info', ...rest } = fields;
  getLogger()[level]({ component: 'blade', ...rest }, msg);
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
