import { createHmac, randomBytes, randomInt, timingSafeEqual } from 'node:crypto';
import type { Context } from 'hono';
import { sql } from 'kysely';
import en from '../../../messages/en.json';
import { messageText } from '../../../lib/contracts/resource';
import type { BladeEnv, Deps } from '../../core/context';
import { KeyedError, ServiceError } from '../../core/errors';
import { zhText } from '../../core/refusal-keys';
import { nextId } from '../../core/ids';
import { RATE_LIMITED, spendRate, type RateRule } from '../../core/rate-limit';
import { withTenant, type Db } from '../../db/tenant';
import { findTenant, tenantExpired } from '../system/tenant/tenant.repository';
import { smsSender } from '../sms/sms.deliver';
import { findSmsForSending } from '../sms/sms.repository';
import { mailConfigured, sendMail } from './mail-config.resource';

/**
 * Verification codes and the keys they are exchanged for (issue 14). A code is 6 digits, sent by e-mail (SMTP_URL)
 * or SMS (the tenant's enabled SMS configuration), valid 5 minutes, spent by its first correct entry and dead after 5
 * wrong ones. A correct code answers a key: a random single-use proof, valid 15 minutes, bound to the tenant, the
 * purpose, the channel and the address, that the call which needs the proof (registration, a new password, a new
 * phone) spends in its own transaction. Only HMACs of codes and keys are stored.
 */

export type VerifyChannel = 'email' | 'phone';
export type VerifyPurpose = 'register' | 'recover' | 'login' | 'bind-email' | 'change-phone' | 'confirm';

export const CODE_DIGITS = 6;
export const CODE_TTL_SECONDS = 300;
export const CODE_MAX_TRIES = 5;
export const KEY_TTL_SECONDS = 900;

/** One code per address a minute; a day's codes per address and per client address (SECURITY 30). */
export const RESEND_RULE: RateRule = { bucket: 'verify-resend', limit: 1, windowSeconds: 60 };
export const TARGET_DAY_RULE: RateRule = { bucket: 'verify-target-day', limit: 10, windowSeconds: 24 * 3600 };
export const CLIENT_DAY_RULE: RateRule = { bucket: 'verify-client-day', limit: 30, windowSeconds: 24 * 3600 };

const CODE_ID = /^\d{1,20}$/;
const KEY = /^[0-9a-f]{64}$/;
const TENANT_ID = /^\d{6}$/;

export function normaliseTarget(channel: VerifyChannel, target: string): string {
  const trimmed = target.trim();
  return channel === 'email' ? trimmed.toLowerCase() : trimmed;
}

/** 13812345678 → 138****5678; alice@example.com → al***@example.com. */
export function maskTarget(channel: VerifyChannel, target: string): string {
  if (!target) return '';
  if (channel === 'phone')
    return target.length >= 7 ? `${target.slice(0, 3)}****${target.slice(-4)}` : '****';
  const [name, domain] = target.split('@');
  return `${name.slice(0, Math.min(2, name.length))}***@${domain ?? ''}`;
}

function digest(deps: Deps, kind: string, value: string): string {
  return createHmac('sha256', deps.settings.jwtSigningKey).update(`${kind}\n${value}`).digest('hex');
}

const sameDigest = (a: string, b: string) =>
  a.length === b.length && timingSafeEqual(Buffer.from(a, 'hex'), Buffer.from(b, 'hex'));

/** Counts a call against a rule in a transaction of its own (refused calls count too), with the rule's own text. */
async function spend(deps: Deps, tenantId: string, rule: RateRule, subject: string, refusal: KeyedError) {
  try {
    await withTenant(deps.db, tenantId, (trx) => spendRate(trx, tenantId, rule, subject));
  } catch (err) {
    if (err instanceof ServiceError && err.message === RATE_LIMITED) throw refusal;
    throw err;
  }
}

/**
 * The tenant a public call acts for: its `tenantId` parameter (the page takes it from the host through
 * blade-system/tenant/info), else the Tenant-Id header, else the platform tenant; refused unless the tenant is live.
 */
export async function publicTenant(deps: Deps, c: Context<BladeEnv>, tenantParam: unknown): Promise<string> {
  const wanted =
    (typeof tenantParam === 'string' && tenantParam.trim()) || c.req.header('tenant-id')?.trim() || '000000';
  if (!TENANT_ID.test(wanted)) throw new KeyedError('verify.tenantUnknown');
  const tenant = await findTenant(deps.db, wanted);
  if (!tenant || tenant.status !== 1 || tenantExpired(tenant)) throw new KeyedError('verify.tenantUnknown');
  return tenant.tenant_id;
}

