/**
 * Publicly known Blade signing keys (CVE-2021-44910), the stock clients' secrets and common placeholders. A secret equal
 * to one of them (case-insensitive), or one character repeated, is refused wherever secrets are configured.
 * Pure data: shared by the portal's configuration and blade/.
 */
export const KNOWN_DEFAULT_KEYS = [
  'SpringBlade',
  'BladeX',
  'Blade',
  'bladexisapowerfulmicroservicearchitectureupgradedandoptimizedfromacommercialproject',
  'saber_secret',
  'sword_secret',
  'changeme',
  'secret',
  'complex_password_at_least_32_characters_long',
  'please-change-me-to-a-long-random-secret-value',
];

const known = new Set(KNOWN_DEFAULT_KEYS.map((k) => k.toLowerCase()));

export function isKnownDefaultKey(value: string): boolean {
  const v = value.trim().toLowerCase();
  return known.has(v) || /^(.)\1+$/.test(v);
}
