import type { Context } from 'hono';
import type { ContentfulStatusCode } from 'hono/utils/http-status';
import { HTTPException } from 'hono/http-exception';
import { z } from 'zod';
import { PayloadTooLargeError } from './body-limit';
import { failure, type Refusal } from './envelope';
import { issueText, keyed, zhText } from './refusal-keys';
import { keyOfMessage } from '../../lib/contracts/message-key';
import type { BladeLog } from './log';

/**
 * A business rule refused the request; the message is shown to the user as is. `errorCode`, when given, is the
 * refusal's message key (messages/zh.json): the portal shows that key's text in the user's language.
 */
export class ServiceError extends Error {
  constructor(
    message: string,
    readonly code = 400,
    readonly errorCode?: string,
    /** The values of the message key's placeholders, so a client's translation says the same. */
    readonly errorArgs?: Record<string, string | number>,
  ) {
    super(message);
    this.name = 'ServiceError';
  }
}

/** A refusal whose text is a message key's zh text; the key goes out as the envelope's errorCode. */
export class KeyedError extends ServiceError {
  constructor(key: string, values?: Record<string, string | number>) {
    super(zhText(key, values), 400, key, values);
    this.name = 'KeyedError';
  }
}

/** Bad input detected outside zod (unknown sort column, unreadable body). */
export class ValidationError extends ServiceError {
  constructor(
    readonly field: string,
    readonly text: string,
    errorCode?: string,
    errorArgs?: Record<string, string | number>,
  ) {
    super(field ? `${field}:${text}` : text, 400, errorCode, errorArgs);
    this.name = 'ValidationError';
  }

  /** A refused input worded by a message key (its zh text, the key and values in the envelope). */
  static keyed(field: string, key: string, values?: Record<string, string | number>): ValidationError {
    return new ValidationError(field, zhText(key, values), key, values);
  }

  /**
   * A schema that checks one request parameter outside the action's own input (a JSON list sent as text, an alias of
   * a field): its first issue, worded as the envelope words a ZodError — zod's English defaults in Chinese, a `byKey`
   * rule's key as the code — under the parameter's name.
   */
  static ofParameter(field: string, error: z.ZodError): ValidationError {
    const { text, key } = zodRefusal(error);
    return new ValidationError(field, text, key);
  }
}

export class NotFoundError extends Error {
  constructor(message = '数据不存在') {
    super(message);
    this.name = 'NotFoundError';
  }
}

export class UnauthorizedError extends Error {
  constructor(message = '请求未授权') {
    super(message);
    this.name = 'UnauthorizedError';
  }
}

export class ForbiddenError extends Error {
  constructor(message = '请求被拒绝') {
    super(message);
    this.name = 'ForbiddenError';
  }
}

/** The first issue's field (its path, `a.b.0`, or ""), text, and key when its rule named one (`byKey`). */
function zodRefusal(error: z.ZodError): { field: string; text: string; key?: string } {
  const issue = error.issues[0];
  if (!issue) return { field: '', text: '参数校验失败' };
  return {
    field: issue.path.map(String).join('.'),
    text: issueText(issue),
    key: keyOfMessage(issue.message),
  };
}

/** `<field>:<text>` of the first issue, as Blade answers it. */
export function zodMessage(error: z.ZodError): string {
  const { field, text } = zodRefusal(error);
  return field ? `${field}:${text}` : text;
}

function respond(
  c: Context,
  status: ContentfulStatusCode,
  text: string,
  code: number = status,
  refusal?: Refusal,
) {
  const answer = keyed(text, refusal);
  return c.json(failure(code, answer.text, answer.refusal), status);
}

const HTTP_MESSAGES: Record<number, string> = {
  401: '请求未授权',
  403: '请求被拒绝',
  404: '404 没找到请求',
  405: '不支持当前请求方法',
  413: '请求体过大',
  415: '不支持当前媒体类型',
};

export const MSG_BAD_INPUT = '请求参数错误';

/**
 * A PostgreSQL data exception (SQLSTATE class 22: a NUL byte 22021, a number out of range 22003, text that is not a
 * number 22P02, …): the input was bad, whatever reader let it through, so it is the caller's 400, not a 500.
 */
export function isDataException(err: unknown): boolean {
  const code = (err as { code?: unknown } | null)?.code;
  return typeof code === 'string' && /^22[0-9A-Z]{3}$/.test(code);
}

/** The one place errors become responses. Unknown errors are logged and never echoed (SQL text stays server-side). */
export function errorHandler(log: BladeLog) {
  return (err: Error, c: Context) => {
    if (err instanceof z.ZodError) {
      const { field, text, key } = zodRefusal(err);
      return respond(c, 400, text, 400, { errorField: field, errorCode: key });
    }
    if (err instanceof ValidationError)
      return respond(c, 400, err.text, err.code, {
        errorField: err.field || undefined,
        errorCode: err.errorCode,
        errorArgs: err.errorArgs,
      });
    if (err instanceof ServiceError)
      return respond(c, 400, err.message, err.code, { errorCode: err.errorCode, errorArgs: err.errorArgs });
    if (err instanceof NotFoundError) return respond(c, 404, err.message);
    if (err instanceof UnauthorizedError) return respond(c, 401, err.message);
    if (err instanceof ForbiddenError) return respond(c, 403, err.message);
    if (err instanceof PayloadTooLargeError) return respond(c, 413, err.message);
    if (err instanceof HTTPException && err.status < 500) {
      return respond(c, err.status as ContentfulStatusCode, HTTP_MESSAGES[err.status] ?? MSG_BAD_INPUT);
    }
    const where = `${c.req.method} ${c.req.path}`;
    if (isDataException(err)) {
      log(`[blade] ${where} refused bad input: ${err.message}`, { level: 'warn', err });
      return respond(c, 400, MSG_BAD_INPUT);
    }
    log(`[blade] ${where} failed: ${err.message}`, { level: 'error', err });
    return respond(c, 500, '服务器异常');
  };
}

export function notFoundHandler(c: Context) {
  return respond(c, 404, '404 没找到请求');
}
