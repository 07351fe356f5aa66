import { NextResponse, type NextRequest } from 'next/server';
import { getConfig } from '@/lib/env';
import { isHttpsRequest } from '@/lib/request-meta';
import { resolveHostTenant } from '@/lib/server/host-tenant';
import { hostFromHeaders } from '@/lib/server/request-host';
import { HSTS, contentSecurityPolicy, newNonce } from '@/lib/server/security-headers';
import { readSession } from '@/lib/session';

/**
 * Next 16's name for middleware.ts. Early redirects only — every page and route handler checks the session itself
 * (SECURITY 1). `/api/` stays outside the matcher: a matched request body would be cut at 10 MB. It also gives every
 * page its CSP nonce (SECURITY 12): Next reads the policy from the request headers and puts the nonce on its own
 * scripts; app/layout.tsx hands it to emotion.
 */

const publicRoutes = [
  '/login',
  '/lock',
  '/404',
  '/403',
  '/500',
  '/emailBinding',
  '/register',
  '/forgetPassword',
];

function isPublic(pathname: string): boolean {
  return publicRoutes.some((route) => pathname === route || pathname.startsWith(`${route}/`));
}

/**
 * The origin the browser used, when it is one of the configured public origins (scheme and host as
 * lib/request-meta believes them); else the first public origin (SECURITY 10: the Host header is the client's).
 */
function publicOrigin(request: NextRequest, https: boolean): string {
  const { publicOrigins } = getConfig();
  const host = hostFromHeaders(request.headers);
  const origin = host ? `${https ? 'https' : 'http'}://${host}` : '';
  return publicOrigins.includes(origin) ? origin : publicOrigins[0];
}

function secure<T extends NextResponse>(response: T, csp: string, https: boolean): T {
  response.headers.set('Content-Security-Policy', csp);
  if (https) response.headers.set('Strict-Transport-Security', HSTS);
  return response;
}

export async function proxy(request: NextRequest) {
  const { pathname, search, basePath } = request.nextUrl;
  const https = isHttpsRequest(request.headers, request.url);
  const nonce = newNonce();
  const csp = contentSecurityPolicy(nonce, https);

  const next = () => {
    const headers = new Headers(request.headers);
    headers.set('x-nonce', nonce);
    headers.set('Content-Security-Policy', csp);
    return secure(NextResponse.next({ request: { headers } }), csp, https);
  };
  const redirectTo = (path: string) => {
    const response = NextResponse.redirect(new URL(`${basePath}${path}`, publicOrigin(request, https)), 307);
    response.headers.set('Cache-Control', 'no-store');
    return secure(response, csp, https);
  };

  const session = await readSession(request);
  if (!session) {
    if (isPublic(pathname)) return next();
    const back = pathname === '/' ? '' : `?redirect=${encodeURIComponent(`${pathname}${search}`)}`;
    return redirectTo(`/login${back}`);
  }

  const hostTenant = await resolveHostTenant(hostFromHeaders(request.headers));
  const tenantMatches = !hostTenant || hostTenant.tenantId === session.tenantId;
  if (!tenantMatches) return pathname === '/login' ? next() : redirectTo('/login');
  if (pathname === '/login') return redirectTo('/');
  if (session.lock?.locked && pathname !== '/lock') return redirectTo('/lock');
  return next();
}

export const config = {
  // '/' on its own: under a BASE_PATH the second pattern needs a slash after the prefix, so `/portal` would escape it.
  matcher: ['/', '/((?!api/|_next/static/|_next/image|healthz|readyz|favicon.svg|logo.svg|robots.txt).*)'],
};
