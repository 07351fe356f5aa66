import { createHash } from 'node:crypto';
import { readdirSync, statSync } from 'node:fs';
import path from 'node:path';

/** Smallest valid heads of the allowlisted formats, padded to the size wanted. */
export const PNG_HEAD = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
export const ZIP_HEAD = Buffer.from([0x50, 0x4b, 0x03, 0x04]);

export function pngBytes(size = 64): Buffer {
  const buf = Buffer.alloc(size, 7);
  PNG_HEAD.copy(buf);
  return buf;
}

export const sha256 = (buf: Buffer | Uint8Array) => createHash('sha256').update(buf).digest('hex');

export function form(fields: Record<string, string>, file?: { name: string; bytes: Buffer }): FormData {
  const fd = new FormData();
  for (const [k, v] of Object.entries(fields)) fd.append(k, v);
  if (file) fd.append('file', new Blob([new Uint8Array(file.bytes)]), file.name);
  return fd;
}

/** Every regular file under a directory (recursively), to prove that nothing was left behind. */
export function filesUnder(dir: string): string[] {
  let out: string[] = [];
  let entries: string[];
  try {
    entries = readdirSync(dir);
  } catch {
    return [];
  }
  for (const name of entries) {
    const full = path.join(dir, name);
    if (statSync(full).isDirectory()) out = out.concat(filesUnder(full));
    else out.push(full);
  }
  return out;
}

/** A multipart body that sends `sent` bytes of a file and then fails, like a browser tab closed mid-upload. */
export function interruptedBody(boundary: string, name: string, sent: Buffer): ReadableStream<Uint8Array> {
  const head = Buffer.from(
    `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${name}"\r\n` +
      'Content-Type: application/octet-stream\r\n\r\n',
  );
  let step = 0;
  return new ReadableStream<Uint8Array>({
    pull(controller) {
      if (step === 0) controller.enqueue(new Uint8Array(head));
      else if (step === 1) controller.enqueue(new Uint8Array(sent));
      else controller.error(new Error('client went away'));
      step += 1;
    },
  });
}
