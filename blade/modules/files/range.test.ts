import { S3Storage } from '../../storage';
import { ADMIN_PASSWORD, createHarness, SETUP_TIMEOUT, type Harness } from '../../testing/harness';
import { startS3rver, tempDirs, type RunningS3rver } from '../../testing/s3rver';
import { form, pngBytes, sha256 } from './files.test-helpers';
import { parseRange } from './send';

// Range requests on downloadById and preview (PDF viewers, resumed downloads): 206 with Content-Range and only those
// bytes, 416 past the end, the whole file for what a single range cannot express. On the local store and on an
// S3-compatible one (s3rver on loopback), which answer the same.

describe('parseRange', () => {
  it.each([
    ['bytes=0-9', { kind: 'partial', range: { start: 0, end: 9 } }],
    ['bytes=90-', { kind: 'partial', range: { start: 90, end: 99 } }],
    ['bytes=95-1000', { kind: 'partial', range: { start: 95, end: 99 } }],
    ['bytes=-10', { kind: 'partial', range: { start: 90, end: 99 } }],
    ['bytes=-1000', { kind: 'partial', range: { start: 0, end: 99 } }],
    ['bytes=100-', { kind: 'unsatisfiable' }],
    ['bytes=-0', { kind: 'unsatisfiable' }],
    ['bytes=99999999999999999999-', { kind: 'unsatisfiable' }],
    ['bytes=0-1,5-6', { kind: 'full' }],
    ['bytes=9-3', { kind: 'full' }],
    ['items=0-9', { kind: 'full' }],
    ['bytes=-', { kind: 'full' }],
    [undefined, { kind: 'full' }],
  ])('%s of 100 bytes', (header, expected) => {
    expect(parseRange(header, 100)).toEqual(expected);
  });

  it('finds nothing to serve in an empty file', () => {
    expect(parseRange('bytes=0-', 0)).toEqual({ kind: 'unsatisfiable' });
    expect(parseRange('bytes=-5', 0)).toEqual({ kind: 'unsatisfiable' });
  });
});

const dirs = tempDirs();
const tmp = dirs.make;
let s3server: RunningS3rver;
const harnesses: Record<'local' | 's3', Harness> = {} as never;

beforeAll(async () => {
  s3server = await startS3rver(tmp('s3rver-range-'));
  const s3 = {
    endpoint: s3server.endpoint,
    bucket: 'range',
    accessKey: 'S3RVER',
    secretKey: 'S3RVER',
  };
  await new S3Storage(s3).ensureBucket();
  harnesses.local = await createHarness({ files: { root: tmp('blade-range-') } });
  harnesses.s3 = await createHarness({ files: { s3 } });
  for (const h of Object.values(harnesses)) await h.login('admin', ADMIN_PASSWORD);
}, SETUP_TIMEOUT);

afterAll(async () => {
  for (const h of Object.values(harnesses)) await h?.close();
  await s3server?.close();
  dirs.removeAll();
}, SETUP_TIMEOUT);

