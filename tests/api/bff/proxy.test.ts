import { DELETE, GET, HEAD, POST } from '@/app/api/[...path]/route';
import {
  apiRequest,
  json,
  nextCookie,
  sameOrigin,
  sessionCookie,
  setCookies,
  useConfig,
  fakeUpstreamForFile,
} from './helpers';

const upstream = fakeUpstreamForFile();

describe('forwarding', () => {
  it('adds Blade-Auth from the session, strips browser credentials and the blade-auth parameter', async () => {
    upstream.handle((_req, res) => json(res, 200, { code: 200, success: true, data: [], msg: 'ok' }));
    const { session, cookie } = await sessionCookie();
    const res = await GET(
      apiRequest('/api/blade-system/menu/routes?blade-auth=bearer%20evil&x=1', {
        cookie,
        headers: {
          'blade-auth': 'bearer evil',
          authorization: 'Basic evil',
          'tenant-id': '999999',
          'x-forwarded-for': '6.6.6.6',
          accept: 'application/json',
        },
      }),
    );
    expect(res.status).toBe(200);
    expect(res.headers.get('cache-control')).toBe('no-store');
    expect(await res.json()).toMatchObject({ code: 200 });
    const [seen] = upstream.seen;
    expect(seen.url).toBe('/blade-system/menu/routes?x=1');
    expect(seen.headers['blade-auth']).toBe(`bearer ${session.at}`);
    expect(seen.headers.authorization).toBeUndefined();
    expect(seen.headers['tenant-id']).toBeUndefined();
    expect(seen.headers.cookie).toBeUndefined();
    expect(seen.headers['x-blade-client-ip']).toBeUndefined();
    expect(seen.headers.accept).toBe('application/json');
  });

  it('passes the client address from trusted proxies only', async () => {
    await useConfig({ bladeApiUrl: upstream.url, trustedProxies: ['10.0.0.0/8'] });
    upstream.handle((_req, res) => json(res, 200, { code: 200 }));
    const { cookie } = await sessionCookie();
    await GET(
      apiRequest('/api/blade-user/info', { cookie, headers: { 'x-forwarded-for': '6.6.6.6, 203.0.113.9' } }),
    );
    expect(upstream.seen[0].headers['x-blade-client-ip']).toBe('203.0.113.9');
    await useConfig({ bladeApiUrl: upstream.url });
  });

  it('streams the upstream answer with its status and download headers, without upstream cookies', async () => {
    upstream.handle((_req, res) => {
      res.writeHead(201, {
        'content-type': 'application/octet-stream',
        'content-disposition': "attachment; filename*=UTF-8''%E4%B8%AD.xlsx",
        'set-cookie': 'JSESSIONID=1',
      });
      res.end(Buffer.from([1, 2, 3]));
    });
    const { cookie } = await sessionCookie();
    const res = await GET(apiRequest('/api/blade-resource/file/downloadById?id=1', { cookie }));
    expect(res.status).toBe(201);
    expect(res.headers.get('content-disposition')).toContain("filename*=UTF-8''");
    expect(setCookies(res)).toEqual([]);
    expect(Buffer.from(await res.arrayBuffer())).toEqual(Buffer.from([1, 2, 3]));
  });

  it('answers HEAD without a body', async () => {
    upstream.handle((_req, res) => {
      res.writeHead(200, { 'content-type': 'application/json', 'content-length': '10' });
      res.end();
    });
    const { cookie } = await sessionCookie();
    const res = await HEAD(apiRequest('/api/blade-system/menu/routes', { method: 'HEAD', cookie }));
    expect(res.status).toBe(200);
    expect(res.body).toBeNull();
  });

  it('rejects bad paths with 400 and unknown services with 404 before anything reaches the upstream', async () => {
    const { cookie } = await sessionCookie();
    const bad = await GET(apiRequest('/api/blade-system/a%2f..%2fb', { cookie }));
    expect(bad.status).toBe(400);
    expect(await bad.json()).toMatchObject({ code: 400, success: false, data: null });
    expect((await GET(apiRequest('/api/blade-report/x', { cookie }))).status).toBe(404);
    expect((await GET(apiRequest('/api/blade-auth/oauth/token/refresh', { cookie }))).status).toBe(404);
    expect(upstream.seen).toHaveLength(0);
  });

  it('answers 400 to a NUL or a broken %-escape anywhere in the URL, before the upstream', async () => {
    const { cookie } = await sessionCookie();
    for (const path of [
      '/api/blade-system/dict/detail?id=%00',
      '/api/blade-system/dict/list?code=a%00b',
      '/api/blade-system/dict/list?code=%zz',
      '/api/blade-system/dict/list?code=%E0%A4%A',
      '/api/blade-system/dict/%E0%A4%A',
      '/api/blade-system/dict/detail%zz',
    ]) {
      const res = await GET(apiRequest(path, { cookie }));
      expect([path, res.status]).toEqual([path, 400]);
      expect(await res.json()).toMatchObject({
        code: 400,
        success: false,
        msg: expect.stringMatching(/请求/),
      });
    }
    expect(upstream.seen).toHaveLength(0);
  });
});