/** Whether codes can go out on this channel in this tenant; refuses in words when they cannot. */
export async function assertChannelUsable(
  deps: Deps,
  tenantId: string,
  channel: VerifyChannel,
): Promise<void> {
  if (channel === 'email') {
    if (!(await mailConfigured(deps, tenantId))) throw new KeyedError('verify.mailUnavailable');
    return;
  }
  const config = await withTenant(deps.db, tenantId, (trx) => findSmsForSending(trx, tenantId));
  if (!config) throw new KeyedError('verify.smsUnavailable');
}

export interface SendCodeInput {
  tenantId: string;
  channel: VerifyChannel;
  target: string;
  purpose: VerifyPurpose;
  /** The client address (core/client-ip.ts). */
  ip: string;
  /** The account the code proves something about, when there is one (recovery, the caller's own phone). */
  userId?: string | null;
  /** Who the SMS log names as sender: the signed-in user; '0' (nobody) for calls without a token. */
  actorId?: string;
  /**
   * Record and count the code but send nothing: the SMS login's answer for a number without an account, which must
   * look like any other (the row can never log anyone in: it names no user).
   */
  silent?: boolean;
}

/** Sends a code; answers its id only once the mail server or the SMS vendor accepted the message. */
export async function sendCode(deps: Deps, input: SendCodeInput): Promise<{ codeId: string }> {
  const target = normaliseTarget(input.channel, input.target);
  await assertChannelUsable(deps, input.tenantId, input.channel);
  await spend(
    deps,
    input.tenantId,
    CLIENT_DAY_RULE,
    input.ip || 'unknown',
    new KeyedError('verify.clientDaily'),
  );
  await spend(
    deps,
    input.tenantId,
    RESEND_RULE,
    `${input.channel}:${target}`,
    new KeyedError('verify.tooSoon'),
  );
  await spend(
    deps,
    input.tenantId,
    TARGET_DAY_RULE,
    `${input.channel}:${target}`,
    new KeyedError('verify.targetDaily'),
  );
  const code = String(randomInt(0, 10 ** CODE_DIGITS)).padStart(CODE_DIGITS, '0');
  const codeId = nextId();
  await withTenant(deps.db, input.tenantId, (trx) =>
    trx
      .insertInto('blade_verify_code')
      .values({
        id: codeId,
        tenant_id: input.tenantId,
        purpose: input.purpose,
        channel: input.channel,
        target,
        user_id: input.userId ?? null,
        code_hash: digest(deps, 'code', `${codeId}:${code}`),
        expires_at: sql<Date>`now() + make_interval(secs => ${CODE_TTL_SECONDS})`,
        client_ip: (input.ip || '').slice(0, 64),
      })
      .execute(),
  );
  if (input.silent) return { codeId };
  try {
    await deliver(deps, input, target, code);
  } catch (err) {
    // A code that never arrived must not be usable later by whoever learns it some other way.
    await withTenant(deps.db, input.tenantId, (trx) =>
      trx
        .updateTable('blade_verify_code')
        .set({ used_at: sql`now()` })
        .where('id', '=', codeId)
        .execute(),
    );
    throw err;
  }
  return { codeId };
}

async function deliver(deps: Deps, input: SendCodeInput, target: string, code: string): Promise<void> {
  const minutes = CODE_TTL_SECONDS / 60;
  if (input.channel === 'email') {
    const values = { code, minutes };
    const fill = (text: string) =>
      text.replace(/\{(\w+)\}/g, (all, name: string) => String(values[name as 'code'] ?? all));
    await sendMail(deps, input.tenantId, {
      to: target,
      subject: `${zhText('verify.mail.subject')} / ${messageText(en, 'verify.mail.subject')}`,
      text: `${zhText('verify.mail.body', values)}\n\n${fill(messageText(en, 'verify.mail.body'))}\n`,
    });
    return;
  }
  const result = await smsSender(deps)(
    input.tenantId,
    { phones: [target], params: { code, minutes: String(minutes) } },
    input.actorId ?? input.userId ?? '0',
  );
  if (result.outcome === 'logged') throw new KeyedError('verify.smsLogged');
  if (result.outcome === 'failed') throw new KeyedError('verify.smsFailed', { reason: result.message });
}

export interface CheckCodeInput {
  tenantId: string;
  codeId: string;
  channel: VerifyChannel;
  /** The address the code was sent to; omitted when the caller never knew it (recovery by account). */
  target?: string;
  code: string;
  purpose: VerifyPurpose;
}

export interface CheckedCode {
  channel: VerifyChannel;
  target: string;
  userId: string | null;
}

