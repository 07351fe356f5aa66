/** Spec 000 §5 "Phone check" and "Avatar upload", shared by the form and its tests. */

export type PhoneProblem = 'phoneRequired' | 'phoneLength' | 'phoneFormat';

/**
 * Empty → required; length other than 11 → not 11 digits; 11 characters that are not a mobile number (1 followed by
 * ten digits) → format incorrect. The reference's landline check reads inverted; this is the reading that accepts
 * mobile numbers, which is what the field holds.
 */
export function phoneProblem(phone: string): PhoneProblem | null {
  const value = phone.trim();
  if (!value) return 'phoneRequired';
  if (value.length !== 11) return 'phoneLength';
  if (!/^1\d{10}$/.test(value)) return 'phoneFormat';
  return null;
}

export const AVATAR_MAX_BYTES = 500 * 1024;

export type AvatarProblem = 'avatarType' | 'avatarSize';

export function avatarProblem(file: { name: string; type: string; size: number }): AvatarProblem | null {
  const ext = file.name.toLowerCase().split('.').pop() ?? '';
  const typeOk =
    ['image/jpeg', 'image/png'].includes(file.type) || (!file.type && ['jpg', 'jpeg', 'png'].includes(ext));
  if (!typeOk || !['jpg', 'jpeg', 'png'].includes(ext)) return 'avatarType';
  if (file.size > AVATAR_MAX_BYTES) return 'avatarSize';
  return null;
}
