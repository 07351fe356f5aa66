import { MSG } from '@/lib/bff/messages';
import { API_CSP } from '@/lib/server/security-headers';

/** Headers every response of the BFF carries: nothing it answers may be cached or sniffed (SECURITY 12). */
export function baseHeaders(): Headers {
  return new Headers({
    'Cache-Control': 'no-store',
    'X-Content-Type-Options': 'nosniff',
    'Referrer-Policy': 'same-origin',
    // A file served inline (say an HTML upload opened directly) can run nothing and be framed only by our pages.
    'Content-Security-Policy': API_CSP,
  });
}

export function jsonResponse(status: number, body: unknown): Response {
  const headers = baseHeaders();
  headers.set('Content-Type', 'application/json;charset=UTF-8');
  return new Response(JSON.stringify(body), { status, headers });
}

/** The Blade `R` envelope; `success` follows `code`, as in Blade, and `code` is the HTTP status. */
export function envelope(status: number, msg: string, data: unknown = null): Response {
  return jsonResponse(status, { code: status, success: status === 200, data, msg });
}

export const ok = (data: unknown = null) => envelope(200, MSG.success, data);

/** Adds Set-Cookie headers to a response the BFF created or is passing through. */
export function withCookies(response: Response, cookies: string[]): Response {
  for (const cookie of cookies) response.headers.append('Set-Cookie', cookie);
  return response;
}
