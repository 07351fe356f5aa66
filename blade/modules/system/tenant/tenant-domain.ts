/**
 * `host[:port]`, lower-cased, of a value that may be a bare host or a URL (Saber sends the page URL before `/#/`).
 * Undefined when the value holds no usable host.
 */
export function hostOf(value: string): string | undefined {
  const trimmed = value.trim();
  if (!trimmed) return undefined;
  try {
    const url = new URL(/^[a-z][a-z0-9+.-]*:\/\//i.test(trimmed) ? trimmed : `http://${trimmed}`);
    return url.host.toLowerCase() || undefined;
  } catch {
    return undefined;
  }
}
