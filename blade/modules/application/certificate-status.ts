import { sql } from 'kysely';
import { recordStatusChanges, statusHistory } from '../../core/action';
import { CERTIFICATE_ACTIONS, type CertificateAction } from '../../../lib/contracts/application/machine';
import type { AuthUser } from '../../core/context';
import { KeyedError, NotFoundError } from '../../core/errors';
import { zhText } from '../../core/refusal-keys';
import type { Trx } from '../../db/tenant';
import { MESSAGE_CATEGORY, sendMessage } from '../message/message.repository';
import { certStatusSql } from './certificate';
import { companyUsers } from '../customer/customer.repository';

/** blade_status_history.resource of certificate decisions. */
export const CERTIFICATE_HISTORY_RESOURCE = 'business_certificate';

/**
 * Suspends, restores, revokes or cancels a certificate (DOMAIN §1). The row is locked (FOR UPDATE) so two decisions
 * at once run one after the other and the second is checked against the first's result; a refusal throws before
 * anything is written. The step goes to blade_status_history with its reason, and the company's users are told.
 */
export async function changeCertificateStatus(
  trx: Trx,
  auth: AuthUser,
  input: { id: string; action: CertificateAction; reason: string },
) {
  const reason = input.reason.trim();
  if (!reason) throw new KeyedError('application.certificate.reasonRequired');
  const before = await trx
    .selectFrom('business_certificate as c')
    .selectAll('c')
    .select(certStatusSql('c').as('read_status'))
    .select(sql<boolean>`c.valid_to < current_date`.as('lapsed'))
    .where('c.id', '=', input.id)
    .where('c.tenant_id', '=', auth.tenantId)
    .where('c.is_deleted', '=', 0)
    .forUpdate()
    .executeTakeFirst();
  if (!before) throw new NotFoundError();
  // An earlier version replaced by a change's reissue (modules/cert-change) is a record, not a certificate in force.
  if (before.superseded_by !== null) throw new KeyedError('application.certificate.superseded');
  const action = CERTIFICATE_ACTIONS[input.action];
  // Past its last day: a valid certificate reads as expired (certStatusSql); a suspended one would on restoration, so
  // restoring it is refused like suspending an expired one (a lapsed certificate is ended by cancellation).
  const expired = before.read_status === 'expired' || before.lapsed === true;
  if (!(action.from as readonly string[]).includes(before.cert_status))
    // One key per status, so each language words it whole (KeyedError values are not translated).
    throw new KeyedError(`application.certificate.refused.${before.read_status}`);
  if (expired && !action.whenExpired) throw new KeyedError('application.certificate.expiredRefused');

  await trx
    .updateTable('business_certificate')
    .set({ cert_status: action.to, update_user: auth.userId, update_time: sql`now()` })
    .where('id', '=', before.id)
    .execute();
  await recordStatusChanges(trx, auth, [
    {
      resource: CERTIFICATE_HISTORY_RESOURCE,
      recordId: before.id,
      action: input.action,
      field: 'cert_status',
      from: before.cert_status,
      to: action.to,
      comment: reason,
    },
  ]);
  // Messages are stored once, in zh, like every blade message.
  const values = {
    number: before.cert_number,
    product: before.product_name,
    state: zhText(`application.screen.cert.status.${action.to}`),
  };
  await sendMessage(trx, auth.tenantId, {
    userIds: await companyUsers(trx, auth.tenantId, before.company_id),
    category: MESSAGE_CATEGORY.message,
    title: zhText('application.certificate.message.title', values),
    content: [
      zhText('application.certificate.message.content', values),
      zhText('application.certificate.message.reason', { reason }),
    ].join('\n'),
    sender: zhText('application.certificate.message.sender'),
    createUser: auth.userId,
  });
  return { id: String(before.id), certStatus: action.to };
}

/** The certificate's decisions, oldest first, with who made each. */
export async function certificateHistory(trx: Trx, tenantId: string, id: string) {
  const entries = await statusHistory(trx, tenantId, CERTIFICATE_HISTORY_RESOURCE, id);
  return entries.map(({ from, to, comment, ...entry }) => ({
    ...entry,
    fromStatus: from,
    toStatus: to,
    reason: comment,
  }));
}
