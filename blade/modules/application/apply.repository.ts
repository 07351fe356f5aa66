import { sql } from 'kysely';
import type {
  ApplicationFields,
  ApplicationModelVO,
  ApplicationVO,
} from '../../../lib/contracts/application/application';
import type { Scheme } from '../../../lib/contracts/application/machine';
import type { AuthUser } from '../../core/context';
import { dataScopeCondition, resolveDataScope } from '../../core/data-scope';
import { formatDateTime } from '../../core/dates';
import type { Trx } from '../../db/tenant';
import type { ApplicationRow } from './transition';

/** The data scope of staff over applications: the handling dept and the engineer. */
export const APPLICATION_SCOPE = 'application';

/**
 * The applications a caller sees: a customer their company's; staff those in their data scope over `application`
 * (dept `dept_id`, owner `engineer_id`), and every application not yet accepted (no dept: the acceptance queue).
 * Live rows of the caller's tenant only.
 */
export async function visibleApplications(trx: Trx, auth: AuthUser, companyId: string | null) {
  let q = trx
    .selectFrom('business_application as a')
    .where('a.tenant_id', '=', auth.tenantId)
    .where('a.is_deleted', '=', 0);
  if (companyId !== null) return q.where('a.company_id', '=', companyId);
  const scope = await resolveDataScope(trx, auth, APPLICATION_SCOPE);
  if (!scope.all)
    q = q.where((eb) =>
      eb.or([
        eb('a.dept_id', 'is', null),
        dataScopeCondition(eb, scope, { dept: { column: 'a.dept_id' }, owner: 'a.engineer_id' }),
      ]),
    );
  return q;
}

/** The batches a caller sees: a customer their company's, staff every batch of the tenant. */
export function visibleBatches(trx: Trx, auth: AuthUser, companyId: string | null) {
  let q = trx
    .selectFrom('business_application_batch as b')
    .where('b.tenant_id', '=', auth.tenantId)
    .where('b.is_deleted', '=', 0);
  if (companyId !== null) q = q.where('b.company_id', '=', companyId);
  return q;
}

const id = (v: string | null) => v ?? '';

function models(value: unknown): ApplicationModelVO[] {
  const list = Array.isArray(value) ? value : typeof value === 'string' ? JSON.parse(value) : [];
  return (list as Partial<ApplicationModelVO>[]).map((m) => ({
    model: m.model ?? '',
    spec: m.spec ?? '',
    isSampleModel: m.isSampleModel === true,
    differenceNote: m.differenceNote ?? '',
  }));
}

function strings(value: unknown): string[] {
  const list = Array.isArray(value) ? value : typeof value === 'string' ? JSON.parse(value) : [];
  return (list as unknown[]).map(String);
}

/**
 * ApplicationVO of rows, with the names a screen needs (company, batch number, engineer, issued certificate number)
 * read in one query each for the whole page.
 */
export async function applicationVOs(
  trx: Trx,
  tenantId: string,
  rows: ApplicationRow[],
): Promise<ApplicationVO[]> {
  if (rows.length === 0) return [];
  /** One read per kind for the whole page: the `column` of the rows of `table` the page's rows name by `pick`. */
  const namesBy = async (
    table: 'blade_customer_company' | 'business_application_batch' | 'blade_user' | 'business_certificate',
    column: 'company_name' | 'batch_number' | 'real_name' | 'cert_number',
    pick: (r: ApplicationRow) => string | null,
  ): Promise<Map<string, string>> => {
    const ids = [...new Set(rows.map(pick).filter((v): v is string => v !== null))];
    if (ids.length === 0) return new Map();
    const found = await sql<{
      id: string;
      name: string | null;
    }>`select id::text as id, ${sql.ref(column)} as name
      from ${sql.table(table)} where tenant_id = ${tenantId} and id in (${sql.join(ids)})`.execute(trx);
    return new Map(found.rows.map((f) => [String(f.id), f.name ?? '']));
  };
  const [companies, batches, engineers, certificates] = await Promise.all([
    namesBy('blade_customer_company', 'company_name', (r) => r.company_id),
    namesBy('business_application_batch', 'batch_number', (r) => r.batch_id),
    namesBy('blade_user', 'real_name', (r) => r.engineer_id),
    namesBy('business_certificate', 'cert_number', (r) => r.certificate_id),
  ]);
  const name = (names: Map<string, string>, wanted: string | null) =>
    wanted === null ? '' : (names.get(String(wanted)) ?? '');
  return rows.map((r) => ({
    id: r.id,
    scheme: r.scheme as Scheme,
    cnexType: r.cnex_type ?? '',
    applicationNo: r.application_no ?? '',
    batchId: id(r.batch_id),
    batchNumber: name(batches, r.batch_id),
    companyId: id(r.company_id),
    companyName: name(companies, r.company_id),
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
    models: models(r.models),
    exMarkings: strings(r.ex_markings),
    standards: r.standards,
    ratedParams: r.rated_params,
    remark: r.remark,
    certNumber: r.cert_number,
    flowState: r.flow_state,
    isFinished: r.is_finished,
    sampleSent: r.sample_sent,
    sampleCourierNo: r.sample_courier_no,
    sampleSentAt: formatDateTime(r.sample_sent_at),
    samplesReceivedAt: formatDateTime(r.samples_received_at),
    retreatReason: r.retreat_reason,
    engineerId: id(r.engineer_id),
    engineerName: name(engineers, r.engineer_id),
    testerId: id(r.tester_id),
    inspectorId: id(r.inspector_id),
    evaluatorId: id(r.evaluator_id),
    deciderId: id(r.decider_id),
    submittedAt: formatDateTime(r.submitted_at),
    acceptedAt: formatDateTime(r.accepted_at),
    finishedAt: formatDateTime(r.finished_at),
    certificateId: id(r.certificate_id),
    issuedCertNumber: name(certificates, r.certificate_id),
    testConclusion: r.test_conclusion,
    inspectionConclusion: r.inspection_conclusion,
    evaluationComment: r.evaluation_comment,
    createTime: formatDateTime(r.create_time),
    updateTime: formatDateTime(r.update_time),
  }));
}

