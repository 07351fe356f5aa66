import { sql, type SqlBool } from 'kysely';
import {
  certificateChangeStatus,
  certificateDetail,
  certificateHistoryAction,
  certificateList,
} from '../../../lib/contracts/application/staff';
import { parseLeadDays } from '../../../lib/contracts/alerts/alerts';
import { actionRouter } from '../../core/action';
import type { Deps } from '../../core/context';
import { NotFoundError } from '../../core/errors';
import { contains, fetchPage, pageRequest, toPage } from '../../core/page';
import type { Db } from '../../db/tenant';
import { certificateVersions, certStatusSql, presentCertificate, type CertificateRow } from './certificate';
import { certificateHistory, changeCertificateStatus } from './certificate-status';

/** The horizon of `alertLead` when the tenant has no enabled expiry alert: a common renewal lead time. */
export const RENEWAL_FALLBACK_DAYS = 90;

/**
 * The renewal horizon the expiry alerts give: the longest lead time of the tenant's enabled configurations (the alert
 * scan looks that far ahead), or RENEWAL_FALLBACK_DAYS when none is enabled, so the list and its dashboard tile never
 * go blank for want of a configuration.
 */
async function alertLeadDays(trx: Db, tenantId: string): Promise<number> {
  const configs = await trx
    .selectFrom('business_alert_cert_config')
    .select('lead_days')
    .where('tenant_id', '=', tenantId)
    .where('is_deleted', '=', 0)
    .where('enabled', '=', 1)
    .execute();
  const longest = Math.max(0, ...configs.map((c) => parseLeadDays(c.lead_days)?.[0] ?? 0));
  return longest || RENEWAL_FALLBACK_DAYS;
}
/**
 * The certificates' calls (lib/contracts/application/staff.ts): a customer reads its company's, staff every company's
 * with the page code; the decision is staff's with the button code.
 */
export function certificateRoutes(deps: Deps) {
  const { router, serve } = actionRouter(deps);
  serve(certificateList, async ({ trx, auth, input: q, company }) => {
    const page = pageRequest(q);
    let base = trx
      .selectFrom('business_certificate as c')
      .where('c.tenant_id', '=', auth.tenantId)
      .where('c.is_deleted', '=', 0)
      // The current version of each number (a reissued one's earlier versions are read through the detail).
      .where('c.superseded_by', 'is', null);
    if (company) base = base.where('c.company_id', '=', company);
    if (q.certNumber) base = base.where('c.cert_number', 'like', contains(q.certNumber));
    if (q.productName) base = base.where('c.product_name', 'like', contains(q.productName));
    if (q.certStatus) base = base.where(certStatusSql('c'), '=', q.certStatus);
    const within = q.alertLead === '1' ? await alertLeadDays(trx, auth.tenantId) : undefined;
    for (const days of [q.expiresWithinDays, within])
      if (days)
        base = base
          .where(certStatusSql('c'), '=', 'valid')
          .where(sql<SqlBool>`c.valid_to <= current_date + ${days}::int`);
    const { rows, total } = await fetchPage(
      base,
      (qb) => qb.selectAll('c').select(certStatusSql('c').as('cert_status')),
      page,
      [],
      [{ column: 'c.id', direction: 'desc' }],
    );
    return toPage((rows as CertificateRow[]).map(presentCertificate), total, page);
  });
  serve(certificateDetail, async ({ trx, auth, input, company }) => {
    let q = trx
      .selectFrom('business_certificate as c')
      .selectAll('c')
      .select(certStatusSql('c').as('cert_status'))
      .where('id', '=', input.id)
      .where('tenant_id', '=', auth.tenantId)
      .where('is_deleted', '=', 0);
    if (company) q = q.where('company_id', '=', company);
    const row = await q.executeTakeFirst();
    if (!row) throw new NotFoundError();
    return {
      ...presentCertificate(row),
      versions: await certificateVersions(trx, auth.tenantId, row.cert_number),
    };
  });
  serve(certificateChangeStatus, ({ trx, auth, input }) => changeCertificateStatus(trx, auth, input));
  serve(certificateHistoryAction, async ({ trx, auth, input, company }) => {
    let q = trx
      .selectFrom('business_certificate')
      .select('id')
      .where('id', '=', input.id)
      .where('tenant_id', '=', auth.tenantId)
      .where('is_deleted', '=', 0);
    if (company) q = q.where('company_id', '=', company);
    if (!(await q.executeTakeFirst())) throw new NotFoundError();
    return certificateHistory(trx, auth.tenantId, input.id);
  });
  return router;
}
