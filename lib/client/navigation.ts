/**
 * A full page load to a portal path. Used where the session changes under the page (login, logout, lock, 401):
 * nothing of the client's state — SWR caches, open dialogs — may survive into the next session.
 */
export function hardNavigate(path: string): void {
  window.location.assign(path);
}

/** The language is a preference cookie the server renders with (lib/i18n/request.ts). */
export function persistLocaleCookie(name: string, locale: string): void {
  document.cookie = `${name}=${locale}; Path=/; Max-Age=31536000; SameSite=Lax`;
}
