/**
 * Exact yuan amounts for payment notes (issue 16): decimal text with at most two decimals, added and compared as
 * integer cents (BigInt), so a note's total is exactly the sum of its lines and a voucher is measured against the
 * unpaid remainder without a floating-point step anywhere (blade/ and the portal use the same functions).
 */

const AMOUNT = /^\+?(\d{1,16})(?:\.(\d{1,2}))?$/;

/** Cents of a non-negative amount text (`"12.5"` → 1250n), or null when it is not one. */
export function toCents(value: string | number): bigint | null {
  const match = AMOUNT.exec(typeof value === 'number' ? String(value) : value.trim());
  if (!match) return null;
  return BigInt(match[1]) * 100n + BigInt((match[2] ?? '').padEnd(2, '0'));
}

/** Cents as the canonical amount text (1250n → `"12.50"`). */
export function fromCents(cents: bigint): string {
  const negative = cents < 0n;
  const digits = (negative ? -cents : cents).toString().padStart(3, '0');
  return `${negative ? '-' : ''}${digits.slice(0, -2)}.${digits.slice(-2)}`;
}

/** The exact sum of amounts; null when one of them is not an amount. */
export function sumAmounts(values: readonly (string | number)[]): string | null {
  let total = 0n;
  for (const value of values) {
    const cents = toCents(value);
    if (cents === null) return null;
    total += cents;
  }
  return fromCents(total);
}

/** a − b of two amount texts (the remainder of a note); null when one is not an amount. */
export function subtractAmounts(a: string, b: string): string | null {
  const [x, y] = [toCents(a), toCents(b)];
  return x === null || y === null ? null : fromCents(x - y);
}
