import { sql } from 'kysely';
import {
  CERTIFICATE_YEARS,
  NUMBER_COUNTERS,
  certificateNumber,
  type Scheme,
} from '../../../lib/contracts/application/machine';
import type { AuthUser } from '../../core/context';
import { KeyedError } from '../../core/errors';
import { formatDateTime } from '../../core/dates';
import { nextId } from '../../core/ids';
import type { Trx } from '../../db/tenant';
import { paramValue } from '../customer/customer.repository';
import { nextNumber } from './numbering';
import type { ApplicationRow } from './transition';

/** blade_param holding the certification body's two-digit code in CCC certificate numbers (default `23`). */
export const PARAM_BODY_CODE = 'application.bodyCode';
const DEFAULT_BODY_CODE = '23';

/**
 * The certificate of an application decided `issue`, in the decision's transaction: its number (machine.ts
 * certificateNumber; the counter is per tenant, scheme and year, so a rolled-back decision leaves a gap, never a
 * repeat), issued today, valid to the day before the fifth anniversary, status valid, with copies of the
 * application's parties, product, models, markings and standards (the certificate must not change when the
 * application is later edited for a change). The application points at it.
 */
export async function issueCertificate(trx: Trx, auth: AuthUser, app: ApplicationRow) {
  const scheme = app.scheme as Scheme;
  const days = await sql<{ issue: string; valid: string; year: number }>`
    select to_char(current_date, 'YYYY-MM-DD') as issue,
           to_char((current_date + make_interval(years => ${CERTIFICATE_YEARS}::int))::date - 1, 'YYYY-MM-DD') as valid,
           extract(year from current_date)::int as year`.execute(trx);
  const { issue, valid, year } = days.rows[0];
  let ccc: { bodyCode: string; category: string } | undefined;
  if (scheme === 'ccc') {
    if (!/^23(0[1-9]|1[0-7])$/.test(app.product_category))
      throw new KeyedError('application.certificate.categoryMissing');
    const bodyCode = (await paramValue(trx, PARAM_BODY_CODE)) || DEFAULT_BODY_CODE;
    if (!/^\d{2}$/.test(bodyCode)) throw new KeyedError('application.certificate.bodyCodeInvalid');
    ccc = { bodyCode, category: app.product_category };
  }
  const serial = await nextNumber(trx, auth.tenantId, NUMBER_COUNTERS.certificate(scheme, Number(year)));
  const id = nextId();
  const certNumber = certificateNumber(scheme, Number(year), serial, ccc);
  const certificate = await trx
    .insertInto('business_certificate')
    .values({
      id,
      tenant_id: auth.tenantId,
      cert_number: certNumber,
      version: 1,
      scheme,
      cnex_type: app.cnex_type,
      application_id: app.id,
      company_id: app.company_id,
      holder_name: app.applicant_name,
      manufacturer_name: app.manufacturer_name,
      factory_name: app.factory_name,
      // The addresses a certificate change may alter (modules/cert-change).
      holder_address: app.applicant_address,
      manufacturer_address: app.manufacturer_address,
      factory_address: app.factory_address,
      product_name: app.product_name,
      product_category: app.product_category,
      models: JSON.stringify(app.models ?? []),
      ex_markings: JSON.stringify(app.ex_markings ?? []),
      standards: app.standards,
      issue_date: issue,
      valid_to: valid,
      cert_status: 'valid',
      issued_by: auth.userId,
      create_user: auth.userId,
      update_user: auth.userId,
    })
    .returningAll()
    .executeTakeFirstOrThrow();
  const application = await trx
    .updateTable('business_application')
    .set({ certificate_id: id })
    .where('id', '=', app.id)
    .returningAll()
    .executeTakeFirstOrThrow();
  return { certificate, application };
}

export type CertificateRow = Awaited<ReturnType<typeof issueCertificate>>['certificate'];

/**
 * The status a certificate reads as: a valid one past its last day (valid_to, the database's calendar day) is expired.
 * The stored status records decisions (suspension, revocation, cancellation, a later version); expiry is the
 * calendar's, so no job has to flip it and no read shows a lapsed certificate as valid.
 */
export const certStatusSql = (table: string) =>
  sql<string>`case when ${sql.ref(`${table}.cert_status`)} = 'valid' and ${sql.ref(`${table}.valid_to`)} < current_date
    then 'expired' else ${sql.ref(`${table}.cert_status`)} end`;

/** A certificate as the certificate calls answer it (`cert_status` read through certStatusSql). */
export function presentCertificate(c: CertificateRow) {
  return {
    id: String(c.id),
    certNumber: c.cert_number,
    version: Number(c.version),
    scheme: c.scheme,
    cnexType: c.cnex_type ?? '',
    applicationId: String(c.application_id),
    companyId: c.company_id === null ? '' : String(c.company_id),
    holderName: c.holder_name,
    manufacturerName: c.manufacturer_name,
    factoryName: c.factory_name,
    productName: c.product_name,
    productCategory: c.product_category,
    models: c.models ?? [],
    exMarkings: c.ex_markings ?? [],
    standards: c.standards,
    issueDate: String(c.issue_date).slice(0, 10),
    validTo: String(c.valid_to).slice(0, 10),
    certStatus: c.cert_status,
    createTime: formatDateTime(c.create_time),
    // Versions (modules/cert-change): a change reissues the number as a new row; the replaced one stays readable.
    holderAddress: c.holder_address ?? '',
    manufacturerAddress: c.manufacturer_address ?? '',
    factoryAddress: c.factory_address ?? '',
    current: c.superseded_by === null || c.superseded_by === undefined,
  };
}

/** Every version of a certificate number, oldest first (the detail lists them; modules/cert-change writes them). */
export async function certificateVersions(trx: Trx, tenantId: string, certNumber: string) {
  const rows = await trx
    .selectFrom('business_certificate as c')
    .select(['c.id', 'c.version', 'c.issue_date', 'c.valid_to', 'c.superseded_by', 'c.superseded_at'])
    .select(certStatusSql('c').as('cert_status'))
    .where('c.tenant_id', '=', tenantId)
    .where('c.cert_number', '=', certNumber)
    .where('c.is_deleted', '=', 0)
    .orderBy('c.version')
    .execute();
  return rows.map((r) => ({
    id: String(r.id),
    version: Number(r.version),
    issueDate: String(r.issue_date).slice(0, 10),
    validTo: String(r.valid_to).slice(0, 10),
    certStatus: r.cert_status,
    current: r.superseded_by === null,
    supersededAt: formatDateTime(r.superseded_at),
  }));
}
