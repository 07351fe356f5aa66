import { expect, test } from '@playwright/test';

// SECURITY 1: the known Next.js middleware bypass forms must not reach protected content without a session.
const attempts: { name: string; path: string; headers?: Record<string, string> }[] = [
  {
    name: 'x-middleware-subrequest',
    path: '/wel/index',
    headers: { 'x-middleware-subrequest': 'proxy:proxy:proxy:proxy:proxy:middleware:middleware:middleware' },
  },
  { name: '.rsc suffix', path: '/wel/index.rsc', headers: { RSC: '1' } },
  {
    name: 'RSC header',
    path: '/wel/index?_rsc=abc',
    headers: { RSC: '1', 'Next-Router-State-Tree': '%5B%22%22%5D' },
  },
  { name: '.segment.rsc', path: '/wel/index.segment.rsc', headers: { RSC: '1' } },
  { name: '_next/data', path: '/_next/data/build/wel/index.json' },
  { name: 'api without session', path: '/api/blade-system/menu/routes' },
  { name: 'user info without session', path: '/api/blade-auth/oauth/user-info' },
];

for (const attempt of attempts) {
  test(`no protected content without a session: ${attempt.name}`, async ({ request }) => {
    const res = await request.get(attempt.path, { headers: attempt.headers, maxRedirects: 0 });
    const body = await res.text();
    expect(res.status()).not.toBe(200);
    expect(body).not.toContain('欢迎回来');
    expect(body).not.toContain('管理员');
    expect(body).not.toContain('/wel/index"');
  });
}
