/**
 * A `redirect`/`returnTo` value is honoured only when it is a same-origin relative path (SECURITY 10):
 * it starts with one slash, not `//` or `/\`, and carries no scheme or control characters.
 */
export function safeRedirectPath(value: string | null | undefined, fallback = '/'): string {
  if (!value || typeof value !== 'string') return fallback;
  if (!value.startsWith('/') || value.startsWith('//') || value.startsWith('/\\')) return fallback;
  if (/[\u0000-\u001f\\]/.test(value)) return fallback;
  try {
    const parsed = new URL(value, 'http://portal.invalid');
    if (parsed.origin !== 'http://portal.invalid') return fallback;
    return `${parsed.pathname}${parsed.search}${parsed.hash}`;
  } catch {
    return fallback;
  }
}
