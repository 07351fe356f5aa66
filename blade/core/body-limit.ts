import type { MiddlewareHandler } from 'hono';
import { failure } from './envelope';

/**
 * Request body limits per call class (SECURITY 26), enforced while the body streams, so that nothing is buffered
 * before the size is known to be acceptable and a refused call never reads the body at all.
 *
 * - small: every JSON, urlencoded or other body. The largest the product sends are the browser's error log (100
 *   entries cut to about 0.8 million characters, modules/log), a data model's field grid (500 fields, about 0.5 MB)
 *   and a role grant (a few thousand ids, tens of kB): 1 MB.
 * - upload: multipart bodies of the calls that stream a file into storage (modules/files upload.ts, which enforces the
 *   500 MB file limit and the catalogue node's own while streaming); 1 MB more for the form fields and part headers.
 * - import: multipart bodies of the calls that read one spreadsheet into memory to import it (a 5 MB file, the
 *   import's own limit, checked again on the file) plus 64 kB for the part headers.
 *   Multipart elsewhere is small: those calls read their form into memory (Hono's parseBody). The portal, which also
 *   fronts a remote Blade whose upload calls it cannot list, gives every multipart or octet-stream body this limit.
 *
 * The body is wrapped rather than read here: the route's permission checks run first, and a handler that never reads
 * the body never costs more than its headers. The portal's proxy (lib/bff) applies the same limits before forwarding.
 */

const MB = 1024 * 1024;
export const SMALL_BODY_BYTES = 1 * MB;
export const UPLOAD_BODY_BYTES = 501 * MB;

/** Calls that stream a multipart upload into storage; a new streaming upload call is added here. */
export const STREAMED_UPLOAD_PATHS: ReadonlySet<string> = new Set([
  '/blade-resource/file/uploadFile',
  '/blade-resource/file/coverUploadFile',
  '/blade-resource/file/uploadSeal',
]);

/** The spreadsheet imports' limit: the message of a refusal names it in whole MB (5). */
export const IMPORT_BODY_BYTES = 5 * MB + 64 * 1024;

/** Calls that read an uploaded spreadsheet into memory to import it; a new import call is added here. */
export const IMPORT_PATHS: ReadonlySet<string> = new Set(['/business-service/customer/setImportCustomer']);

const isMultipart = (contentType: string | null | undefined) => /^multipart\//i.test(contentType ?? '');

/** A body that carries a file: multipart, or the raw bytes of one. */
export const isUploadContentType = (contentType: string | null | undefined) =>
  isMultipart(contentType) || /^application\/octet-stream/i.test(contentType ?? '');

/** The portal's view, which cannot know a remote Blade's upload calls: a file body is an upload, the rest small. */
export function bodyLimitForContentType(contentType: string | null | undefined): number {
  return isUploadContentType(contentType) ? UPLOAD_BODY_BYTES : SMALL_BODY_BYTES;
}

/**
 * Calls that read a multipart file of a few megabytes into memory before checking and storing it (a scanned
 * invoice). Their own rules (size, type) apply after; this only bounds what is buffered.
 */
export const PARSED_UPLOAD_BYTES = 10 * MB;
export const PARSED_UPLOAD_PATHS: ReadonlySet<string> = new Set(['/business-service/invoice/upload']);

/** blade/'s own view: the upload limits only where a multipart body carries a file, the rest small. */
export function bodyLimitFor(path: string, contentType: string | null | undefined): number {
  if (!isMultipart(contentType)) return SMALL_BODY_BYTES;
  if (STREAMED_UPLOAD_PATHS.has(path)) return UPLOAD_BODY_BYTES;
  if (IMPORT_PATHS.has(path)) return IMPORT_BODY_BYTES;
  return PARSED_UPLOAD_PATHS.has(path) ? PARSED_UPLOAD_BYTES : SMALL_BODY_BYTES;
}

export function payloadTooLargeMessage(limit: number): string {
  return `请求内容过大，不能超过${Math.floor(limit / MB)}MB`;
}

/** The body went past its limit while being read; answered 413 (errors.ts). */
export class PayloadTooLargeError extends Error {
  constructor(readonly limit: number) {
    super(payloadTooLargeMessage(limit));
    this.name = 'PayloadTooLargeError';
  }
}

/** A Content-Length above the limit: refused before a byte is read. */
export function declaredTooLarge(headers: Headers, limit: number): boolean {
  const declared = Number(headers.get('content-length') ?? '');
  return Number.isFinite(declared) && declared > limit;
}

export interface LimitedBody {
  stream: ReadableStream<Uint8Array>;
  limit: number;
  /** Whether the body went past the limit (its reader then got a PayloadTooLargeError). */
  readonly exceeded: boolean;
}

/**
 * `source` read on demand (nothing is pulled before the consumer asks) and counted: the read that passes `limit`
 * fails with PayloadTooLargeError. The source is then left unread rather than cancelled: the HTTP server discards the
 * rest after the answer, and cancelling the request body could reset the client's connection before it reads the 413.
 */
export function limitBody(source: ReadableStream<Uint8Array>, limit: number): LimitedBody {
  let size = 0;
  let exceeded = false;
  let reader: ReadableStreamDefaultReader<Uint8Array> | undefined;
  const stream = new ReadableStream<Uint8Array>(
    {
      async pull(controller) {
        reader ??= source.getReader();
        const { value, done } = await reader.read();
        if (done) return controller.close();
        size += value.byteLength;
        if (size > limit) {
          exceeded = true;
          return controller.error(new PayloadTooLargeError(limit));
        }
        controller.enqueue(value);
      },
      cancel(reason) {
        return reader ? reader.cancel(reason) : source.cancel(reason);
      },
    },
    { highWaterMark: 0 },
  );
  return {
    stream,
    limit,
    get exceeded() {
      return exceeded;
    },
  };
}

/**
 * Mounted first in app.ts, before any route: a declared oversize body is answered 413 at once; any other body is
 * handed on counted. A handler that swallowed the read error (`parseBody().catch(…)`) still answers 413.
 */
export function bodyLimit(): MiddlewareHandler {
  return async (c, next) => {
    const raw = c.req.raw;
    if (!raw.body) return next();
    const limit = bodyLimitFor(c.req.path, raw.headers.get('content-type'));
    if (declaredTooLarge(raw.headers, limit)) throw new PayloadTooLargeError(limit);
    const limited = limitBody(raw.body, limit);
    c.req.raw = new Request(raw, { body: limited.stream, duplex: 'half' } as RequestInit);
    await next();
    if (limited.exceeded && c.res.status !== 413) {
      c.res = c.json(failure(413, payloadTooLargeMessage(limit)), 413);
    }
  };
}
