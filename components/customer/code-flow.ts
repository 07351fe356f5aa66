'use client';

import { bladeRequest } from '@/lib/client/fetcher';

/**
 * The verification step both pages share: send a code (the lead's verify calls under blade-customer/user), check it,
 * and keep the key it answers for the call that spends it (insertUser, updatePassWordBykey).
 */
export type CodeChannel = 'email' | 'phone';
export type CodePurpose = 'register' | 'recover';

/** Where a code goes: the address itself (registration) or the account whose own address it is (recovery). */
export type CodeAddress = { email: string } | { phone: string } | { account: string };

export function sendCodeRequest(
  channel: CodeChannel,
  tenantId: string,
  purpose: CodePurpose,
  to: CodeAddress,
) {
  return {
    path: `/api/blade-customer/user/${channel === 'email' ? 'sendValidateEmail' : 'sendValidate'}`,
    body: { tenantId, purpose, ...to },
  };
}

/** Recovery codes went to the account's address, which the page never knew: the check names none. */
export function checkCodeRequest(
  channel: CodeChannel,
  tenantId: string,
  purpose: CodePurpose,
  codeId: string,
  code: string,
  address?: string,
) {
  const named = address === undefined ? {} : channel === 'email' ? { email: address } : { phone: address };
  return {
    path: `/api/blade-customer/user/${channel === 'email' ? 'ValidateEmail' : 'ValidateNew'}`,
    body: { tenantId, purpose, codeId, code: code.trim(), ...named },
  };
}

export async function sendCode(...args: Parameters<typeof sendCodeRequest>): Promise<string> {
  const { path, body } = sendCodeRequest(...args);
  const res = await bladeRequest<{ codeId: string }>(path, { method: 'POST', body, silent: true });
  return String(res.data.codeId);
}

export async function checkCode(...args: Parameters<typeof checkCodeRequest>): Promise<string> {
  const { path, body } = checkCodeRequest(...args);
  const res = await bladeRequest<{ key: string }>(path, { method: 'POST', body, silent: true });
  return res.data.key;
}
