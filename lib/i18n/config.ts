export const locales = ['zh', 'en'] as const;
export type Locale = (typeof locales)[number];
export const defaultLocale: Locale = 'zh';
/** The language choice lives in a plain cookie: it is a preference, not a secret, and the server renders with it. */
export const localeCookie = 'NEXT_LOCALE';

export function toLocale(value: string | undefined | null): Locale {
  return (locales as readonly string[]).includes(value ?? '') ? (value as Locale) : defaultLocale;
}
