import { NextResponse, type NextRequest } from 'next/server';
import { getConfig } from '@/lib/env';
import { resolveHostTenant } from '@/lib/server/host-tenant';
import { hostFromHeaders } from '@/lib/server/request-host';
import { readSession } from '@/lib/session';

/**
 * Next 16's name for middleware.ts. Early redirects only — every page and route handler checks the session itself
 * (SECURITY 1). `/api/` stays outside the matcher: a matched request body would be cut at 10 MB.
 */

const publicRoutes = ['/login', '/lock', '/404', '/403', '/500', '/emailBinding'];

function isPublic(pathname: string): boolean {
  return publicRoutes.some((route) => pathname === route || pathname.startsWith(`${route}/`));
}

/**
 * Next needs an absolute Location. Its origin is the request's only when that is one of the configured public origins
 * (the Host header is the client's to choose), else the first public origin (SECURITY 10).
 */
function redirectTo(request: NextRequest, path: string): NextResponse {
  const { publicOrigins } = getConfig();
  const origin = publicOrigins.includes(request.nextUrl.origin) ? request.nextUrl.origin : publicOrigins[0];
  const response = NextResponse.redirect(new URL(path, origin), 307);
  response.headers.set('Cache-Control', 'no-store');
  return response;
}

export async function proxy(request: NextRequest) {
  const { pathname, search } = request.nextUrl;
  const session = await readSession(request);

  if (!session) {
    if (isPublic(pathname)) return NextResponse.next();
    const back = pathname === '/' ? '' : `?redirect=${encodeURIComponent(`${pathname}${search}`)}`;
    return redirectTo(request, `/login${back}`);
  }

  const hostTenant = await resolveHostTenant(hostFromHeaders(request.headers));
  const tenantMatches = !hostTenant || hostTenant.tenantId === session.tenantId;
  if (!tenantMatches) return pathname === '/login' ? NextResponse.next() : redirectTo(request, '/login');
  if (pathname === '/login') return redirectTo(request, '/');
  if (session.lock?.locked && pathname !== '/lock') return redirectTo(request, '/lock');
  return NextResponse.next();
}

export const config = {
  matcher: ['/((?!api/|_next/static/|_next/image|favicon.svg|logo.svg|robots.txt).*)'],
};
