import { Readable } from 'node:stream';
import type { ByteRange, Storage } from '../../storage';
import { kindOf } from './file-type';
import type { FileRow } from './file.repository';

/** RFC 6266 / 5987: an ASCII fallback for old clients and the exact UTF-8 name for everyone else. */
export function contentDisposition(type: 'inline' | 'attachment', name: string): string {
  const fallback = name.replace(/[^\x20-\x7e]/g, '_').replace(/["\\]/g, '_') || 'file';
  const encoded = encodeURIComponent(name).replace(
    /['()*]/g,
    (ch) => `%${ch.charCodeAt(0).toString(16).toUpperCase()}`,
  );
  return `${type}; filename="${fallback}"; filename*=UTF-8''${encoded}`;
}

export type RangeAnswer =
  { kind: 'full' } | { kind: 'partial'; range: ByteRange } | { kind: 'unsatisfiable' };

/**
 * RFC 9110 §14: one byte range (`bytes=a-b`, `bytes=a-`, `bytes=-n`) of a representation of `size` bytes. Anything
 * else — several ranges, another unit, bad syntax — is answered with the whole file, which the RFC allows; a single
 * well-formed range that starts past the end is unsatisfiable (416).
 */
export function parseRange(header: string | undefined, size: number): RangeAnswer {
  if (!header) return { kind: 'full' };
  const m = /^\s*bytes\s*=\s*(\d*)\s*-\s*(\d*)\s*$/i.exec(header);
  if (!m || (m[1] === '' && m[2] === '')) return { kind: 'full' };
  // Digits beyond what a file can have are treated as "to the end" / "past the end", never as NaN arithmetic.
  const num = (s: string) => (s.length > 15 ? Number.MAX_SAFE_INTEGER : Number(s));
  if (m[1] === '') {
    const suffix = num(m[2]);
    if (suffix === 0 || size === 0) return { kind: 'unsatisfiable' };
    return { kind: 'partial', range: { start: Math.max(0, size - suffix), end: size - 1 } };
  }
  const start = num(m[1]);
  const end = m[2] === '' ? size - 1 : Math.min(num(m[2]), size - 1);
  if (m[2] !== '' && num(m[2]) < start) return { kind: 'full' };
  if (start >= size) return { kind: 'unsatisfiable' };
  return { kind: 'partial', range: { start, end } };
}

/** The request headers that decide a ranged answer. */
export interface RangeRequest {
  range?: string;
  ifRange?: string;
}

/** Strong validator of a stored file: its content hash (a cover upload changes it, so a resumed download restarts). */
function etagOf(file: { sha256?: string | null }): string | undefined {
  return file.sha256 ? `"${file.sha256}"` : undefined;
}

/** Whether the request asks for bytes past the start: such follow-up reads of one viewing are not new history. */
export function isContinuation(request: RangeRequest | undefined): boolean {
  // Any size: only where the range starts matters, and a preview's converted PDF has a size of its own.
  const answer = parseRange(request?.range, Number.MAX_SAFE_INTEGER);
  return answer.kind === 'partial' && answer.range.start > 0;
}

/**
 * Streams a stored file; inline only for images and PDF, everything else as an attachment. A single `Range` is
 * answered with 206 and only those bytes read from the store (PDF viewers and resumed downloads); `If-Range` with a
 * different ETag gets the whole file.
 */
export async function sendFile(
  store: Storage,
  file: Pick<FileRow, 'object_key' | 'suffix' | 'size' | 'original_filename' | 'content_type'> & {
    sha256?: string | null;
  },
  download: boolean,
  name = file.original_filename,
  request: RangeRequest = {},
): Promise<Response> {
  const size = Number(file.size);
  const etag = etagOf(file);
  const inline = !download && (kindOf(file.suffix)?.inline ?? false);
  const headers: Record<string, string> = {
    'Content-Type': file.content_type,
    'Content-Disposition': contentDisposition(inline ? 'inline' : 'attachment', name),
    'Accept-Ranges': 'bytes',
    'X-Content-Type-Options': 'nosniff',
    'Cache-Control': 'private, no-store',
  };
  if (etag) headers.ETag = etag;
  // If-Range naming another version (or a date, which we cannot compare strongly) means "send it all".
  const rangeHonoured = !request.ifRange || (etag !== undefined && request.ifRange.trim() === etag);
  const answer = rangeHonoured ? parseRange(request.range, size) : ({ kind: 'full' } as const);
  if (answer.kind === 'unsatisfiable') {
    return new Response(null, {
      status: 416,
      headers: { ...headers, 'Content-Range': `bytes */${size}`, 'Content-Length': '0' },
    });
  }
  if (answer.kind === 'partial') {
    const { start, end } = answer.range;
    const body = await store.get(file.object_key, answer.range);
    return new Response(Readable.toWeb(body) as ReadableStream, {
      status: 206,
      headers: {
        ...headers,
        'Content-Range': `bytes ${start}-${end}/${size}`,
        'Content-Length': String(end - start + 1),
      },
    });
  }
  const body = await store.get(file.object_key);
  return new Response(Readable.toWeb(body) as ReadableStream, {
    status: 200,
    headers: { ...headers, 'Content-Length': String(size) },
  });
}
