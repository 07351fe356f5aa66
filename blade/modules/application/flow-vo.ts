import type { Transaction } from 'kysely';
import { formatDateTime } from '../../core/dates';
import type { Database } from '../../db/schema';
import type { ApplicationRow } from './transition';

type Trx = Transaction<Database>;

/**
 * ApplicationVO (the shared design's call contract) for rows of business_application: the columns in camelCase, ids
 * as strings, times formatted, plus the names the screens need, read once per page (company, batch, engineer,
 * issued certificate) rather than per row.
 */
export async function presentApplications(trx: Trx, tenantId: string, rows: ApplicationRow[]) {
  if (rows.length === 0) return [];
  const ids = (values: (string | null)[]) => [...new Set(values.filter((v): v is string => !!v))];
  const companyIds = ids(rows.map((r) => r.company_id));
  const batchIds = ids(rows.map((r) => r.batch_id));
  const userIds = ids(rows.map((r) => r.engineer_id));
  const certIds = ids(rows.map((r) => r.certificate_id));
  const [companies, batches, users, certs] = await Promise.all([
    companyIds.length
      ? trx
          .selectFrom('blade_customer_company')
          .select(['id', 'company_name'])
          .where('tenant_id', '=', tenantId)
          .where('id', 'in', companyIds)
          .execute()
      : [],
    batchIds.length
      ? trx
          .selectFrom('business_application_batch')
          .select(['id', 'batch_number'])
          .where('tenant_id', '=', tenantId)
          .where('id', 'in', batchIds)
          .execute()
      : [],
    userIds.length
      ? trx
          .selectFrom('blade_user')
          .select(['id', 'real_name'])
          .where('tenant_id', '=', tenantId)
          .where('id', 'in', userIds)
          .execute()
      : [],
    certIds.length
      ? trx
          .selectFrom('business_certificate')
          .select(['id', 'cert_number'])
          .where('tenant_id', '=', tenantId)
          .where('id', 'in', certIds)
          .execute()
      : [],
  ]);
  const name = <T extends { id: string }>(list: T[], pick: (t: T) => string) =>
    new Map(list.map((t) => [String(t.id), pick(t)]));
  const companyName = name(companies, (c) => c.company_name);
  const batchNumber = name(batches, (b) => b.batch_number);
  const userName = name(users, (u) => u.real_name);
  const certNumber = name(certs, (c) => c.cert_number);
  return rows.map((r) =>
    toApplicationVO(r, {
      companyName: (r.company_id && companyName.get(String(r.company_id))) || '',
      batchNumber: (r.batch_id && batchNumber.get(String(r.batch_id))) || '',
      engineerName: (r.engineer_id && userName.get(String(r.engineer_id))) || '',
      issuedCertNumber: (r.certificate_id && certNumber.get(String(r.certificate_id))) || '',
    }),
  );
}

export async function presentApplication(trx: Trx, tenantId: string, row: ApplicationRow) {
  return (await presentApplications(trx, tenantId, [row]))[0];
}

const idText = (value: string | null) => (value === null ? '' : String(value));

function toApplicationVO(
  r: ApplicationRow,
  names: { companyName: string; batchNumber: string; engineerName: string; issuedCertNumber: string },
) {
  return {
    id: String(r.id),
    scheme: r.scheme,
    cnexType: r.cnex_type ?? '',
    applicationNo: r.application_no ?? '',
    batchId: idText(r.batch_id),
    batchNumber: names.batchNumber,
    companyId: idText(r.company_id),
    companyName: names.companyName,
    applicantName: r.applicant_name,
    applicantCreditCode: r.applicant_credit_code,
    applicantAddress: r.applicant_address,
    manufacturerName: r.manufacturer_name,
    manufacturerCreditCode: r.manufacturer_credit_code,
    manufacturerAddress: r.manufacturer_address,
    factoryName: r.factory_name,
    factoryCreditCode: r.factory_credit_code,
    factoryAddress: r.factory_address,
    contactName: r.contact_name,
    contactPhone: r.contact_phone,
    productName: r.product_name,
    productCategory: r.product_category,
    unitNo: r.unit_no,
    trademark: r.trademark,
    applicationType: r.application_type,
    models: r.models ?? [],
    exMarkings: r.ex_markings ?? [],
    standards: r.standards,
    ratedParams: r.rated_params,
    remark: r.remark,
    certNumber: r.cert_number,
    flowState: r.flow_state,
    isFinished: Number(r.is_finished),
    sampleSent: Number(r.sample_sent),
    sampleCourierNo: r.sample_courier_no,
    sampleSentAt: formatDateTime(r.sample_sent_at),
    samplesReceivedAt: formatDateTime(r.samples_received_at),
    retreatReason: r.retreat_reason,
    engineerId: idText(r.engineer_id),
    engineerName: names.engineerName,
    testerId: idText(r.tester_id),
    inspectorId: idText(r.inspector_id),
    evaluatorId: idText(r.evaluator_id),
    deciderId: idText(r.decider_id),
    submittedAt: formatDateTime(r.submitted_at),
    acceptedAt: formatDateTime(r.accepted_at),
    finishedAt: formatDateTime(r.finished_at),
    certificateId: idText(r.certificate_id),
    issuedCertNumber: names.issuedCertNumber,
    testConclusion: r.test_conclusion,
    inspectionConclusion: r.inspection_conclusion,
    evaluationComment: r.evaluation_comment,
    createTime: formatDateTime(r.create_time),
    updateTime: formatDateTime(r.update_time),
  };
}
