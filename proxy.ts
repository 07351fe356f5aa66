import { NextResponse, type NextRequest } from 'next/server';
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

/** A relative Location: absolute URLs would come from the request's Host, which a client controls (SECURITY 10). */
function redirectTo(location: string): NextResponse {
  return new NextResponse(null, {
    status: 307,
    headers: { Location: location, 'Cache-Control': 'no-store' },
  });
}

export async function proxy(request: NextRequest) {
  const { pathname, search } = request.nextUrl;
  const session = await readSession(request);

  if (!session) {
    if (isPublic(pathname)) return NextResponse.next();
    const back = pathname === '/' ? '' : `?redirect=${encodeURIComponent(`${pathname}${search}`)}`;
    return redirectTo(`/login${back}`);
  }

  const hostTenant = await resolveHostTenant(hostFromHeaders(request.headers));
  const tenantMatches = !hostTenant || hostTenant.tenantId === session.tenantId;
  if (!tenantMatches) return pathname === '/login' ? NextResponse.next() : redirectTo('/login');
  if (pathname === '/login') return redirectTo('/');
  if (session.lock?.locked && pathname !== '/lock') return redirectTo('/lock');
  return NextResponse.next();
}

export const config = {
  matcher: ['/((?!api/|_next/static/|_next/image|favicon.svg|logo.svg|robots.txt).*)'],
};