describe('request bodies', () => {
  const MB = 1024 * 1024;
  const CHUNK = 64 * 1024;

  /** `total` bytes made only as they are pulled: `pulled` is how much of the browser's body anyone read. */
  function countedBody(total: number) {
    let pulled = 0;
    const stream = new ReadableStream<Uint8Array>(
      {
        pull(controller) {
          if (pulled >= total) return controller.close();
          const n = Math.min(CHUNK, total - pulled);
          pulled += n;
          controller.enqueue(new Uint8Array(n).fill(0x20));
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

  const post = (path: string, body: ReadableStream<Uint8Array> | string, headers: Record<string, string>) =>
    POST(apiRequest(path, { method: 'POST', body, headers: { ...sameOrigin, ...headers } }));

  it('answers a declared oversize body 413 without reading it or calling the upstream', async () => {
    const { cookie } = await sessionCookie();
    const body = countedBody(150 * MB);
    const res = await post('/api/blade-system/post/submit', body.stream, {
      cookie,
      'content-type': 'application/json',
      'content-length': String(150 * MB),
    });
    expect(res.status).toBe(413);
    expect(await res.json()).toEqual({
      code: 413,
      success: false,
      data: null,
      msg: '请求内容过大，不能超过1MB',
    });
    expect(body.pulled).toBe(0);
    expect(upstream.seen).toHaveLength(0);
  });

  it('stops an undeclared body at the limit while it streams upstream, and answers 413', async () => {
    let received = 0;
    upstream.handle(async (req, res) => {
      for await (const chunk of req) received += (chunk as Buffer).length;
      json(res, 200, { code: 200 });
    });
    const { cookie } = await sessionCookie();
    const body = countedBody(150 * MB);
    const res = await post('/api/blade-system/post/submit', body.stream, {
      cookie,
      'content-type': 'application/json',
    });
    expect(res.status).toBe(413);
    expect(await res.json()).toMatchObject({ code: 413, success: false });
    expect(body.pulled).toBeLessThanOrEqual(MB + CHUNK);
    expect(received).toBeLessThanOrEqual(MB);
  });

  it('reads nothing of a body without a session', async () => {
    const body = countedBody(150 * MB);
    const res = await post('/api/blade-system/post/submit', body.stream, {
      'content-type': 'application/json',
    });
    expect(res.status).toBe(401);
    expect(body.pulled).toBe(0);
    expect(upstream.seen).toHaveLength(0);
  });

  it('forwards a JSON body of exactly the limit, and a multipart upload past it', async () => {
    const sizes: number[] = [];
    upstream.handle(async (_req, res, body) => {
      sizes.push((await body()).length);
      json(res, 200, { code: 200 });
    });
    const { cookie } = await sessionCookie();
    const exact = await post('/api/blade-system/post/submit', countedBody(MB).stream, {
      cookie,
      'content-type': 'application/json',
    });
    expect(exact.status).toBe(200);
    const upload = await post('/api/blade-resource/file/uploadFile', countedBody(3 * MB).stream, {
      cookie,
      'content-type': 'multipart/form-data; boundary=x',
    });
    expect(upload.status).toBe(200);
    expect(sizes).toEqual([MB, 3 * MB]);
  });
});

describe('session and lock', () => {
  it('answers 401 without a session, whatever Next-internal headers claim', async () => {
    const variants: Record<string, string>[] = [
      {},
      { 'x-middleware-subrequest': 'middleware:middleware:middleware' },
      { rsc: '1', 'next-router-state-tree': '%5B%5D' },
    ];
    for (const headers of variants) {
      const res = await GET(apiRequest('/api/blade-system/menu/routes', { headers }));
      expect(res.status).toBe(401);
      expect(await res.json()).toEqual({ code: 401, success: false, data: null, msg: '请求未授权' });
    }
    expect(upstream.seen).toHaveLength(0);
  });

  it('clears a cookie that does not open', async () => {
    const res = await GET(
      apiRequest('/api/blade-system/menu/routes', { cookie: 'portal-session=Fe26.2*1*x' }),
    );
    expect(res.status).toBe(401);
    expect(setCookies(res)[0]).toMatch(/^portal-session=; .*Max-Age=0/);
  });

  it('lets public calls through without a session and without a token', async () => {
    upstream.handle((_req, res) => json(res, 200, { code: 200, data: { key: 'k', image: 'data:' } }));
    const res = await GET(apiRequest('/api/blade-auth/oauth/captcha'));
    expect(res.status).toBe(200);
    const info = await GET(apiRequest('/api/blade-system/tenant/info?domain=a.example'));
    expect(info.status).toBe(200);
    expect(upstream.seen.map((s) => s.headers['blade-auth'])).toEqual([undefined, undefined]);
  });

  it('answers 423 for a locked session', async () => {
    const { cookie } = await sessionCookie({ lock: { locked: true, hasPassword: true } });
    const res = await GET(apiRequest('/api/blade-system/menu/routes', { cookie }));
    expect(res.status).toBe(423);
    expect(upstream.seen).toHaveLength(0);
  });
});

describe('CSRF', () => {
  it('refuses unsafe methods without same-origin proof and X-CSRF', async () => {
    const { cookie } = await sessionCookie();
    const cases: Record<string, string>[] = [
      {},
      { 'sec-fetch-site': 'same-origin' },
      { 'x-csrf': '1', 'sec-fetch-site': 'cross-site' },
      { 'x-csrf': '1', origin: 'null' },
    ];
    for (const headers of cases) {
      const res = await POST(
        apiRequest('/api/blade-system/dict/remove?ids=1', { method: 'POST', cookie, headers }),
      );
      expect(res.status).toBe(403);
    }
    const del = await DELETE(apiRequest('/api/blade-system/dict/remove', { method: 'DELETE', cookie }));
    expect(del.status).toBe(403);
    expect(upstream.seen).toHaveLength(0);
  });

  it('asks GET calls that write for the same proof, and lets reading GET calls through', async () => {
    upstream.handle(async (_req, res) =>
      json(res, 200, { code: 200, success: true, data: {}, msg: '操作成功' }),
    );
    const { cookie } = await sessionCookie();
    for (const path of [
      '/api/blade-resource/file/signatureDocument?fileId=1',
      '/api/blade-resource/file/viewOfd?fileId=1&forceUpload=1',
      '/api/blade-cqst/certExpireAlert/deleteCertConfig?id=1',
      '/api/blade-cqst/certExpireAlert/updateCertConfigStatus?id=1',
    ]) {
      expect((await GET(apiRequest(path, { cookie }))).status).toBe(403);
      const crossSite = { 'x-csrf': '1', 'sec-fetch-site': 'cross-site' };
      expect((await GET(apiRequest(path, { cookie, headers: crossSite }))).status).toBe(403);
    }
    expect(upstream.seen).toHaveLength(0);
    const proven = await GET(
      apiRequest('/api/blade-resource/file/signatureDocument?fileId=1', { cookie, headers: sameOrigin }),
    );
    expect(proven.status).toBe(200);
    expect((await GET(apiRequest('/api/blade-resource/file/getFileById?fileId=1', { cookie }))).status).toBe(
      200,
    );
    expect(upstream.seen).toHaveLength(2);
  });
});

describe('login', () => {
  it('adds the client credentials, stores the tokens in a new session and never returns them', async () => {
    upstream.handle(async (_req, res) => {
      json(res, 200, {
        access_token: 'new-at',
        refresh_token: 'new-rt',
        token_type: 'bearer',
        tenant_id: '000000',
        user_id: '7',
        real_name: '管理员',
      });
    });
    const { cookie: oldCookie } = await sessionCookie();
    const res = await POST(
      apiRequest(
        '/api/blade-auth/oauth/token?tenantId=000000&username=admin&password=x&grant_type=captcha&scope=all',
        {
          method: 'POST',
          cookie: oldCookie,
          headers: {
            ...sameOrigin,
            'tenant-id': '000000',
            'captcha-key': 'k1',
            'captcha-code': 'c1',
            'dept-id': '11',
            'role-id': '22',
            authorization: 'Basic evil',
          },
        },
      ),
    );
    expect(res.status).toBe(200);
    const body = await res.json();
    expect(body).toEqual({ token_type: 'bearer', tenant_id: '000000', user_id: '7', real_name: '管理员' });
    const [seen] = upstream.seen;
    expect(seen.url).toContain('/blade-auth/oauth/token?tenantId=000000');
    expect(seen.headers.authorization).toBe(
      `Basic ${Buffer.from('portal:client-secret-for-tests').toString('base64')}`,
    );
    expect(seen.headers).toMatchObject({
      'tenant-id': '000000',
      'captcha-key': 'k1',
      'captcha-code': 'c1',
      'dept-id': '11',
      'role-id': '22',
    });

    const cookie = nextCookie(res)!;
    expect(cookie).not.toBe(oldCookie);
    // The session the login replaces ends upstream (SECURITY 27).
    expect(upstream.seen[1]).toMatchObject({ method: 'POST', url: '/blade-auth/oauth/logout' });
    upstream.handle((_req, r) => json(r, 200, { code: 200 }));
    await GET(apiRequest('/api/blade-auth/oauth/user-info', { cookie }));
    expect(upstream.seen[2].headers['blade-auth']).toBe('bearer new-at');
  });

  it('accepts the parameters in a urlencoded body', async () => {
    upstream.handle(async (_req, res, body) => {
      expect((await body()).toString()).toBe('grant_type=password&username=a&password=b');
      json(res, 200, { access_token: 'a', refresh_token: 'r', tenant_id: '000000', user_id: '1' });
    });
    const res = await POST(
      apiRequest('/api/blade-auth/oauth/token', {
        method: 'POST',
        headers: { ...sameOrigin, 'content-type': 'application/x-www-form-urlencoded' },
        body: 'grant_type=password&username=a&password=b',
      }),
    );
    expect(res.status).toBe(200);
    expect(setCookies(res)).toHaveLength(1);
  });

  it('returns the upstream error as it is, stores nothing and clears an old session', async () => {
    upstream.handle((_req, res) =>
      json(res, 400, { error_code: 400, error_description: '用户名或密码错误' }),
    );
    const { cookie } = await sessionCookie();
    const res = await POST(
      apiRequest('/api/blade-auth/oauth/token?grant_type=password&username=a&password=b', {
        method: 'POST',
        cookie,
        headers: sameOrigin,
      }),
    );
    expect(res.status).toBe(400);
    expect(await res.json()).toEqual({ error_code: 400, error_description: '用户名或密码错误' });
    expect(setCookies(res)[0]).toMatch(/Max-Age=0/);
  });

  it('refuses grants a browser may not use, refresh_token above all', async () => {
    for (const query of [
      'grant_type=refresh_token&refresh_token=x',
      'grantType=refresh_token',
      'grant_type=password&grantType=refresh_token',
      '',
    ]) {
      const res = await POST(
        apiRequest(`/api/blade-auth/oauth/token?${query}`, { method: 'POST', headers: sameOrigin }),
      );
      expect(res.status).toBe(400);
    }
    const form = await POST(
      apiRequest('/api/blade-auth/oauth/token?grant_type=password', {
        method: 'POST',
        headers: { ...sameOrigin, 'content-type': 'application/x-www-form-urlencoded' },
        body: 'grant_type=refresh_token&refresh_token=x',
      }),
    );
    expect(form.status).toBe(400);
    expect(upstream.seen).toHaveLength(0);
  });

  it('is POST only and needs the CSRF proof', async () => {
    expect((await GET(apiRequest('/api/blade-auth/oauth/token?grant_type=password'))).status).toBe(405);
    expect(
      (await POST(apiRequest('/api/blade-auth/oauth/token?grant_type=password', { method: 'POST' }))).status,
    ).toBe(403);
  });
});

describe('logout', () => {
  it('revokes upstream with the token and clears the cookie', async () => {
    upstream.handle((_req, res) => json(res, 200, { code: 200, success: true }));
    const { session, cookie } = await sessionCookie();
    const res = await POST(
      apiRequest('/api/blade-auth/oauth/logout', { method: 'POST', cookie, headers: sameOrigin }),
    );
    expect(res.status).toBe(200);
    expect(await res.json()).toMatchObject({ code: 200, success: true });
    expect(setCookies(res)[0]).toMatch(/^portal-session=; .*Max-Age=0/);
    expect(upstream.seen[0]).toMatchObject({ method: 'POST', url: '/blade-auth/oauth/logout' });
    expect(upstream.seen[0].headers['blade-auth']).toBe(`bearer ${session.at}`);
  });

  it('works for a locked session, refuses GET', async () => {
    upstream.handle((_req, res) => json(res, 200, { code: 200 }));
    const { cookie } = await sessionCookie({ lock: { locked: true, hasPassword: true } });
    expect((await GET(apiRequest('/api/blade-auth/oauth/logout', { cookie }))).status).toBe(405);
    const res = await POST(
      apiRequest('/api/blade-auth/oauth/logout', { method: 'POST', cookie, headers: sameOrigin }),
    );
    expect(res.status).toBe(200);
  });
});

describe('password change', () => {
  it('gives the session a new id on success', async () => {
    upstream.handle((_req, res) => json(res, 200, { code: 200, success: true, data: null, msg: '操作成功' }));
    const { session, cookie } = await sessionCookie();
    const res = await POST(
      apiRequest('/api/blade-user/my/update-password?oldPassword=a&newPassword=b&newPassword1=b', {
        method: 'POST',
        cookie,
        headers: sameOrigin,
      }),
    );
    expect(await res.json()).toMatchObject({ code: 200 });
    const { unsealSession } = await import('@/lib/session');
    const next = await unsealSession(nextCookie(res)!.split('=').slice(1).join('='));
    expect(next?.sid).toBeTruthy();
    expect(next?.sid).not.toBe(session.sid);
    expect(next?.at).toBe(session.at);
  });
});
