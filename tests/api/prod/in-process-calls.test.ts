import { Writable } from 'node:stream';
import { GET, POST } from '@/app/api/[...path]/route';
import { ADMIN_PASSWORD, type Harness } from '@/blade/testing/harness';
import { bladeLog, createLogger, setLoggerForTests } from '@/lib/log';
import { apiRequest, inProcessBladeForFile, sameOrigin, sessionCookie } from '../bff/helpers';

// The portal with the embedded blade/ in process, as it runs by default: what it logs for a failing call, and the
// body limit end to end (the BFF's count and blade/'s own sit on the same stream).

let harness: Harness;
let cookie: string;
let userId: string;
let lines: string[] = [];
const MB = 1024 * 1024;

// The sink the portal gives its embedded blade/ (lib/upstream.ts).
const inProcess = inProcessBladeForFile({
  config: { logLevel: 'info', captchaEnabled: true },
  blade: () => ({ log: bladeLog }),
});

beforeAll(async () => {
  harness = inProcess.harness;
  harness.blade.app.get('/blade-system/test-failure', () => {
    throw new Error('boom in an embedded handler');
  });
  const token = await harness.login('admin', ADMIN_PASSWORD);
  userId = token.user_id;
  ({ cookie } = await sessionCookie({ at: token.access_token, tenantId: '000000', userId }));
}, 60_000);

beforeEach(() => {
  lines = [];
  const sink = new Writable({
    write(chunk: Buffer, _encoding, done) {
      lines.push(...chunk.toString('utf8').split('\n').filter(Boolean));
      done();
    },
  });
  setLoggerForTests(createLogger(sink));
});

afterAll(() => {
  setLoggerForTests(undefined);
});

it("logs a failing blade call as JSON lines carrying the BFF's request id, the stack as one field", async () => {
  const res = await GET(apiRequest('/api/blade-system/test-failure', { cookie }));
  expect(res.status).toBe(500);
  const id = res.headers.get('x-request-id');
  expect(id).toBeTruthy();
  // Every line is one JSON object: no stack frame on a line of its own.
  const records = lines.map((line) => JSON.parse(line) as Record<string, unknown>);
  expect(records.length).toBeGreaterThanOrEqual(2);
  for (const record of records) expect(record.reqId).toBe(id);
  const failure = records.find((r) => r.component === 'blade' && r.level === 'error');
  expect(failure).toMatchObject({ err: { type: 'Error', message: 'boom in an embedded handler' } });
  expect((failure!.err as { stack: string }).stack).toMatch(/boom in an embedded handler\n\s+at /);
  expect(records.find((r) => r.msg === 'request')).toMatchObject({ status: 500, user: userId });
});

it('stops a 150 MB body at 1 MB on its way into the embedded blade/, and answers 413', async () => {
  let pulled = 0;
  const stream = new ReadableStream<Uint8Array>(
    {
      pull(controller) {
        if (pulled >= 150 * MB) return controller.close();
        pulled += 64 * 1024;
        controller.enqueue(new Uint8Array(64 * 1024).fill(0x20));
      },
    },
    { highWaterMark: 0 },
  );
  const res = await POST(
    apiRequest('/api/blade-system/post/submit', {
      method: 'POST',
      cookie,
      body: stream,
      headers: { ...sameOrigin, 'content-type': 'application/json' },
    }),
  );
  expect(res.status).toBe(413);
  expect(await res.json()).toMatchObject({ code: 413, success: false, msg: '请求内容过大，不能超过1MB' });
  expect(pulled).toBeLessThanOrEqual(MB + 64 * 1024);
});
