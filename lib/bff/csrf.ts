import { isPublicOrigin } from '@/lib/request-meta';

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

export function isUnsafeMethod(method: string): boolean {
  return !SAFE_METHODS.has(method.toUpperCase());
}

/**
 * SECURITY 8: an unsafe request must come from our own pages. Browsers set Sec-Fetch-Site and no page can forge it;
 * older ones only send Origin. On top of that the portal's client always sends `X-CSRF: 1`, a header a cross-site
 * form cannot carry and a cross-site fetch cannot send without a CORS preflight the portal never grants.
 */
export function passesCsrfCheck(headers: Headers): boolean {
  if (headers.get('x-csrf') !== '1') return false;
  const site = headers.get('sec-fetch-site');
  if (site !== null) return site === 'same-origin';
  return isPublicOrigin(headers.get('origin'));
}
