/** Publicly known Blade signing keys (CVE-2021-44910) and placeholders: a key equal to one of them is refused. */
const KNOWN_DEFAULT_KEYS = [
  'springblade',
  'bladex',
  'blade',
  'bladexisapowerfulmicroservicearchitectureupgradedandoptimizedfromacommercialproject',
  'saber_secret',
  'sword_secret',
  'changeme',
  'secret',
  'complex_password_at_least_32_characters_long',
  'please-change-me-to-a-long-random-secret-value',
];

export function signingKeyProblem(key: string): string | undefined {
  if (key.length < 32) return 'jwtSigningKey must be at least 32 characters';
  const v = key.trim().toLowerCase();
  if (KNOWN_DEFAULT_KEYS.includes(v) || /^(.)\1+$/.test(v))
    return 'jwtSigningKey is a publicly known default';
  return undefined;
}
