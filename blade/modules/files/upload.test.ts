import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { LocalStorage } from '../../storage';
import { filesUnder, pngBytes } from './files.test-helpers';
import { receiveUpload } from './upload';

// The multipart stream's failure paths, with the checks before the bytes (beforeFile) under the test's control.

let root: string;
beforeEach(() => {
  root = mkdtempSync(path.join(os.tmpdir(), 'blade-upload-test-'));
});
afterEach(() => rmSync(root, { recursive: true, force: true }));

const BOUNDARY = 'x-upload-test';
const fileHead = (name: string) =>
  new Uint8Array(
    Buffer.from(
      `--${BOUNDARY}\r\nContent-Disposition: form-data; name="file"; filename="${name}"\r\n` +
        'Content-Type: application/octet-stream\r\n\r\n',
    ),
  );

/** A request whose body the test writes: `send` enqueues, `fail` errors it like a client that went away. */
function controlledRequest() {
  let controller!: ReadableStreamDefaultController<Uint8Array>;
  const body = new ReadableStream<Uint8Array>({ start: (c) => void (controller = c) });
  const request = new Request('http://blade/upload', {
    method: 'POST',
    body,
    headers: { 'content-type': `multipart/form-data; boundary=${BOUNDARY}` },
    duplex: 'half',
  } as RequestInit);
  return {
    request,
    send: (bytes: Uint8Array) => controller.enqueue(bytes),
    fail: () => controller.error(new Error('client went away')),
  };
}

/** Settles with the outcome, or with 'pending' when nothing happened within the time given. */
const outcome = (p: Promise<unknown>, ms = 2000) =>
  Promise.race([
    p.then(
      () => 'stored',
      (err: Error) => err.message,
    ),
    new Promise((resolve) => setTimeout(() => resolve('pending'), ms)),
  ]);

it('gives up, storing nothing, when the client goes away while the upload is being checked', async () => {
  const { request, send, fail } = controlledRequest();
  let entered!: () => void;
  const checking = new Promise<void>((resolve) => (entered = resolve));
  let release!: () => void;
  const released = new Promise<void>((resolve) => (release = resolve));
  const received = receiveUpload(
    request,
    {},
    {
      storage: new LocalStorage(root),
      key: () => 'k/upload.png',
      beforeFile: async () => {
        entered();
        await released;
        return 1;
      },
    },
  );
  send(fileHead('a.png'));
  send(new Uint8Array(pngBytes(100)));
  await checking;
  fail();
  // The server sees the failure while the check still runs; the check then ends as if all were well.
  await new Promise((resolve) => setTimeout(resolve, 50));
  release();
  expect(await outcome(received)).toBe('上传中断: client went away');
  expect(filesUnder(root)).toEqual([]);
});