/**
 * Spends a code: single use, within 5 minutes, at most 5 tries. A wrong entry is counted in its own committed
 * transaction before the refusal goes out, so guessing costs tries however the caller retries.
 */
export async function consumeCode(deps: Deps, input: CheckCodeInput): Promise<CheckedCode> {
  if (!CODE_ID.test(input.codeId)) throw new KeyedError('verify.codeInvalid');
  if (!/^\d{6}$/.test(input.code.trim())) throw new KeyedError('verify.codeFormat');
  const outcome = await withTenant(deps.db, input.tenantId, async (trx) => {
    const row = await trx
      .selectFrom('blade_verify_code')
      .select(['id', 'purpose', 'channel', 'target', 'user_id', 'code_hash', 'tries', 'used_at'])
      .select(sql<boolean>`expires_at > now()`.as('live'))
      .where('tenant_id', '=', input.tenantId)
      .where('id', '=', input.codeId)
      .forUpdate()
      .executeTakeFirst();
    const target = input.target === undefined ? undefined : normaliseTarget(input.channel, input.target);
    if (
      !row ||
      row.used_at ||
      !row.live ||
      row.tries >= CODE_MAX_TRIES ||
      row.purpose !== input.purpose ||
      row.channel !== input.channel ||
      (target !== undefined && row.target !== target)
    )
      return { ok: false as const, left: 0 };
    if (!sameDigest(digest(deps, 'code', `${row.id}:${input.code.trim()}`), row.code_hash)) {
      const tries = row.tries + 1;
      await trx
        .updateTable('blade_verify_code')
        .set({ tries, used_at: tries >= CODE_MAX_TRIES ? sql`now()` : null })
        .where('id', '=', row.id)
        .execute();
      return { ok: false as const, left: CODE_MAX_TRIES - tries };
    }
    await trx
      .updateTable('blade_verify_code')
      .set({ used_at: sql`now()` })
      .where('id', '=', row.id)
      .execute();
    return { ok: true as const, checked: { channel: row.channel, target: row.target, userId: row.user_id } };
  });
  if (!outcome.ok) {
    throw outcome.left > 0
      ? new KeyedError('verify.codeWrong', { left: outcome.left })
      : new KeyedError('verify.codeInvalid');
  }
  return outcome.checked;
}

/** Records a single-use key for what was just proved and answers it (only its HMAC is kept). */
export async function issueKey(
  deps: Deps,
  trx: Db,
  input: {
    tenantId: string;
    purpose: VerifyPurpose;
    channel: VerifyChannel | 'password';
    target: string;
    userId: string | null;
  },
): Promise<string> {
  const key = randomBytes(32).toString('hex');
  await trx
    .insertInto('blade_verify_key')
    .values({
      key_hash: digest(deps, 'key', key),
      tenant_id: input.tenantId,
      purpose: input.purpose,
      channel: input.channel,
      target: input.target,
      user_id: input.userId,
      expires_at: sql<Date>`now() + make_interval(secs => ${KEY_TTL_SECONDS})`,
    })
    .execute();
  return key;
}

/** A correct code answers a key for its purpose (the flows whose last step is a separate call). */
export async function checkCode(deps: Deps, input: CheckCodeInput): Promise<{ key: string } & CheckedCode> {
  const checked = await consumeCode(deps, input);
  const key = await withTenant(deps.db, input.tenantId, (trx) =>
    issueKey(deps, trx, { tenantId: input.tenantId, purpose: input.purpose, ...checked }),
  );
  return { key, ...checked };
}

export interface SpentKey {
  channel: VerifyChannel | 'password';
  target: string;
  userId: string | null;
}

/** Spends a key in the caller's transaction: a failure after this rolls the spending back with everything else. */
export async function consumeKey(
  deps: Deps,
  trx: Db,
  input: { tenantId: string; key: unknown; purpose: VerifyPurpose },
): Promise<SpentKey> {
  const key = typeof input.key === 'string' ? input.key.trim() : '';
  if (!KEY.test(key)) throw new KeyedError('verify.keyInvalid');
  const row = await trx
    .updateTable('blade_verify_key')
    .set({ used_at: sql`now()` })
    .where('key_hash', '=', digest(deps, 'key', key))
    .where('tenant_id', '=', input.tenantId)
    .where('purpose', '=', input.purpose)
    .where('used_at', 'is', null)
    .where(sql<boolean>`expires_at > now()`)
    .returning(['channel', 'target', 'user_id'])
    .executeTakeFirst();
  if (!row) throw new KeyedError('verify.keyInvalid');
  return { channel: row.channel, target: row.target, userId: row.user_id };
}
