import { createHash } from 'node:crypto';
import { GET, POST } from '@/app/api/[...path]/route';
import { setConfigForTests } from '@/lib/env';
import type { Blade } from '@/blade';
import { resetUpstreamForTests, setBladeForTests } from '@/lib/upstream';
import {
  apiRequest,
  closedPort,
  json,
  nextCookie,
  sameOrigin,
  sessionCookie,
  setCookies,
  startFakeUpstream,
  useConfig,
  type FakeUpstream,
} from './helpers';

let upstream: FakeUpstream;
const TOKEN_TIME = 3000;

beforeAll(async () => {
  upstream = await startFakeUpstream();
  // The faults below are logged on purpose; keep the test output readable.
  jest.spyOn(console, 'error').mockImplementation(() => {});
});
beforeEach(async () => {
  upstream.seen.length = 0;
  await useConfig({ bladeApiUrl: upstream.url, tokenTime: TOKEN_TIME, upstreamTimeoutMs: 30_000 });
});
afterAll(async () => {
  await resetUpstreamForTests();
  await upstream.close();
  setConfigForTests(undefined);
});

const expiredTokenTime = () => Date.now() - TOKEN_TIME * 1000 - 1;
const isRefresh = (url: string | undefined) => url === '/blade-auth/oauth/token';

describe('transport faults', () => {
  it('answers 504 when the upstream is too slow', async () => {
    await useConfig({ bladeApiUrl: upstream.url, upstreamTimeoutMs: 200 });
    upstream.handle((_req, res) => {
      setTimeout(() => json(res, 200, { code: 200 }), 5000).unref();
    });
    const { cookie } = await sessionCookie();
    const started = Date.now();
    const res = await GET(apiRequest('/api/blade-system/menu/routes', { cookie }));
    expect(res.status).toBe(504);
    expect(await res.json()).toMatchObject({ code: 504, success: false });
    // undici checks its timers about once a second.
    expect(Date.now() - started).toBeLessThan(2500);
  });

  it('answers 503 when the upstream is unreachable, and keeps the session (GET retried once)', async () => {
    await useConfig({ bladeApiUrl: `http://127.0.0.1:${await closedPort()}` });
    const { cookie } = await sessionCookie();
    const res = await GET(apiRequest('/api/blade-system/menu/routes', { cookie }));
    expect(res.status).toBe(503);
    expect(await res.json()).toMatchObject({ code: 503, success: false, data: null });
    expect(setCookies(res)).toEqual([]);
  });

  it('answers 503 and keeps the session when the upstream is unreachable during a refresh', async () => {
    await useConfig({ bladeApiUrl: `http://127.0.0.1:${await closedPort()}`, tokenTime: TOKEN_TIME });
    const { cookie } = await sessionCookie({ tokenTime: expiredTokenTime() });
    const res = await GET(apiRequest('/api/blade-system/menu/routes', { cookie }));
    expect(res.status).toBe(503);
    expect(setCookies(res)).toEqual([]);
  });

  it('aborts the upstream call when the client goes away', async () => {
    let upstreamClosed: () => void = () => {};
    const closed = new Promise<void>((resolve) => (upstreamClosed = resolve));
    let arrived: () => void = () => {};
    const reached = new Promise<void>((resolve) => (arrived = resolve));
    upstream.handle((req, res) => {
      res.on('close', () => upstreamClosed());
      arrived();
      void req;
    });
    const { cookie } = await sessionCookie();
    const client = new AbortController();
    const pending = GET(apiRequest('/api/blade-system/slow/export', { cookie, signal: client.signal }));
    await reached;
    client.abort();
    await expect(closed).resolves.toBeUndefined();
    expect((await pending).status).toBe(499);
  });
});

