import { AsyncLocalStorage } from 'node:async_hooks';
import { randomUUID } from 'node:crypto';
import { format } from 'node:util';
import type { MiddlewareHandler } from 'hono';

/**
 * blade/'s log: one JSON object per line, carrying the id of the request it belongs to. Call sites write
 * `deps.log('text')` or `deps.log('text', { level: 'error', err })`; the sink (BladeOptions.log) gets the fields with
 * `reqId` added. The default sink writes the JSON line to stdout; the portal passes one that writes through its own
 * logger (lib/log), and tests pass ones that keep the text.
 */

export type LogLevel = 'info' | 'warn' | 'error';

export interface LogFields {
  level?: LogLevel;
  /** An error: logged as `{type, message, stack, code}`, the stack as one field, never as lines of its own. */
  err?: unknown;
  [field: string]: unknown;
}

export type BladeLog = (msg: string, fields?: LogFields) => void;

export const REQUEST_ID_HEADER = 'x-request-id';
const ACCEPTED_ID = /^[A-Za-z0-9._-]{8,128}$/;

const requests = new AsyncLocalStorage<string>();

/** The id of the request being served, if any (log lines written outside a request have none). */
export function currentRequestId(): string | undefined {
  return requests.getStore();
}

/**
 * First middleware of the app: the request's id is the caller's X-Request-Id when it looks like one (the portal sends
 * its own, so both logs share it), else a new one; every line logged while the request is served carries it.
 */
export function requestContext(): MiddlewareHandler {
  return (c, next) => {
    const given = c.req.header(REQUEST_ID_HEADER);
    return requests.run(given && ACCEPTED_ID.test(given) ? given : randomUUID(), next);
  };
}

/** The fields of an error worth a log line: its stack (with the message) as one string field. */
export function serializeError(err: unknown): Record<string, unknown> {
  if (!(err instanceof Error)) return { message: String(err) };
  const out: Record<string, unknown> = { type: err.name, message: err.message, stack: err.stack };
  const code = (err as { code?: unknown }).code;
  if (typeof code === 'string' || typeof code === 'number') out.code = code;
  return out;
}

/** The JSON line of a record (no trailing newline). */
export function jsonLine(service: string, msg: string, fields: LogFields = {}): string {
  const { level = 'info', err, ...rest } = fields;
  return JSON.stringify({
    level,
    time: new Date().toISOString(),
    service,
    ...rest,
    msg,
    ...(err === undefined ? {} : { err: serializeError(err) }),
  });
}

/** The default sink: the JSON line on stdout, where the portal's lines go too. */
export const stdoutLog: BladeLog = (msg, fields) => {
  process.stdout.write(`${jsonLine('blade', msg, fields)}\n`);
};

/**
 * Standalone blade/ (server.ts): what libraries and the runtime print through `console`, often over several lines,
 * becomes one record each, an Error among the arguments its `err` field.
 */
export function routeConsoleTo(log: BladeLog): void {
  const levels: Record<'log' | 'info' | 'debug' | 'warn' | 'error', LogLevel> = {
    log: 'info',
    info: 'info',
    debug: 'info',
    warn: 'warn',
    error: 'error',
  };
  for (const [method, level] of Object.entries(levels)) {
    console[method as keyof typeof levels] = (...args: unknown[]) => {
      const err = args.find((arg) => arg instanceof Error);
      const text = format(...args.filter((arg) => arg !== err));
      log(text || (err as Error | undefined)?.message || '', err ? { level, err } : { level });
    };
  }
}

/** `sink` with the current request's id added to every record. */
export function withRequestIds(sink: BladeLog): BladeLog {
  return (msg, fields) => {
    const reqId = requests.getStore();
    sink(msg, reqId === undefined ? fields : { reqId, ...fields });
  };
}
