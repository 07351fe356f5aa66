import { creditCodeProblem } from '@/lib/contracts/customer/registration';
import { fromCents, toCents } from '@/lib/contracts/payment/money';
import { invoiceInfoResource, SPECIAL_FIELDS } from '@/lib/contracts/invoice/invoice';

/** The definition's rule, so the form and blade/ cannot disagree on what an address is. */
const EMAIL = invoiceInfoResource.fields.email.pattern.regex;

/**
 * The screens' checks before a call (blade/ checks again): the information form (a special VAT invoice needs its
 * four fields; the taxpayer id is a checked USCC) and the apply dialog's amount against the exact sum of what the
 * chosen notes have left to invoice. Pure, so unit tests reach them.
 */

export interface InfoDraft {
  title: string;
  taxpayerId: string;
  invoiceKind: 'ordinary' | 'special';
  address: string;
  phone: string;
  bankName: string;
  bankAccount: string;
  email: string;
}

export type InfoProblem = 'required' | 'specialRequired' | 'taxpayerId' | 'email';

export function infoProblems(draft: InfoDraft): Partial<Record<keyof InfoDraft, InfoProblem>> {
  const problems: Partial<Record<keyof InfoDraft, InfoProblem>> = {};
  if (!draft.title.trim()) problems.title = 'required';
  const id = draft.taxpayerId.trim().toUpperCase();
  if (!id) problems.taxpayerId = 'required';
  else if (creditCodeProblem(id)) problems.taxpayerId = 'taxpayerId';
  if (draft.invoiceKind === 'special')
    for (const field of SPECIAL_FIELDS) if (!draft[field].trim()) problems[field] = 'specialRequired';
  if (draft.email.trim() && !EMAIL.test(draft.email.trim())) problems.email = 'email';
  return problems;
}

/** The exact sum of what the chosen notes have left to invoice (decimal text). */
export function availableOf(
  notes: readonly { noteId: string; invoiceableAmount: string }[],
  chosen: readonly string[],
) {
  const set = new Set(chosen);
  return fromCents(
    notes.filter((n) => set.has(n.noteId)).reduce((sum, n) => sum + (toCents(n.invoiceableAmount) ?? 0n), 0n),
  );
}

export type ApplyProblem = 'notes' | 'info' | 'amount' | 'over';

/** The apply dialog's problems (none: ready to send); a blank amount means everything available. */
export function applyProblems(draft: {
  noteIds: readonly string[];
  infoId: string;
  amount: string;
  available: string;
}): Partial<Record<'noteIds' | 'infoId' | 'amount', ApplyProblem>> {
  const problems: Partial<Record<'noteIds' | 'infoId' | 'amount', ApplyProblem>> = {};
  if (draft.noteIds.length === 0) problems.noteIds = 'notes';
  if (!draft.infoId) problems.infoId = 'info';
  if (draft.amount.trim()) {
    const cents = toCents(draft.amount);
    if (cents === null || cents <= 0n) problems.amount = 'amount';
    else if (cents > (toCents(draft.available) ?? 0n)) problems.amount = 'over';
  }
  return problems;
}
