import { Hono } from 'hono';
import { sql, type SqlBool } from 'kysely';
import { z } from 'zod';
import { CERTIFICATE_ACTION_NAMES, CERTIFICATE_STATES } from '../../../lib/contracts/application/machine';
import {
  CERTIFICATE_STATUS_CODE,
  certificateCalls,
  certificatePage,
} from '../../../lib/contracts/application/staff';
import { parseLeadDays } from '../../../lib/contracts/alerts/alerts';
import type { AuthUser, BladeEnv, Deps } from '../../core/context';
import { zhText } from '../../core/refusal-keys';
import { ok } from '../../core/envelope';
import { ForbiddenError, NotFoundError } from '../../core/errors';
import { contains, fetchPage, pageRequest, toPage } from '../../core/page';
import { allowed } from '../../core/permission';
import { parseJson, parseQuery } from '../../core/validation';
import { withTenant, type Db } from '../../db/tenant';
import { certificateVersions, certStatusSql, presentCertificate, type CertificateRow } from './certificate';
import { certificateHistory, changeCertificateStatus } from './certificate-status';
import { callerCompany } from '../../core/company';

/** An empty query parameter is an absent one (screens send every filter). */
const blank = <T extends z.ZodType>(schema: T) => z.preprocess((v) => (v === '' ? undefined : v), schema);
const int = blank(z.coerce.number().int().min(1).max(1_000_000).optional());
const fragment = z.string().trim().max(100).optional();
const pageQuery = z.object({
  current: int,
  size: int,
  certNumber: fragment,
  productName: fragment,
  certStatus: blank(z.enum(CERTIFICATE_STATES).optional()),
  /** Still valid and ending within this many days from today (the certificates to renew; a dashboard tile). */
  expiresWithinDays: blank(z.coerce.number().int().min(1).max(3650).optional()),
  /** `1`: still valid and ending within the renewal horizon of the tenant's expiry alerts (alertLeadDays). */
  alertLead: blank(
    z.enum(['0', '1'], { error: zhText('application.certificate.alertLeadInvalid') }).optional(),
  ),
});

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
const detailQuery = z.object({ id: z.string().regex(/^[1-9]\d{0,18}$/) });
const changeBody = z.object({
  id: z.coerce.string().regex(/^[1-9]\d{0,18}$/),
  action: z.enum(CERTIFICATE_ACTION_NAMES as [string, ...string[]]),
  reason: z.string().trim().min(1, '请填写原因').max(500),
});

/**
 * A customer reads its company's certificates; staff need the page code `certificate` (`staffMay`, read before the
 * transaction: the code check reads through a transaction of its own).
 */
async function reader(trx: Db, auth: AuthUser, staffMay: boolean): Promise<string | null> {
  const companyId = await callerCompany(trx, auth);
  if (companyId === null && !staffMay) throw new ForbiddenError();
  return companyId;
}

export function certificateRoutes(deps: Deps): Hono<BladeEnv> {
  const router = new Hono<BladeEnv>();
  router.get(certificatePage.calls.list.path, async (c) => {
    const auth = c.get('auth');
    const q = parseQuery(c, pageQuery);
    const page = pageRequest(q);
    const staffMay = await allowed(deps, auth, { codes: ['certificate'] });
    const data = await withTenant(deps.db, auth.tenantId, async (trx) => {
      const companyId = await reader(trx, auth, staffMay);
      let base = trx
        .selectFrom('business_certificate as c')
        .where('c.tenant_id', '=', auth.tenantId)
        .where('c.is_deleted', '=', 0)
        // The current version of each number (a reissued one's earlier versions are read through the detail).
        .where('c.superseded_by', 'is', null);
      if (companyId !== null) base = base.where('c.company_id', '=', companyId);
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
    return c.json(ok(data));
  });
  router.get(certificatePage.calls.detail!.path, async (c) => {
    const auth = c.get('auth');
    const { id } = parseQuery(c, detailQuery);
    const staffMay = await allowed(deps, auth, { codes: ['certificate'] });
    const data = await withTenant(deps.db, auth.tenantId, async (trx) => {
      const companyId = await reader(trx, auth, staffMay);
      let q = trx
        .selectFrom('business_certificate as c')
        .selectAll('c')
        .select(certStatusSql('c').as('cert_status'))
        .where('id', '=', id)
        .where('tenant_id', '=', auth.tenantId)
        .where('is_deleted', '=', 0);
      if (companyId !== null) q = q.where('company_id', '=', companyId);
      const row = await q.executeTakeFirst();
      if (!row) throw new NotFoundError();
      return {
        ...presentCertificate(row),
        versions: await certificateVersions(trx, auth.tenantId, row.cert_number),
      };
    });
    return c.json(ok(data));
  });
  // The certification body's decision: staff holding the page's button code only (a customer user never does).
  router.post(certificateCalls.changeStatus.path, async (c) => {
    const auth = c.get('auth');
    const input = await parseJson(c, changeBody);
    const staffMay = await allowed(deps, auth, { codes: [CERTIFICATE_STATUS_CODE] });
    const data = await withTenant(deps.db, auth.tenantId, async (trx) => {
      if ((await reader(trx, auth, staffMay)) !== null) throw new ForbiddenError();
      return changeCertificateStatus(trx, auth, {
        id: input.id,
        action: input.action as Parameters<typeof changeCertificateStatus>[2]['action'],
        reason: input.reason,
      });
    });
    return c.json(ok(data));
  });
  router.get(certificateCalls.history.path, async (c) => {
    const auth = c.get('auth');
    const { id } = parseQuery(c, detailQuery);
    const staffMay = await allowed(deps, auth, { codes: ['certificate'] });
    const data = await withTenant(deps.db, auth.tenantId, async (trx) => {
      const companyId = await reader(trx, auth, staffMay);
      let q = trx
        .selectFrom('business_certificate')
        .select('id')
        .where('id', '=', id)
        .where('tenant_id', '=', auth.tenantId)
        .where('is_deleted', '=', 0);
      if (companyId !== null) q = q.where('company_id', '=', companyId);
      if (!(await q.executeTakeFirst())) throw new NotFoundError();
      return certificateHistory(trx, auth.tenantId, id);
    });
    return c.json(ok(data));
  });
  return router;
}
