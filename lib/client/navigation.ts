/**
 * The sub-path the portal is served under (BASE_PATH at build time, e.g. `/portal`), '' at the root. Next adds it to
 * next/link and next/navigation; plain URLs (fetch, location) get it here.
 */
export const basePath: string = process.env.NEXT_PUBLIC_BASE_PATH ?? '';

/** An app path (`/login`, `/api/…`) as the browser must request it. */
export function withBasePath(path: string): string {
  if (!basePath || !path.startsWith('/') || path.startsWith('//')) return path;
  return path === basePath || path.startsWith(`${basePath}/`) ? path : `${basePath}${path}`;
}

/**
 * A full page load to a portal path. Used where the session changes under the page (login, logout, lock, 401):
 * nothing of the client's state — SWR caches, open dialogs — may survive into the next session.
 */
export function hardNavigate(path: string): void {
  window.location.assign(withBasePath(path));
}

/** The language is a preference cookie the server renders with (lib/i18n/request.ts). */
export function persistLocaleCookie(name: string, locale: string): void {
  document.cookie = `${name}=${locale}; Path=/; Max-Age=31536000; SameSite=Lax`;
}
