import { APPLICATION_CODES } from '../../../lib/contracts/application/machine';
import { PAYMENT_CALLS } from '../../../lib/contracts/payment/payment';
import { nextId } from '../../core/ids';
import { withTenant } from '../../db/tenant';
import { staffOf } from '../../testing/fixtures';
import type { Harness } from '../../testing/harness';
import { addTenantPair, customerTrio, documentNodes, uploadInto } from '../application/apply.test-helpers';
import { ensureFinanceRole, FINANCE_ROLE } from './finance-role';
import { PARAM_ISSUE_AFTER_PAYMENT } from './payment.service';

export interface PaymentParties {
  /** Signed in: `finance`, `decider` and `clerk` of the body, `uFinance` of the other; the customers `a`, `b`, `u`. */
  tokens: Record<string, string>;
  /** The user ids of the same but `uFinance`. */
  users: Record<string, string>;
  /** The companies of the customers `a`, `b` and `u`. */
  companies: Record<string, string>;
  /** Whether each tenant's 财务 role was made here, the body's first. */
  financeRoleMade: boolean[];
}

/**
 * The parties of the payment-note tests on a tenant pair (addTenantPair) given their 财务 roles: in the body `t` the
 * staff finance (财务), decider and clerk, in `u` a finance user, and the customers of customerTrio (accounts
 * `${accountPrefix}_a` and so on), whose role holds 我的缴费通知单.
 */
export async function paymentParties(
  h: Harness,
  t: string,
  u: string,
  accountPrefix: string,
): Promise<PaymentParties> {
  const db = h.blade.db;
  await addTenantPair(db, t, u);
  const financeRoleMade = [
    await withTenant(db, t, (trx) => ensureFinanceRole(trx, t, null)),
    await withTenant(db, u, (trx) => ensureFinanceRole(trx, u, null)),
  ];
  const tokens: Record<string, string> = {};
  const users: Record<string, string> = {};
  const companies: Record<string, string> = {};
  for (const [account, alias] of [
    ['finance', FINANCE_ROLE.alias],
    ['decider', APPLICATION_CODES.decide],
    ['clerk', APPLICATION_CODES.accept],
  ] as const)
    ({ userId: users[account], token: tokens[account] } = await staffOf(h, t, account, alias));
  tokens.uFinance = (await staffOf(h, u, 'ufinance', FINANCE_ROLE.alias)).token;
  // The customer role holds 我的缴费通知单 (CUSTOMER_MENU_CODES); a role made before gets it here.
  const trio = await customerTrio(h, t, u, accountPrefix, ['my_payment_note']);
  for (const [key, c] of Object.entries(trio))
    ({ token: tokens[key], userId: users[key], companyId: companies[key] } = c);
  return { tokens, users, companies, financeRoleMade };
}

/** The root's first child of a note's archive: where the customer uploads the bank slip. */
export async function slipNode(h: Harness, token: string, noteId: string): Promise<string> {
  const { status, nodes } = await documentNodes(h, token, 'payment_note', noteId);
  expect(status).toBe(200);
  return nodes[0].id;
}

/** A bank slip the customer uploads into the note's archive: the file's id. */
export async function uploadSlip(h: Harness, token: string, noteId: string): Promise<string> {
  const up = await uploadInto(h, token, {
    functionCode: 'payment_note',
    dataId: noteId,
    fileCatalogId: await slipNode(h, token, noteId),
  });
  expect(up.code).toBe(200);
  return up.data.id;
}

/** The customer's voucher of `amount` for the note, on file `fileId` or else on a slip uploaded for it. */
export const saveVoucher = async (
  h: Harness,
  token: string,
  noteId: string,
  amount: string,
  fileId?: string,
) =>
  h.call(PAYMENT_CALLS.saveVoucher.path, token, {
    noteId,
    amount,
    payDate: '2026-11-20',
    payerName: '甲防爆电器有限公司',
    fileId: fileId ?? (await uploadSlip(h, token, noteId)),
  });

/**
 * Runs `run` with the parameter application.issueAfterPayment set to `value` (`true`, or the tenants it holds for),
 * removed again after.
 */
export async function withIssueAfterPayment(
  h: Harness,
  value: string,
  run: () => Promise<void>,
): Promise<void> {
  await h.blade.db
    .insertInto('blade_param')
    .values({
      id: nextId(),
      param_name: '缴费后发证',
      param_key: PARAM_ISSUE_AFTER_PAYMENT,
      param_value: value,
    })
    .execute();
  try {
    await run();
  } finally {
    await h.blade.db.deleteFrom('blade_param').where('param_key', '=', PARAM_ISSUE_AFTER_PAYMENT).execute();
  }
}
