import {
  bodyLimitForContentType,
  declaredTooLarge,
  limitBody,
  payloadTooLargeMessage,
  type LimitedBody,
} from '@/blade/core/body-limit';
import { envelope } from '@/lib/bff/envelope';

/** Reads a small request body as text, or null when it is larger than `limit` bytes (the stream is then cancelled). */
export async function readSmallBody(request: Request, limit: number): Promise<string | null> {
  if (!request.body) return '';
  const declared = Number(request.headers.get('content-length') ?? '0');
  if (declared > limit) {
    await request.body.cancel();
    return null;
  }
  const reader = request.body.getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  for (;;) {
    const { value, done } = await reader.read();
    if (done) break;
    size += value.byteLength;
    if (size > limit) {
      await reader.cancel();
      return null;
    }
    chunks.push(value);
  }
  return Buffer.concat(chunks).toString('utf8');
}

/** The JSON object in `text`, or null when it is not one. */
export function parseJsonObject(text: string): Record<string, unknown> | null {
  try {
    const value: unknown = JSON.parse(text);
    return value && typeof value === 'object' && !Array.isArray(value)
      ? (value as Record<string, unknown>)
      : null;
  } catch {
    return null;
  }
}

/** A small JSON object body, or null when it is missing, too large or not an object. */
export async function readJsonObject(
  request: Request,
  limit = 4096,
): Promise<Record<string, unknown> | null> {
  const text = await readSmallBody(request, limit);
  return text ? parseJsonObject(text) : null;
}

/**
 * The browser's body on its way upstream, counted against its call class's limit (SECURITY 26, the limits of
 * blade/core/body-limit.ts: multipart is an upload, anything else small): a 413 when the declared length is over,
 * else the counted stream (null without a body). Nothing is read here; the upstream pulls it as it reads.
 */
export function forwardedBody(request: Request): { body: LimitedBody | null } | { refused: Response } {
  if (!request.body) return { body: null };
  const limit = bodyLimitForContentType(request.headers.get('content-type'));
  if (declaredTooLarge(request.headers, limit)) return { refused: payloadTooLarge(limit) };
  return { body: limitBody(request.body, limit) };
}

export function payloadTooLarge(limit: number): Response {
  return envelope(413, payloadTooLargeMessage(limit));
}
