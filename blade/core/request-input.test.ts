import { addRole, addUser, deptIds } from '../testing/fixtures';
import { ADMIN_PASSWORD, createHarness, PLATFORM, SETUP_TIMEOUT, type Harness } from '../testing/harness';
import {
  bodyLimitFor,
  limitBody,
  PayloadTooLargeError,
  SMALL_BODY_BYTES,
  UPLOAD_BODY_BYTES,
} from './body-limit';

// What a request can carry before a handler sees it (SECURITY 26) and what bad input answers: the body limits per
// call class, the permission checked before a body is read, NUL bytes, integers past int4 and broken %-encoding as
// 400s, and blade/'s log lines as single JSON objects carrying the request id.

let h: Harness;
let admin: string;
let nobody: string;
const written: string[] = [];
const MB = 1024 * 1024;
const CHUNK = 64 * 1024;

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- tests walk response shapes freely
type Body = { code: number; success: boolean; data: any; msg: string };

/** `total` bytes of `fill`, made only as they are pulled: `pulled` is how much of the body anyone read. */
function countedSource(total: number, fill = 0x20) {
  let pulled = 0;
  const stream = new ReadableStream<Uint8Array>(
    {
      pull(controller) {
        if (pulled >= total) return controller.close();
        const n = Math.min(CHUNK, total - pulled);
        pulled += n;
        controller.enqueue(new Uint8Array(n).fill(fill));
      },
    },
    { highWaterMark: 0 },
  );
  return {
    stream,
    get pulled() {
      return pulled;
    },
  };
}

/** Chunks of `text`, pulled one at a time. */
function textSource(text: string) {
  const bytes = new TextEncoder().encode(text);
  return countedSourceOf(bytes);
}

function countedSourceOf(bytes: Uint8Array) {
  let pulled = 0;
  const stream = new ReadableStream<Uint8Array>(
    {
      pull(controller) {
        if (pulled >= bytes.length) return controller.close();
        const next = bytes.subarray(pulled, pulled + CHUNK);
        pulled += next.length;
        controller.enqueue(next);
      },
    },
    { highWaterMark: 0 },
  );
  return {
    stream,
    get pulled() {
      return pulled;
    },
  };
}

const streamed = (
  path: string,
  token: string,
  body: ReadableStream<Uint8Array>,
  headers: Record<string, string> = {},
) =>
  h.authed(path, {
    token,
    method: 'POST',
    body,
    headers: { 'content-type': 'application/json', ...headers },
    duplex: 'half',
  } as RequestInit & { token: string });

const json = async (res: Response) => (await res.json()) as Body;

/** A JSON object of exactly `size` bytes: the fields plus an ignored padding field. */
function jsonOfSize(fields: Record<string, unknown>, size: number): string {
  const bare = JSON.stringify({ ...fields, padding: '' });
  return JSON.stringify({ ...fields, padding: 'x'.repeat(size - Buffer.byteLength(bare)) });
}

beforeAll(async () => {
  // Blade's default log sink (JSON lines on stdout), read through a spy.
  jest.spyOn(process.stdout, 'write').mockImplementation((chunk: string | Uint8Array) => {
    written.push(...String(chunk).split('\n').filter(Boolean));
    return true;
  });
  h = await createHarness({ log: undefined });
  // A call that fails the way an unforeseen bug does; registered before the first request builds the router.
  h.blade.app.get('/blade-system/test-failure', () => {
    throw new Error('boom in a handler');
  });
  admin = (await h.login('admin', ADMIN_PASSWORD)).access_token;
  const role = await addRole(h.blade.db, PLATFORM, { name: '无权限', alias: 'nobody' });
  const [dept] = await deptIds(h.blade.db, PLATFORM);
  await addUser(h.blade.db, PLATFORM, {
    account: 'nobody',
    password: 'nobody-pass',
    roleIds: [role],
    deptIds: [dept],
  });
  nobody = (await h.login('nobody', 'nobody-pass')).access_token;
}, SETUP_TIMEOUT);

afterAll(async () => {
  await h?.close();
  jest.restoreAllMocks();
}, SETUP_TIMEOUT);

