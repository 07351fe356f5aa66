import { sumAmounts, toCents } from '@/lib/contracts/payment/money';

/**
 * The screens' checks before a call (blade/ checks again): the lines total of the issue dialog, exact in decimals,
 * and the voucher form's fields against the note's unpaid remainder. Pure, so unit tests reach them.
 */

export interface LineDraft {
  item: string;
  amount: string;
}

/** The exact total of the lines typed so far: null while an amount is not a positive amount with ≤ 2 decimals. */
export function linesTotal(lines: readonly LineDraft[]): string | null {
  if (lines.length === 0) return null;
  if (lines.some((l) => (toCents(l.amount) ?? 0n) <= 0n)) return null;
  return sumAmounts(lines.map((l) => l.amount));
}

/** Which line fields are wrong: `item` blank, `amount` not a positive amount. */
export function lineProblems(line: LineDraft): { item?: 'required'; amount?: 'amount' } {
  return {
    ...(line.item.trim() ? {} : { item: 'required' as const }),
    ...((toCents(line.amount) ?? 0n) > 0n ? {} : { amount: 'amount' as const }),
  };
}

export interface VoucherDraft {
  amount: string;
  payDate: string;
  payerName: string;
  hasFile: boolean;
}

export type VoucherProblem = 'required' | 'amount' | 'overRemainder' | 'date' | 'file';

/** The voucher form's problems by field (none: ready to send). */
export function voucherProblems(
  draft: VoucherDraft,
  remainder: string,
): Partial<Record<keyof VoucherDraft, VoucherProblem>> {
  const problems: Partial<Record<keyof VoucherDraft, VoucherProblem>> = {};
  const cents = toCents(draft.amount);
  if (!draft.amount.trim()) problems.amount = 'required';
  else if (cents === null || cents <= 0n) problems.amount = 'amount';
  else if (cents > (toCents(remainder) ?? 0n)) problems.amount = 'overRemainder';
  if (!/^\d{4}-\d{2}-\d{2}$/.test(draft.payDate)) problems.payDate = draft.payDate ? 'date' : 'required';
  if (!draft.payerName.trim()) problems.payerName = 'required';
  if (!draft.hasFile) problems.hasFile = 'file';
  return problems;
}
