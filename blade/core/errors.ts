import type { Context } from 'hono';
import type { ContentfulStatusCode } from 'hono/utils/http-status';
import { HTTPException } from 'hono/http-exception';
import { z } from 'zod';
import { failure } from './envelope';

/** A business rule refused the request; the message is shown to the user as is. */
export class ServiceError extends Error {
  constructor(
    message: string,
    readonly code = 400,
  ) {
    super(message);
    this.name = 'ServiceError';
  }
}

/** Bad input detected outside zod (unknown sort column, unreadable body). */
export class ValidationError extends ServiceError {
  constructor(field: string, message: string) {
    super(field ? `${field}:${message}` : message, 400);
    this.name = 'ValidationError';
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

export function zodMessage(error: z.ZodError): string {
  const issue = error.issues[0];
  if (!issue) return '参数校验失败';
  const field = issue.path.map(String).join('.');
  return field ? `${field}:${issue.message}` : issue.message;
}

function respond(c: Context, status: ContentfulStatusCode, msg: string, code: number = status) {
  return c.json(failure(code, msg), status);
}

const HTTP_MESSAGES: Record<number, string> = {
  401: '请求未授权',
  403: '请求被拒绝',
  404: '404 没找到请求',
  405: '不支持当前请求方法',
  413: '请求体过大',
  415: '不支持当前媒体类型',
};

/** The one place errors become responses. Unknown errors are logged and never echoed (SQL text stays server-side). */
export function errorHandler(log: (line: string) => void) {
  return (err: Error, c: Context) => {
    if (err instanceof z.ZodError) return respond(c, 400, zodMessage(err));
    if (err instanceof ServiceError) return respond(c, 400, err.message, err.code);
    if (err instanceof NotFoundError) return respond(c, 404, err.message);
    if (err instanceof UnauthorizedError) return respond(c, 401, err.message);
    if (err instanceof ForbiddenError) return respond(c, 403, err.message);
    if (err instanceof HTTPException && err.status < 500) {
      return respond(c, err.status as ContentfulStatusCode, HTTP_MESSAGES[err.status] ?? '请求参数错误');
    }
    log(`[blade] ${c.req.method} ${c.req.path} failed: ${err.stack ?? err.message}`);
    return respond(c, 500, '服务器异常');
  };
}

export function notFoundHandler(c: Context) {
  return respond(c, 404, '404 没找到请求');
}