describe('body limits', () => {
  it('classes calls: multipart streamed into storage gets the upload limit, everything else the small one', () => {
    expect(bodyLimitFor('/blade-resource/file/uploadFile', 'multipart/form-data; boundary=x')).toBe(
      UPLOAD_BODY_BYTES,
    );
    expect(bodyLimitFor('/blade-resource/file/uploadFile', 'application/json')).toBe(SMALL_BODY_BYTES);
    // Parsed in memory (Hono's parseBody): small, whatever the content type.
    expect(bodyLimitFor('/blade-user/my/update', 'multipart/form-data; boundary=x')).toBe(SMALL_BODY_BYTES);
    expect(bodyLimitFor('/blade-system/post/submit', 'application/x-www-form-urlencoded')).toBe(
      SMALL_BODY_BYTES,
    );
  });

  it('reads nothing before it is asked, and fails the read that passes the limit', async () => {
    const source = countedSource(10 * CHUNK);
    const limited = limitBody(source.stream, 3 * CHUNK);
    await new Promise((resolve) => setTimeout(resolve, 10));
    expect(source.pulled).toBe(0);
    const reader = limited.stream.getReader();
    for (let i = 0; i < 3; i++) expect((await reader.read()).value?.byteLength).toBe(CHUNK);
    await expect(reader.read()).rejects.toBeInstanceOf(PayloadTooLargeError);
    expect(limited.exceeded).toBe(true);
    expect(source.pulled).toBe(4 * CHUNK);
  });

  it.each([
    ['/blade-system/post/submit'],
    ['/blade-system/role/submit'],
    ['/blade-system/dept/submit'],
    ['/blade-user/submit'],
    ['/blade-system/dict-biz/submit'],
    ['/blade-resource/oss/submit'],
    ['/blade-resource/sms/submit'],
  ])('refuses %s to a caller with none of its codes before reading a byte of a 150 MB body', async (path) => {
    const source = countedSource(150 * MB);
    const res = await streamed(path, nobody, source.stream);
    expect(res.status).toBe(403);
    expect(source.pulled).toBe(0);
  });

  it('answers a declared oversize body 413 before anything else, without reading it', async () => {
    const source = countedSource(150 * MB);
    const res = await streamed('/blade-system/post/submit', nobody, source.stream, {
      'content-length': String(150 * MB),
    });
    expect(res.status).toBe(413);
    expect(await json(res)).toEqual({
      code: 413,
      success: false,
      data: {},
      msg: '请求内容过大，不能超过1MB',
      errorCode: 'common.refusal.payloadOverLimit',
      errorArgs: { max: '1' },
    });
    expect(source.pulled).toBe(0);
  });

  it('stops reading an undeclared body at the limit and answers 413, even to a reader that swallows errors', async () => {
    for (const [path, type] of [
      ['/blade-system/post/submit', 'application/json'],
      // A form read by core/input.ts#readParams: the limit decides the answer, not the form's reading.
      ['/blade-user/unlock', 'application/x-www-form-urlencoded'],
      // A multipart body where it is parsed in memory is small too.
      ['/blade-user/my/updateAvatar', 'multipart/form-data; boundary=x'],
    ]) {
      const source = countedSource(150 * MB);
      const res = await streamed(path, admin, source.stream, { 'content-type': type });
      expect([path, res.status]).toEqual([path, 413]);
      expect((await json(res)).code).toBe(413);
      expect(source.pulled).toBeLessThanOrEqual(SMALL_BODY_BYTES + CHUNK);
    }
  });

  it('takes a JSON body of exactly the limit, and refuses one byte more', async () => {
    const fields = { roleName: '上限角色', roleAlias: 'limit' };
    const fits = textSource(jsonOfSize(fields, SMALL_BODY_BYTES));
    const ok = await streamed('/blade-system/role/submit', admin, fits.stream);
    expect(await json(ok)).toMatchObject({ code: 200, success: true });
    expect(fits.pulled).toBe(SMALL_BODY_BYTES);

    const over = textSource(jsonOfSize({ ...fields, roleAlias: 'over' }, SMALL_BODY_BYTES + 1));
    expect((await streamed('/blade-system/role/submit', admin, over.stream)).status).toBe(413);
  });
});