describe('refresh', () => {
  it('refreshes before forwarding once the token time has passed, and re-seals the cookie', async () => {
    upstream.handle(async (req, res, body) => {
      if (isRefresh(req.url)) {
        const params = new URLSearchParams((await body()).toString());
        expect(params.get('grant_type')).toBe('refresh_token');
        expect(req.headers.authorization).toMatch(/^Basic /);
        return json(res, 200, {
          access_token: 'fresh-at',
          refresh_token: 'fresh-rt',
          tenant_id: '000000',
          user_id: '1',
        });
      }
      json(res, 200, { code: 200, data: req.headers['blade-auth'] });
    });
    const { cookie } = await sessionCookie({ tokenTime: expiredTokenTime() });
    const res = await GET(apiRequest('/api/blade-system/menu/routes', { cookie }));
    expect(await res.json()).toMatchObject({ data: 'bearer fresh-at' });
    expect(upstream.seen.map((s) => s.url)).toEqual(['/blade-auth/oauth/token', '/blade-system/menu/routes']);
    const renewed = nextCookie(res);
    expect(renewed).toBeDefined();
    upstream.seen.length = 0;
    await GET(apiRequest('/api/blade-system/menu/routes', { cookie: renewed }));
    expect(upstream.seen.map((s) => s.url)).toEqual(['/blade-system/menu/routes']);
  });

  it('refreshes on an upstream 401 and retries a replayable request once', async () => {
    upstream.handle((req, res) => {
      if (isRefresh(req.url)) return json(res, 200, { access_token: 'at-2', refresh_token: 'rt-2' });
      if (req.headers['blade-auth'] !== 'bearer at-2')
        return json(res, 401, { code: 401, msg: '请求未授权' });
      json(res, 200, { code: 200 });
    });
    const { cookie } = await sessionCookie();
    const res = await GET(apiRequest('/api/blade-system/menu/routes', { cookie }));
    expect(res.status).toBe(200);
    expect(upstream.seen).toHaveLength(3);
    expect(setCookies(res)).toHaveLength(1);
  });

  it('ends the session when the upstream refuses the refresh token: 401 and a cleared cookie', async () => {
    upstream.handle((req, res) => {
      if (isRefresh(req.url)) return json(res, 400, { error_description: 'invalid refresh token' });
      json(res, 200, { code: 200 });
    });
    const { cookie } = await sessionCookie({ tokenTime: expiredTokenTime() });
    const res = await GET(apiRequest('/api/blade-system/menu/routes', { cookie }));
    expect(res.status).toBe(401);
    expect(await res.json()).toEqual({ code: 401, success: false, data: null, msg: '请求未授权' });
    expect(setCookies(res)[0]).toMatch(/^portal-session=; .*Max-Age=0/);
    expect(upstream.seen.map((s) => s.url)).toEqual(['/blade-auth/oauth/token']);
  });

  it('10 parallel requests with an expired token make exactly one refresh call', async () => {
    let refreshCalls = 0;
    upstream.handle((req, res) => {
      if (isRefresh(req.url)) {
        refreshCalls += 1;
        setTimeout(() => json(res, 200, { access_token: 'par-at', refresh_token: 'par-rt' }), 100);
        return;
      }
      json(res, 200, { code: 200, data: req.headers['blade-auth'] });
    });
    const { cookie } = await sessionCookie({ tokenTime: expiredTokenTime() });
    const responses = await Promise.all(
      Array.from({ length: 10 }, () => GET(apiRequest('/api/blade-system/menu/routes', { cookie }))),
    );
    expect(refreshCalls).toBe(1);
    for (const res of responses) {
      expect(await res.json()).toMatchObject({ data: 'bearer par-at' });
      expect(setCookies(res)).toHaveLength(1);
    }
    // A straggler with the old cookie, after the refresh finished, reuses its result too.
    const late = await GET(apiRequest('/api/blade-system/menu/routes', { cookie }));
    expect(await late.json()).toMatchObject({ data: 'bearer par-at' });
    expect(refreshCalls).toBe(1);
  });
});

