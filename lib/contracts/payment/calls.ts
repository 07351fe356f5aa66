// The paths of the payment-note calls, apart from their schemas (payment.ts re-exports them): a screen that only
// counts a list (the work dashboard) must not load zod with them.

const BASE = '/blade-customer/paymentNote';

export const PAYMENT_CALLS = {
  page: { method: 'GET', path: `${BASE}/selectPaymentNotesPage` },
  detail: { method: 'GET', path: `${BASE}/detail` },
  saveVoucher: { method: 'POST', path: `${BASE}/savePaymentVoucher` },
  issue: { method: 'POST', path: `${BASE}/issuePaymentNote` },
  confirmVoucher: { method: 'POST', path: `${BASE}/confirmPaymentVoucher` },
  rejectVoucher: { method: 'POST', path: `${BASE}/rejectPaymentVoucher` },
  cancel: { method: 'POST', path: `${BASE}/cancelPaymentNote` },
} as const;
