import { getConfig } from '@/lib/env';

/**
 * Rate limits of the login and captcha calls and of the other public writes — registration, verification codes, the
 * e-mail binding link — (token buckets, in this process's memory).
 *
 * Each key holds `limit` tokens and regains them evenly over WINDOW_MS, so a burst of `limit` passes and then the
 * steady pace is `limit` per window. Login is limited per account and client address together (guessing one
 * account's password from one address) and per client address (guessing many accounts from one address); the captcha
 * per client address (it has no account). Nothing here is per account alone: a stranger's attempts would then refuse
 * the real user's login from elsewhere (SECURITY 29). The upstream counts failed passwords per account and address
 * (lock) and per account (captcha required), SECURITY 17; this is the cheap wall in front. The address limits are
 * generous on purpose: a corporate proxy puts a whole office behind one address, and 300 staff logging in within ten
 * minutes must all get through (tests/api/prod).
 *
 * With several portal replicas each keeps its own buckets: the effective limit is the replica count times these.
 */

export const WINDOW_MS = 10 * 60 * 1000;
const MAX_KEYS = 50_000;

interface Bucket {
  tokens: number;
  at: number;
}

export class RateLimiter {
  private readonly buckets = new Map<string, Bucket>();

  constructor(
    private readonly limit: () => number,
    private readonly windowMs = WINDOW_MS,
  ) {}

  /** Takes one token for `key`: 0 when allowed, else the seconds until one is available (for Retry-After). */
  take(key: string, now = Date.now()): number {
    const limit = this.limit();
    const refillPerMs = limit / this.windowMs;
    const bucket = this.buckets.get(key) ?? { tokens: limit, at: now };
    bucket.tokens = Math.min(limit, bucket.tokens + (now - bucket.at) * refillPerMs);
    bucket.at = now;
    // Map order is insertion order: re-inserting keeps the most recently used keys at the end.
    this.buckets.delete(key);
    if (this.buckets.size >= MAX_KEYS) this.evict(now, refillPerMs, limit);
    this.buckets.set(key, bucket);
    if (bucket.tokens >= 1) {
      bucket.tokens -= 1;
      return 0;
    }
    return Math.max(1, Math.ceil((1 - bucket.tokens) / refillPerMs / 1000));
  }

  /** Drops full buckets (they carry no information), else the least recently used, to bound memory. */
  private evict(now: number, refillPerMs: number, limit: number): void {
    for (const [key, b] of this.buckets) {
      if (b.tokens + (now - b.at) * refillPerMs >= limit) this.buckets.delete(key);
    }
    while (this.buckets.size >= MAX_KEYS) this.buckets.delete(this.buckets.keys().next().value as string);
  }

  clear(): void {
    this.buckets.clear();
  }
}

const store = globalThis as unknown as {
  __portalRateLimits?: {
    loginAccountAddress: RateLimiter;
    loginAddress: RateLimiter;
    captchaAddress: RateLimiter;
    publicWriteAddress: RateLimiter;
  };
};

export function rateLimits() {
  store.__portalRateLimits ??= {
    loginAccountAddress: new RateLimiter(() => getConfig().rateLimitLoginAccount),
    loginAddress: new RateLimiter(() => getConfig().rateLimitLoginAddress),
    captchaAddress: new RateLimiter(() => getConfig().rateLimitCaptchaAddress),
    // Registration, verification codes and the other public writes: each is a guess or a send, paced like a login.
    publicWriteAddress: new RateLimiter(() => getConfig().rateLimitLoginAddress),
  };
  return store.__portalRateLimits;
}

/** Tests start each case with full buckets. */
export function resetRateLimitsForTests(): void {
  store.__portalRateLimits = undefined;
}
