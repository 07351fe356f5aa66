import type { Deps } from '../../core/context';
import { KeyedError } from '../../core/errors';
import { withTenant, type Db } from '../../db/tenant';
import { hashPassword } from '../auth/password';
import { revokeUserSessions } from '../auth/session.repository';
import { MESSAGE_CATEGORY, sendGrouped, tenantAdminIds } from '../message/message.repository';
import { assertAccountRoom, accountTaken, forgetUserTotals } from '../user/user-admin.repository';
import { updatePasswordHash } from '../user/user.repository';
import { consumeKey } from '../verify/verify.service';
import type { InsertUserInput } from '../../../lib/contracts/customer/registration';
import {
  approvalRequired,
  companyNameTaken,
  creditCodeTaken,
  ensureCustomerRole,
  findCustomerByAccount,
  insertCompany,
  insertCustomerUser,
  phoneTaken,
  registrationOpen,
} from './customer.repository';

export interface Registered {
  userId: string;
  companyId: string;
  /** 1: the account can sign in; 0: it waits for the tenant's approval. */
  status: 0 | 1;
}

/**
 * A PostgreSQL unique violation (a concurrent registration stored the same value first) as the refusal of the value
 * whose index it hit; anything else as it is. The checks before the inserts give the same texts in the usual case.
 */
function uniqueRefusal(err: unknown): unknown {
  const { code, constraint } = (err ?? {}) as { code?: unknown; constraint?: unknown };
  if (code !== '23505') return err;
  const name = String(constraint ?? '');
  if (name.includes('credit_code')) return new KeyedError('customer.creditCodeTaken');
  if (name.includes('company_name')) return new KeyedError('customer.companyNameTaken');
  if (name.includes('phone')) return new KeyedError('customer.phoneTaken');
  if (name.includes('account')) return new KeyedError('customer.accountTaken');
  return err;
}

/**
 * Registers a company and its first user in one transaction: the tenant's row is locked first (account quota), so
 * registrations of one tenant take turns; the key of the e-mail or phone code is spent in the same transaction, so a
 * refused registration leaves it unspent for the corrected one. The user holds the customer role and signs in at once,
 * or after approval where the tenant requires it (then its administrators get one grouped notice).
 */
export async function registerCompany(
  deps: Deps,
  tenantId: string,
  input: InsertUserInput,
): Promise<Registered> {
  if (!(await registrationOpen(deps.db))) throw new KeyedError('customer.registerClosed');
  // Hashed before the transaction: the tenant's lock is held for milliseconds, not for the hash.
  const passwordHash = await hashPassword(input.password);
  try {
    const registered = await withTenant(deps.db, tenantId, async (trx) => {
      await assertAccountRoom(trx, tenantId);
      const { channel, target } = await consumeKey(deps, trx, {
        tenantId,
        key: input.key,
        purpose: 'register',
      });
      const verified = channel === 'email' ? input.email : channel === 'phone' ? input.phone : '';
      if (!verified || target.toLowerCase() !== verified.toLowerCase())
        throw new KeyedError('customer.keyTargetMismatch');
      await refuseTaken(trx, tenantId, input);
      const status: 0 | 1 = (await approvalRequired(trx, tenantId)) ? 0 : 1;
      const companyId = await insertCompany(trx, tenantId, {
        companyName: input.companyName,
        creditCode: input.creditCode,
        address: input.address,
        contactName: input.contactName,
        contactPhone: input.contactPhone,
        email: input.email,
      });
      const roleId = await ensureCustomerRole(trx, tenantId);
      const userId = await insertCustomerUser(trx, tenantId, {
        account: input.account,
        passwordHash,
        realName: input.realName,
        phone: input.phone,
        email: input.email,
        companyId,
        roleId,
        status,
      });
      if (status === 0) await noticeAdmins(trx, tenantId, userId);
      return { userId, companyId, status };
    });
    forgetUserTotals(deps.db);
    return registered;
  } catch (err) {
    throw uniqueRefusal(err);
  }
}

async function refuseTaken(trx: Db, tenantId: string, input: InsertUserInput): Promise<void> {
  if (await accountTaken(trx, tenantId, input.account)) throw new KeyedError('customer.accountTaken');
  if (await phoneTaken(trx, tenantId, input.phone)) throw new KeyedError('customer.phoneTaken');
  if (await companyNameTaken(trx, tenantId, input.companyName))
    throw new KeyedError('customer.companyNameTaken');
  if (await creditCodeTaken(trx, tenantId, input.creditCode))
    throw new KeyedError('customer.creditCodeTaken');
}

/** One unread notice per administrator that counts the registrations waiting (fixed words: nothing the caller typed). */
async function noticeAdmins(trx: Db, tenantId: string, userId: string): Promise<void> {
  await sendGrouped(trx, tenantId, {
    userIds: await tenantAdminIds(trx, tenantId),
    category: MESSAGE_CATEGORY.message,
    count: 1,
    sender: 'system',
    createUser: userId,
    groupKey: 'customer-register',
    render: (total) => ({
      title: '客户注册待审核',
      content: `有${total}个客户企业账号注册后等待审核，请在用户管理中启用。`,
    }),
  });
}

/**
 * Sets a customer's new password with the key of a 'recover' code sent to their own phone or e-mail, and ends all of
 * their sessions (as an administrator's reset does): whoever held the old password is out. The key is spent only when
 * everything holds.
 */
export async function recoverPassword(
  deps: Deps,
  tenantId: string,
  input: { account: string; password: string; key: string },
): Promise<void> {
  const passwordHash = await hashPassword(input.password);
  await withTenant(deps.db, tenantId, async (trx) => {
    const user = await findCustomerByAccount(trx, tenantId, input.account);
    if (!user) throw new KeyedError('customer.recoverUnknown');
    const spent = await consumeKey(deps, trx, { tenantId, key: input.key, purpose: 'recover' });
    // The code went to the account's own address (verify names it by account): the key must be this user's, and the
    // address must still be theirs.
    const own = spent.channel === 'email' ? user.email : spent.channel === 'phone' ? user.phone : '';
    if (
      (spent.userId && spent.userId !== user.id) ||
      !own ||
      own.toLowerCase() !== spent.target.toLowerCase()
    )
      throw new KeyedError('customer.keyTargetMismatch');
    await updatePasswordHash(trx, tenantId, user.id, passwordHash);
    await revokeUserSessions(trx, tenantId, user.id);
  });
  deps.caches.sessions.clear();
}
