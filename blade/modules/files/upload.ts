import { createHash } from 'node:crypto';
import { Readable, Transform, type TransformCallback } from 'node:stream';
import type { ReadableStream as WebReadableStream } from 'node:stream/web';
import busboy from 'busboy';
import { ServiceError, ValidationError, KeyedError } from '../../core/errors';
import type { Storage } from '../../storage';
import {
  extensionOf,
  kindOf,
  KINDS,
  MAGIC_BYTES,
  MSG_BAD_CONTENT,
  MSG_BAD_EXTENSION,
  sizeMessage,
} from './file-type';
import { storedName } from '../../../lib/contracts/files/names';

/** General upload limit (000 §5). */
export const MAX_UPLOAD_MB = 500;

export interface IncomingFile {
  originalName: string;
  suffix: string;
}

export interface StoredUpload extends IncomingFile {
  key: string;
  size: number;
  sha256: string;
  contentType: string;
  /** The limit in force while streaming (MB), for a check that can only run afterwards. */
  maxMb: number;
}

export interface ReceiveOptions {
  storage: Storage;
  /** The object key for this upload (decided by the server). */
  key: (file: IncomingFile) => string;
  /**
   * Runs when the file part begins, with the form fields sent before it (and the query's): throws to refuse, or
   * returns the size limit in MB for this file (the node's maxFileSize, at most 500).
   */
  beforeFile: (fields: Record<string, string>, file: IncomingFile) => Promise<number>;
}

export interface Received {
  fields: Record<string, string>;
  file?: StoredUpload;
}

/** Counts, hashes and checks the content while it streams; fails the stream the moment a rule is broken. */
export class CheckedStream extends Transform {
  size = 0;
  readonly #hash = createHash('sha256');
  #head: Buffer = Buffer.alloc(0);
  #checked = false;

  constructor(
    private readonly suffix: string,
    private readonly maxBytes: number,
    private readonly maxMb: number,
  ) {
    super();
  }

  #checkMagic(): boolean {
    this.#checked = true;
    return KINDS[this.suffix].magic(this.#head);
  }

  override _transform(chunk: Buffer, _enc: BufferEncoding, done: TransformCallback): void {
    this.size += chunk.length;
    if (this.size > this.maxBytes) return done(new ServiceError(sizeMessage(this.maxMb)));
    if (!this.#checked) {
      this.#head = Buffer.concat([this.#head, chunk.subarray(0, MAGIC_BYTES)]).subarray(0, MAGIC_BYTES);
      if (this.#head.length >= MAGIC_BYTES && !this.#checkMagic())
        return done(new ServiceError(MSG_BAD_CONTENT));
    }
    this.#hash.update(chunk);
    done(null, chunk);
  }

  override _flush(done: TransformCallback): void {
    if (!this.#checked && !this.#checkMagic()) return done(new ServiceError(MSG_BAD_CONTENT));
    done();
  }

  digest(): string {
    return this.#hash.digest('hex');
  }
}

/**
 * Streams one multipart upload (`file` plus form fields) into storage without holding it in memory. The size limit
 * and the content check run while the bytes flow; a refused, failed or aborted upload leaves no object behind.
 */
export async function receiveUpload(
  req: Request,
  query: Record<string, string>,
  options: ReceiveOptions,
): Promise<Received> {
  const contentType = req.headers.get('content-type') ?? '';
  if (!/^multipart\/form-data/i.test(contentType) || !req.body)
    throw new ValidationError('file', '请选择要上传的文件');

  const source = Readable.fromWeb(req.body as unknown as WebReadableStream<Uint8Array>);
  let parser: busboy.Busboy;
  try {
    parser = busboy({
      headers: { 'content-type': contentType },
      limits: { files: 1, fields: 30, fieldSize: 4096, parts: 40 },
      defParamCharset: 'utf8',
    });
  } catch {
    throw new ValidationError('file', '请选择要上传的文件');
  }

  const fields: Record<string, string> = { ...query };
  let stored: Promise<StoredUpload> | undefined;
  let current: CheckedStream | undefined;
  let failed = false;

  const done = new Promise<void>((resolve, reject) => {
    const fail = (err: unknown) => {
      failed = true;
      current?.destroy(err instanceof Error ? err : new Error(String(err)));
      // Stop reading, but leave the body uncancelled: the rest is the HTTP server's to discard after the answer
      // (@hono/node-server drains a bounded amount, then closes). Cancelling it would reset an HTTP client's
      // connection before it reads the refusal, and races a sender that pushes without waiting for reads, as fetch
      // does with a FormData body (Node 24 then throws "ReadableStream is already closed" in the sender).
      source.unpipe(parser);
      source.pause();
      reject(err);
    };
    source.on('error', (err) => fail(new KeyedError('common.refusal.uploadBroken', { reason: err.message })));
    parser.on('error', fail);
    parser.on('field', (name, value) => {
      if (!Object.hasOwn(fields, name) || fields[name] === '') fields[name] = value;
    });
    parser.on('file', (name, stream, info) => {
      if (name !== 'file' || stored || failed) {
        stream.resume();
        return;
      }
      const originalName = storedName(info.filename ?? '').slice(0, 255);
      const suffix = extensionOf(originalName);
      const file = { originalName, suffix };
      stream.pause();
      stored = (async () => {
        if (!Object.hasOwn(KINDS, suffix)) throw new ServiceError(MSG_BAD_EXTENSION);
        const maxMb = Math.min(MAX_UPLOAD_MB, await options.beforeFile({ ...fields }, file));
        // The upload may have failed while beforeFile ran (the client went away): its file part will never end.
        if (failed) throw new ServiceError('上传中断');
        const checked = new CheckedStream(suffix, maxMb * 1024 * 1024, maxMb);
        current = checked;
        // Errors surface through the store's pipeline; until the store attaches (after an await), keep them handled.
        checked.on('error', () => undefined);
        stream.on('error', (err) => checked.destroy(err));
        stream.pipe(checked);
        const key = options.key(file);
        const result = await options.storage.put(key, checked, { contentType: kindOf(suffix)?.contentType });
        return {
          ...file,
          key,
          size: result.size,
          sha256: checked.digest(),
          contentType: kindOf(suffix)?.contentType ?? 'application/octet-stream',
          maxMb,
        };
      })();
      stored.catch(fail);
    });
    parser.on('close', () => resolve());
  });
  source.pipe(parser);

  try {
    await done;
  } catch (err) {
    // Let the store finish removing its partial object before the caller answers.
    await stored?.catch(() => undefined);
    throw err;
  }
  if (!stored) return { fields };
  return { fields, file: await stored };
}
