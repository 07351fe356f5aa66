import { forwardedSearch, parseApiPath } from '@/lib/bff/routes';

describe('parseApiPath', () => {
  it('accepts allowlisted services and normalises the upstream path', () => {
    const result = parseApiPath('/api/blade-system/menu/routes');
    expect(result).toEqual({
      ok: true,
      route: {
        kind: 'private',
        service: 'blade-system',
        call: 'blade-system/menu/routes',
        rotatesSession: false,
        upstreamPath: '/blade-system/menu/routes',
      },
    });
    expect(parseApiPath('/api/business-service/x/y')).toMatchObject({ ok: true });
    expect(parseApiPath('/api/blade-desk/notice/list')).toMatchObject({ ok: true });
  });

  it('classifies login, logout, public and password-change calls', () => {
    const kind = (p: string) => {
      const r = parseApiPath(p);
      return r.ok ? r.route.kind : r.status;
    };
    expect(kind('/api/blade-auth/oauth/token')).toBe('login');
    expect(kind('/api/blade-auth/oauth/logout')).toBe('logout');
    expect(kind('/api/blade-auth/oauth/captcha')).toBe('public');
    expect(kind('/api/blade-system/tenant/info')).toBe('public');
    expect(kind('/api/blade-auth/oauth/user-info')).toBe('private');
    expect(kind('/api/blade-auth/oauth/clear-cache')).toBe('private');
    const pw = parseApiPath('/api/blade-user/my/update-password');
    expect(pw.ok && pw.route.rotatesSession).toBe(true);
  });

  it.each([
    '/api/blade-system/../blade-auth/oauth/token',
    '/api/blade-system/./menu',
    '/api/blade-system//menu',
    '/api/blade-system/menu/',
    '/api/blade-system/a%2fb',
    '/api/blade-system/a%2Fb',
    '/api/blade-system/a%5cb',
    '/api/blade-system/a\\b',
    '/api/blade-system/a%00b',
    '/api/blade-system/a%0ab',
    '/api/blade-system/a%7fb',
    '/api/blade-system/%2e%2e/x',
    '/api/blade-system/%2E',
    '/api/blade-system/a%252fb',
    '/api/blade-system/a%zzb',
    '/api/blade-system/%E0%A4%A',
  ])('rejects %s with 400', (path) => {
    expect(parseApiPath(path)).toEqual({ ok: false, status: 400 });
  });

  it.each([
    '/api/unknown-service/x',
    '/api/blade-system',
    '/api/blade-auth/oauth/token/refresh',
    '/api/blade-auth/oauth/callback/wechat_open',
    '/api/blade-auth/token',
    '/api/blade-system/actuator/health',
    '/api/blade-system/feign/client/user/user-info',
    '/api/blade-system/v3/api-docs',
    '/api/portal/lock',
    '/blade-system/menu/routes',
  ])('does not forward %s (404)', (path) => {
    expect(parseApiPath(path)).toEqual({ ok: false, status: 404 });
  });

  it('re-encodes decoded segments canonically', () => {
    const r = parseApiPath('/api/blade-system/%61bc/%E4%B8%AD');
    expect(r.ok && r.route.upstreamPath).toBe('/blade-system/abc/%E4%B8%AD');
  });
});

describe('forwardedSearch', () => {
  it('keeps the query string verbatim', () => {
    expect(forwardedSearch('?current=1&size=10&name=%E4%B8%AD')).toBe('?current=1&size=10&name=%E4%B8%AD');
    expect(forwardedSearch('')).toBe('');
  });

  it('strips a blade-auth parameter in any spelling', () => {
    expect(forwardedSearch('?blade-auth=bearer%20x&id=1')).toBe('?id=1');
    expect(forwardedSearch('?id=1&Blade-Auth=x')).toBe('?id=1');
    expect(forwardedSearch('?blade%2Dauth=x')).toBe('');
  });
});
