import { Readable } from 'node:stream';
import type { Storage } from '../../storage';
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

/** Streams a stored file; inline only for images and PDF, everything else as an attachment. */
export async function sendFile(
  store: Storage,
  file: Pick<FileRow, 'object_key' | 'suffix' | 'size' | 'original_filename' | 'content_type'>,
  download: boolean,
  name = file.original_filename,
): Promise<Response> {
  const body = await store.get(file.object_key);
  const inline = !download && (kindOf(file.suffix)?.inline ?? false);
  return new Response(Readable.toWeb(body) as ReadableStream, {
    status: 200,
    headers: {
      'Content-Type': file.content_type,
      'Content-Length': String(file.size),
      'Content-Disposition': contentDisposition(inline ? 'inline' : 'attachment', name),
      'X-Content-Type-Options': 'nosniff',
      'Cache-Control': 'private, no-store',
    },
  });
}