/** The ApplicationVO of one row (a step's answer). */
export async function applicationVO(trx: Trx, tenantId: string, row: ApplicationRow): Promise<ApplicationVO> {
  return (await applicationVOs(trx, tenantId, [row]))[0];
}

/** The columns of the fields the customer writes; only the fields given (an update keeps what is not sent). */
export function fieldColumns(fields: Partial<ApplicationFields>): Record<string, unknown> {
  const columns: Record<string, unknown> = {};
  const put = (column: string, value: unknown) => {
    if (value !== undefined) columns[column] = value;
  };
  put('applicant_name', fields.applicantName);
  put('applicant_credit_code', fields.applicantCreditCode);
  put('applicant_address', fields.applicantAddress);
  put('manufacturer_name', fields.manufacturerName);
  put('manufacturer_credit_code', fields.manufacturerCreditCode);
  put('manufacturer_address', fields.manufacturerAddress);
  put('factory_name', fields.factoryName);
  put('factory_credit_code', fields.factoryCreditCode);
  put('factory_address', fields.factoryAddress);
  put('contact_name', fields.contactName);
  put('contact_phone', fields.contactPhone);
  put('product_name', fields.productName);
  put('product_category', fields.productCategory);
  put('unit_no', fields.unitNo);
  put('trademark', fields.trademark);
  put('application_type', fields.applicationType);
  if (fields.models !== undefined) columns.models = JSON.stringify(fields.models);
  if (fields.exMarkings !== undefined) columns.ex_markings = JSON.stringify(fields.exMarkings);
  put('standards', fields.standards);
  put('rated_params', fields.ratedParams);
  put('remark', fields.remark);
  put('cert_number', fields.certNumber);
  return columns;
}

/** The customer's own columns of a row (what a copy carries over: no state, numbers, people or times). */
export function copiedColumns(row: ApplicationRow): Record<string, unknown> {
  return {
    scheme: row.scheme,
    cnex_type: row.cnex_type,
    company_id: row.company_id,
    applicant_name: row.applicant_name,
    applicant_credit_code: row.applicant_credit_code,
    applicant_address: row.applicant_address,
    manufacturer_name: row.manufacturer_name,
    manufacturer_credit_code: row.manufacturer_credit_code,
    manufacturer_address: row.manufacturer_address,
    factory_name: row.factory_name,
    factory_credit_code: row.factory_credit_code,
    factory_address: row.factory_address,
    contact_name: row.contact_name,
    contact_phone: row.contact_phone,
    product_name: row.product_name,
    product_category: row.product_category,
    unit_no: row.unit_no,
    trademark: row.trademark,
    application_type: row.application_type,
    models: JSON.stringify(models(row.models)),
    ex_markings: JSON.stringify(strings(row.ex_markings)),
    standards: row.standards,
    rated_params: row.rated_params,
    remark: row.remark,
    cert_number: row.cert_number,
  };
}

/** `like` with the caller's text taken literally. */
export const likeFragment = (text: string) => `%${text.replace(/[\\%_]/g, (ch) => `\\${ch}`)}%`;

export const nowSql = sql<Date>`now()`;