describe.each(['local', 's3'] as const)('on %s storage', (kind) => {
  const bytes = pngBytes(200_000);
  for (let i = 8; i < bytes.length; i++) bytes[i] = (i * 131) & 0xff;
  let id: string;

  const get = async (call: 'downloadById' | 'preview', headers: Record<string, string>, isDownload = 1) => {
    const h = harnesses[kind];
    const key = (await (await h.authed(`/blade-resource/file/getFileAuthKey?fileId=${id}`)).json()) as {
      data: { authKey: string };
    };
    const res = await h.authed(
      `/blade-resource/file/${call}?id=${id}&isDownload=${isDownload}&authKey=${key.data.authKey}`,
      { headers },
    );
    return { res, body: Buffer.from(await res.arrayBuffer()) };
  };

  beforeAll(async () => {
    const res = await harnesses[kind].authed('/blade-resource/file/uploadFile', {
      method: 'POST',
      body: form({}, { name: '扫描件.png', bytes }),
    });
    const body = (await res.json()) as { data: { id: string; server: string } };
    expect(body.data.server).toBe(kind);
    id = body.data.id;
  });

  it('answers a whole download with Accept-Ranges and the content hash as ETag', async () => {
    const { res, body } = await get('downloadById', {});
    expect(res.status).toBe(200);
    expect(res.headers.get('accept-ranges')).toBe('bytes');
    expect(res.headers.get('etag')).toBe(`"${sha256(bytes)}"`);
    expect(sha256(body)).toBe(sha256(bytes));
  });

  it('answers one range with 206, Content-Range and exactly those bytes', async () => {
    const mid = await get('downloadById', { Range: 'bytes=1000-65535' });
    expect(mid.res.status).toBe(206);
    expect(mid.res.headers.get('content-range')).toBe(`bytes 1000-65535/${bytes.length}`);
    expect(mid.res.headers.get('content-length')).toBe(String(65536 - 1000));
    expect(mid.body.equals(bytes.subarray(1000, 65536))).toBe(true);
    const tail = await get('preview', { Range: 'bytes=-100' }, 0);
    expect(tail.res.status).toBe(206);
    expect(tail.res.headers.get('content-disposition')).toMatch(/^inline; /);
    expect(tail.res.headers.get('content-range')).toBe(
      `bytes ${bytes.length - 100}-${bytes.length - 1}/${bytes.length}`,
    );
    expect(tail.body.equals(bytes.subarray(bytes.length - 100))).toBe(true);
  });

  it('answers 416 with the size past the end, and the whole file for several ranges or a stale If-Range', async () => {
    const past = await get('downloadById', { Range: `bytes=${bytes.length}-` });
    expect(past.res.status).toBe(416);
    expect(past.res.headers.get('content-range')).toBe(`bytes */${bytes.length}`);
    expect(past.body.length).toBe(0);
    const several = await get('downloadById', { Range: 'bytes=0-1,10-11' });
    expect(several.res.status).toBe(200);
    expect(several.body.length).toBe(bytes.length);
    const stale = await get('downloadById', { Range: 'bytes=10-19', 'If-Range': '"another-version"' });
    expect(stale.res.status).toBe(200);
    expect(stale.body.length).toBe(bytes.length);
    const current = await get('downloadById', { Range: 'bytes=10-19', 'If-Range': `"${sha256(bytes)}"` });
    expect(current.res.status).toBe(206);
    expect(current.body.equals(bytes.subarray(10, 20))).toBe(true);
  });

  it('still needs a valid key for a range', async () => {
    const res = await harnesses[kind].authed(
      `/blade-resource/file/downloadById?id=${id}&isDownload=1&authKey=forged`,
      { headers: { Range: 'bytes=0-9' } },
    );
    expect(res.status).toBe(403);
  });
});

it("records a viewer's follow-up range reads as one view", async () => {
  const h = harnesses.local;
  const res = await h.authed('/blade-resource/file/uploadFile', {
    method: 'POST',
    body: form({}, { name: 'h.png', bytes: pngBytes(5000) }),
  });
  const { data } = (await res.json()) as { data: { id: string } };
  for (const range of ['bytes=0-', 'bytes=1000-1999', 'bytes=2000-']) {
    const key = (await (await h.authed(`/blade-resource/file/getFileAuthKey?fileId=${data.id}`)).json()) as {
      data: { authKey: string };
    };
    const r = await h.authed(`/blade-resource/file/preview?id=${data.id}&authKey=${key.data.authKey}`, {
      headers: { Range: range },
    });
    expect(r.status).toBe(206);
    await r.arrayBuffer();
  }
  const history = (await (await h.authed(`/blade-resource/file/history?fileId=${data.id}`)).json()) as {
    data: { records: { action: string }[] };
  };
  expect(history.data.records.map((r) => r.action)).toEqual(['view', 'upload']);
});
