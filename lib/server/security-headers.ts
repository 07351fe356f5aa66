/**
 * The security headers of every page (SECURITY 12), set by proxy.ts with a fresh nonce per request.
 *
 * - Scripts: only Next's own and those carrying this response's nonce ('strict-dynamic' lets them load their chunks).
 * - Styles: emotion (MUI) inserts <style> elements with the nonce (app/layout.tsx passes it to the cache). Inline
 *   style *attributes* in the server-rendered HTML (MUI writes a few) cannot carry a nonce; `style-src-attr` allows
 *   them — a style attribute cannot run script.
 * - Nothing from other hosts (STYLE: nothing loaded from other hosts); no plugins; frames only from this origin
 *   (the product is embedded only by its own pages and the desktop shell, which loads it as a top-level page).
 */
export function contentSecurityPolicy(nonce: string, https: boolean): string {
  const directives = [
    "default-src 'self'",
    `script-src 'self' 'nonce-${nonce}' 'strict-dynamic'`,
    `style-src 'self' 'nonce-${nonce}'`,
    "style-src-attr 'unsafe-inline'",
    "img-src 'self' data: blob:",
    "font-src 'self' data:",
    "connect-src 'self'",
    "media-src 'self' blob:",
    "worker-src 'self' blob:",
    "frame-src 'self' blob:",
    "object-src 'none'",
    "base-uri 'self'",
    "form-action 'self'",
    "frame-ancestors 'self'",
  ];
  if (https) directives.push('upgrade-insecure-requests');
  return directives.join('; ');
}

/** HSTS: only on responses that went out over https (a browser ignores it over http anyway, but tests read it). */
export const HSTS = 'max-age=31536000';

/** Route handlers answer data, never documents: nothing in them may run or be framed by others. */
export const API_CSP = "default-src 'none'; frame-ancestors 'self'";

export function newNonce(): string {
  return Buffer.from(crypto.getRandomValues(new Uint8Array(16))).toString('base64');
}