describe('bad input is a 400, not a 500', () => {
  const get = async (path: string) => {
    const res = await h.authed(path, { token: admin });
    return { status: res.status, ...(await json(res)) };
  };

  it.each([
    ['a NUL in a query filter', '/blade-user/page?account=%00'],
    ['a NUL in a query id', '/blade-system/dict/detail?id=1%002'],
    ['a NUL in the path', '/blade-system/dict/de%00tail'],
    ['a path that is not UTF-8', '/blade-system/dict/%E0%A4%A'],
    ['a broken %-escape in the path', '/blade-system/dict/detail%zz'],
    ['a 64-bit id past bigint', '/blade-system/dict/detail?id=9999999999999999999'],
  ])('%s', async (_name, path) => {
    const res = await get(path);
    expect(res.status).toBe(400);
    expect(res).toMatchObject({ code: 400, success: false });
    expect(res.msg).toMatch(/[\u4e00-\u9fff]/);
  });

  it('refuses a NUL in a JSON string and integers past int4, whichever reader the call uses', async () => {
    const refused: [string, Record<string, unknown>][] = [
      ['/blade-system/post/submit', { postCode: 'nul\u0000', postName: '岗位', category: 1 }],
      ['/blade-system/role/submit', { roleName: '角色\u0000', roleAlias: 'nul_role' }],
      ['/blade-system/dept/submit', { deptName: '部门\u0000', parentId: 0 }],
      ...[3000000000, '3000000000', -2147483649].flatMap((sort): [string, Record<string, unknown>][] => [
        ['/blade-system/post/submit', { postCode: 'big', postName: '岗位', category: 1, sort }],
        ['/blade-system/role/submit', { roleName: '大序号', roleAlias: 'big_sort', sort }],
        ['/blade-system/dept/submit', { deptName: '大序号', parentId: 0, sort }] as [
          string,
          Record<string, unknown>,
        ],
      ]),
    ];
    for (const [path, body] of refused) {
      const res = await h.call(path, admin, body);
      expect([path, body, res.status, res.code]).toEqual([path, body, 400, 400]);
      expect(res.msg).toMatch(/[\u4e00-\u9fff]/);
    }
    expect(
      await h.call('/blade-system/role/submit', admin, {
        roleName: '边界',
        roleAlias: 'edge',
        sort: 2147483647,
      }),
    ).toMatchObject({ status: 200, code: 200 });
  });

  it('answers a database data exception (SQLSTATE class 22) 400 with a generic message', async () => {
    // No reader before the database checks this one: the id fits the id pattern but not a bigint (22003).
    const res = await get('/blade-system/dict/detail?id=9999999999999999999');
    expect(res).toMatchObject({ status: 400, code: 400, msg: '请求参数错误' });
  });
});

describe('log lines', () => {
  it('logs a failing call as one JSON line with its request id and the stack as a field', async () => {
    written.length = 0;
    const res = await h.authed('/blade-system/test-failure', {
      token: admin,
      headers: { 'x-request-id': 'req-failing-0001' },
    });
    expect(res.status).toBe(500);
    expect(written.length).toBeGreaterThan(0);
    const records = written.map((line) => JSON.parse(line) as Record<string, unknown>);
    const failure = records.find((r) => r.level === 'error');
    expect(failure).toMatchObject({
      service: 'blade',
      reqId: 'req-failing-0001',
      err: { type: 'Error', message: 'boom in a handler' },
    });
    expect((failure!.err as { stack: string }).stack).toMatch(/boom in a handler\n\s+at /);
  });

  it('gives a call without an id one of its own', async () => {
    written.length = 0;
    await h.authed('/blade-system/test-failure', { token: admin });
    const [record] = written.map((line) => JSON.parse(line) as { reqId?: string });
    expect(record.reqId).toMatch(/^[0-9a-f-]{36}$/);
  });
});
