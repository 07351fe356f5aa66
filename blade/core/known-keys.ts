import { isKnownDefaultKey } from '../../lib/schemas/known-keys';

/** Why a signing key is refused, or undefined when it is acceptable (SECURITY 14). */
export function signingKeyProblem(key: string): string | undefined {
  if (key.length < 32) return 'jwtSigningKey must be at least 32 characters';
  if (isKnownDefaultKey(key)) return 'jwtSigningKey is a publicly known default';
  return undefined;
}
