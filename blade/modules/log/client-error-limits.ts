/**
 * Bounds of the browser's error log (SECURITY 30), shared by the portal, which records and uploads the entries
 * (lib/client/error-log.ts), and blade-log, which stores them: longer text is cut, not refused, because the head of a
 * message or stack is what a reader needs and one long field must not cost the whole upload. With at most 100 entries
 * an upload stays under about 0.8 million characters.
 */
export const CLIENT_ERROR_LIMITS = {
  type: 255,
  url: 1_000,
  message: 1_000,
  stack: 4_000,
  info: 2_000,
  time: 64,
} as const;

export const MAX_CLIENT_ERRORS_PER_UPLOAD = 100;

/** `value` cut to `max` UTF-16 units, never through a surrogate pair; NUL (which PostgreSQL text cannot hold) removed. */
export function cutText(value: string, max: number): string {
  const clean = value.includes('\u0000') ? value.replaceAll('\u0000', '') : value;
  if (clean.length <= max) return clean;
  const code = clean.charCodeAt(max - 1);
  return clean.slice(0, code >= 0xd800 && code <= 0xdbff ? max - 1 : max);
}