describe('streaming', () => {
  it('passes a 50 MB upload through unchanged, without buffering it', async () => {
    const size = 50 * 1024 * 1024;
    const chunk = 256 * 1024;
    let bytes = 0;
    upstream.handle(async (req, res) => {
      const hash = createHash('sha256');
      for await (const part of req) {
        hash.update(part as Buffer);
        bytes += (part as Buffer).length;
        // A consumer slower than the producer: a buffering proxy would pile the difference up.
        if (bytes % (4 * 1024 * 1024) < (part as Buffer).length) await new Promise((r) => setTimeout(r, 20));
      }
      json(res, 200, { code: 200, data: { bytes, sha256: hash.digest('hex') } });
    });
    const sent = createHash('sha256');
    let produced = 0;
    // Bytes handed to the proxy but not yet arrived upstream: with backpressure, the sockets' buffers' worth.
    let inFlight = 0;
    const body = new ReadableStream<Uint8Array>({
      pull(controller) {
        if (produced >= size) return controller.close();
        const part = Buffer.alloc(chunk, produced / chunk);
        part.writeUInt32BE(produced, 0);
        sent.update(part);
        produced += chunk;
        inFlight = Math.max(inFlight, produced - bytes);
        controller.enqueue(part);
      },
    });
    const { cookie } = await sessionCookie();
    const res = await POST(
      apiRequest('/api/blade-resource/file/uploadFile', {
        method: 'POST',
        cookie,
        headers: { ...sameOrigin, 'content-type': 'application/octet-stream' },
        body,
      }),
    );
    const result = (await res.json()) as { data: { bytes: number; sha256: string } };
    expect(result.data).toEqual({ bytes: size, sha256: sent.digest('hex') });
    // A buffering proxy holds the whole 50 MB before the upstream sees a byte. Streaming leaves what the sockets'
    // buffers hold: loopback receive buffers autotune up to tcp_rmem's maximum (32 MB on these machines), and 11 MB
    // in flight has been seen under load, so the bound is half the body, not a few buffers.
    expect(inFlight).toBeLessThan(size / 2);
  }, 30_000);
});

describe('in-process upstream', () => {
  const fakeBlade = (fetch: (req: Request) => Promise<Response>) =>
    ({ fetch, close: async () => {} }) as unknown as Blade;

  it('answers 504 when the embedded API is too slow, and stops waiting when the client goes away', async () => {
    await useConfig({ bladeApiUrl: undefined, upstreamTimeoutMs: 100, upstreamUploadTimeoutMs: 100 });
    let seenSignal: AbortSignal | undefined;
    setBladeForTests(
      fakeBlade((req) => {
        seenSignal = req.signal;
        return new Promise(() => {});
      }),
    );
    const { cookie } = await sessionCookie();
    const slow = await GET(apiRequest('/api/blade-system/menu/routes', { cookie }));
    expect(slow.status).toBe(504);
    // A call with a body is aborted, so that the embedded API stops reading an upload nobody waits for.
    const slowUpload = await POST(
      apiRequest('/api/blade-resource/file/uploadFile', {
        method: 'POST',
        cookie,
        headers: { ...sameOrigin, 'content-type': 'application/octet-stream' },
        body: 'bytes',
      }),
    );
    expect(slowUpload.status).toBe(504);
    expect(seenSignal?.aborted).toBe(true);

    await useConfig({ bladeApiUrl: undefined, upstreamTimeoutMs: 30_000 });
    setBladeForTests(fakeBlade(() => new Promise(() => {})));
    const client = new AbortController();
    const pending = GET(apiRequest('/api/blade-system/menu/routes', { cookie, signal: client.signal }));
    setTimeout(() => client.abort(), 20);
    expect((await pending).status).toBe(499);
  });

  it('hands the embedded API the normalised path, the session token and the streamed body', async () => {
    await useConfig({ bladeApiUrl: undefined });
    setBladeForTests(
      fakeBlade(async (req) => {
        const url = new URL(req.url);
        return Response.json({
          path: url.pathname + url.search,
          auth: req.headers.get('blade-auth'),
          body: await req.text(),
        });
      }),
    );
    const { session, cookie } = await sessionCookie();
    const res = await POST(
      apiRequest('/api/blade-system/dict/submit?blade-auth=x&a=1', {
        method: 'POST',
        cookie,
        headers: { ...sameOrigin, 'content-type': 'application/json' },
        body: '{"k":"v"}',
      }),
    );
    expect(await res.json()).toEqual({
      path: '/blade-system/dict/submit?a=1',
      auth: `bearer ${session.at}`,
      body: '{"k":"v"}',
    });
  });
});
