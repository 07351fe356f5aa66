import { sql, type Selectable } from 'kysely';
import {
  CERT_CHANGE_CODES,
  CERT_CHANGE_FUNCTIONS,
  CHANGE_FILE_KEYS,
  CHANGE_FILES,
  CHANGE_STEPS,
  EDITABLE_CHANGE_STATES,
  OPEN_CHANGE_STATES,
  SNAPSHOT_FIELDS,
  classifyChange,
  type CertChangeDetailVO,
  type CertChangeVO,
  type ChangeFile,
  type ChangeFileNodeVO,
  type ChangeScheme,
  type ChangeState,
  type ChangeStep,
  type ChangeType,
  type SaveChangeInput,
  type SnapshotVO,
} from '../../../lib/contracts/cert-change/cert-change';
import { recordStatusChanges, statusHistory, type StatusChange } from '../../core/action';
import type { AuthUser } from '../../core/context';
import { KeyedError, NotFoundError } from '../../core/errors';
import { zhText } from '../../core/refusal-keys';
import { formatDateTime } from '../../core/dates';
import { nextId } from '../../core/ids';
import type { CertChangeTable } from '../../db/schema';
import type { Trx } from '../../db/tenant';
import { lockVisibleRow } from '../../core/lock';
import { certStatusSql, type CertificateRow } from '../application/certificate';
import { CERTIFICATE_HISTORY_RESOURCE } from '../application/certificate-status';
import { missingDocuments } from '../application/documents';
import { nextYearlyNumber } from '../application/numbering';
import { staffHolding } from '../application/recipients';
import { ensureRecordArchives, type DefaultFunction } from '../business/archives';
import { companyUsers } from '../customer/customer.repository';
import { childNodes } from '../files/catalog.service';
import { MESSAGE_CATEGORY, sendMessage } from '../message/message.repository';
import { assertChangeNotesPaid } from '../payment/payment.service';

/**
 * Certificate changes (README.md beside this file). Every write runs in the caller's tenant transaction and locks what
 * it decides on (FOR UPDATE: the certificate before a new change, the change before a step, the current version
 * before a reissue), so two writers queue and the second is checked against the first's result; the partial unique
 * indexes of the migration hold the same rules in the database.
 */

export type ChangeRow = Selectable<CertChangeTable>;

export const CHANGE_HISTORY_RESOURCE = 'business_cert_change';

const nodeCode = (scheme: ChangeScheme, file: ChangeFile) => `${scheme}_chg_${file}`;

/** One archive tree per scheme: a node per file kind; the application form is must-upload, the rest by type. */
export const CERT_CHANGE_ARCHIVES: readonly DefaultFunction[] = (['ccc', 'cqst'] as const).map((scheme) => ({
  functionCode: CERT_CHANGE_FUNCTIONS[scheme],
  functionName: scheme === 'ccc' ? 'CCC证书变更' : '防爆合格证变更',
  usePosition: '认证申请 → 我的证书 → 申请变更 → 变更资料',
  root: {
    name: scheme === 'ccc' ? 'CCC证书变更资料' : '防爆合格证变更资料',
    code: CERT_CHANGE_FUNCTIONS[scheme],
    canUpload: 0,
    children: CHANGE_FILE_KEYS.map((file) => ({
      name: CHANGE_FILES[file].name,
      code: nodeCode(scheme, file),
      remark: CHANGE_FILES[file].remark,
      ...(file === 'application' ? { mustUpload: 1 } : {}),
    })),
  },
}));

const idText = (v: string | null | undefined) => (v === null || v === undefined ? '' : String(v));

/** The fields of a certificate a change may alter, as a snapshot. */
export function snapshotOf(c: CertificateRow): SnapshotVO {
  return {
    holderName: c.holder_name,
    holderAddress: c.holder_address ?? '',
    manufacturerName: c.manufacturer_name,
    manufacturerAddress: c.manufacturer_address ?? '',
    factoryName: c.factory_name,
    factoryAddress: c.factory_address ?? '',
    productName: c.product_name,
    models: (c.models ?? []).map((m) => ({
      model: m.model,
      spec: m.spec ?? '',
      isSampleModel: !!m.isSampleModel,
      differenceNote: m.differenceNote ?? '',
    })),
    exMarkings: c.ex_markings ?? [],
    standards: c.standards,
  };
}

const asSnapshot = (v: unknown) => v as SnapshotVO;

export type ChangeListRow = ChangeRow & { company_name: string | null; product_name: string | null };

export function presentChange(row: ChangeListRow): CertChangeVO {
  return {
    id: String(row.id),
    changeNo: row.change_no ?? '',
    scheme: row.scheme as ChangeScheme,
    certificateId: String(row.certificate_id),
    certNumber: row.cert_number,
    certVersion: Number(row.cert_version),
    companyId: String(row.company_id),
    companyName: row.company_name ?? '',
    productName: row.product_name ?? asSnapshot(row.before_data).productName ?? '',
    changeTypes: (row.change_types ?? []) as ChangeType[],
    needsTest: row.needs_test === 1,
    needsFactoryVisit: row.needs_factory_visit === 1,
    reason: row.reason,
    changeState: row.change_state as ChangeState,
    returnReason: row.return_reason,
    rejectReason: row.reject_reason,
    newCertificateId: idText(row.new_certificate_id),
    submittedAt: formatDateTime(row.submitted_at),
    createTime: formatDateTime(row.create_time),
  };
}

/** The changes a caller sees: a customer its company's, staff every change of the tenant (page code checked). */
export function visibleChanges(trx: Trx, auth: AuthUser, companyId: string | null) {
  let q = trx
    .selectFrom('business_cert_change as g')
    .leftJoin('blade_customer_company as co', 'co.id', 'g.company_id')
    .where('g.tenant_id', '=', auth.tenantId)
    .where('g.is_deleted', '=', 0);
  if (companyId !== null) q = q.where('g.company_id', '=', companyId);
  return q;
}

const listColumns = (qb: ReturnType<typeof visibleChanges>) =>
  qb.selectAll('g').select(['co.company_name', sql<string>`g.after_data->>'productName'`.as('product_name')]);
export const selectChange = listColumns;

/** The caller's company's current version of a certificate (404 for another company's, tenant's or a deleted one). */
async function currentCertificate(
  trx: Trx,
  auth: AuthUser,
  companyId: string,
  certificateId: string,
  lock: boolean,
) {
  let q = trx
    .selectFrom('business_certificate as c')
    .selectAll('c')
    .select(certStatusSql('c').as('read_status'))
    .where('c.id', '=', certificateId)
    .where('c.tenant_id', '=', auth.tenantId)
    .where('c.company_id', '=', companyId)
    .where('c.is_deleted', '=', 0);
  if (lock) q = q.forUpdate();
  const row = await q.executeTakeFirst();
  if (!row) throw new NotFoundError();
  return row;
}

async function openChangeOf(trx: Trx, tenantId: string, certNumber: string, except?: string) {
  let q = trx
    .selectFrom('business_cert_change')
    .select(['id', 'change_no', 'change_state'])
    .where('tenant_id', '=', tenantId)
    .where('cert_number', '=', certNumber)
    .where('is_deleted', '=', 0)
    .where('change_state', 'in', [...OPEN_CHANGE_STATES]);
  if (except) q = q.where('id', '<>', except);
  return q.executeTakeFirst();
}

/** Why a certificate takes no new change now, as a message key; null when it may. */
function certificateProblem(cert: { superseded_by: string | null; read_status: string; scheme: string }) {
  if (cert.superseded_by !== null) return 'certChange.refused.notCurrent';
  if (cert.read_status !== 'valid') return 'certChange.refused.notValid';
  if (cert.scheme !== 'ccc' && cert.scheme !== 'cqst') return 'certChange.refused.scheme';
  return null;
}

/** canApply: a valid current certificate of the caller's company with no open change on its number. */
export async function canApply(trx: Trx, auth: AuthUser, companyId: string, certificateId: string) {
  const cert = await currentCertificate(trx, auth, companyId, certificateId, false);
  const problem = certificateProblem(cert);
  const open = problem ? undefined : await openChangeOf(trx, auth.tenantId, cert.cert_number);
  const key = problem ?? (open ? 'certChange.refused.openChange' : null);
  return {
    canApply: key === null,
    reason: key ? zhText(key, { changeNo: open?.change_no ?? '' }) : '',
    reasonCode: key ?? '',
    openChangeId: idText(open?.id),
    openChangeNo: open?.change_no ?? '',
    scheme: cert.scheme,
  };
}

/** The after-snapshot: the certificate's values, with the fields the chosen types cover taken from the input. */
function afterSnapshot(
  before: SnapshotVO,
  fields: readonly string[],
  input: SaveChangeInput['after'],
): SnapshotVO {
  const after: SnapshotVO = { ...before };
  for (const field of SNAPSHOT_FIELDS) {
    const value = input[field];
    if (!fields.includes(field) || value === undefined) continue;
    (after as unknown as Record<string, unknown>)[field] = value;
  }
  return after;
}

/** Locks a visible certificate change for a write; 404 when the caller does not see it. */
const lockChange = (trx: Trx, auth: AuthUser, companyId: string | null, id: string) =>
  lockVisibleRow(trx, 'business_cert_change', auth.tenantId, id, companyId);

/**
 * saveForCCC / saveForCQST: a new draft on a certificate (locked, so two saves on one certificate queue and the
 * second finds the first's draft) or the caller's draft or returned change updated. The certificate must be of the
 * call's scheme (another scheme's is 404, like another scheme's application).
 */
export async function saveChange(
  trx: Trx,
  auth: AuthUser,
  companyId: string,
  scheme: ChangeScheme,
  input: SaveChangeInput,
): Promise<CertChangeDetailVO> {
  await ensureRecordArchives(trx, auth.tenantId, CERT_CHANGE_ARCHIVES);
  const classification = classifyChange(input.changeTypes, scheme);
  if (input.id) {
    const change = await lockChange(trx, auth, companyId, input.id);
    if (change.scheme !== scheme) throw new NotFoundError();
    if (!EDITABLE_CHANGE_STATES.includes(change.change_state as ChangeState))
      throw new KeyedError('certChange.refused.notEditable');
    if (String(change.certificate_id) !== String(input.certificateId))
      throw new KeyedError('certChange.refused.otherCertificate');
    const before = asSnapshot(change.before_data);
    await trx
      .updateTable('business_cert_change')
      .set({
        change_types: JSON.stringify(classification.changeTypes),
        after_data: JSON.stringify(afterSnapshot(before, classification.fields, input.after)),
        needs_test: classification.needsTest ? 1 : 0,
        needs_factory_visit: classification.needsFactoryVisit ? 1 : 0,
        reason: input.reason ?? '',
        update_user: auth.userId,
        update_time: sql`now()`,
      })
      .where('id', '=', change.id)
      .execute();
    return changeDetail(trx, auth, companyId, change.id);
  }
  const cert = await currentCertificate(trx, auth, companyId, input.certificateId, true);
  if (cert.scheme !== scheme) throw new NotFoundError();
  const problem = certificateProblem(cert);
  if (problem) throw new KeyedError(problem);
  const open = await openChangeOf(trx, auth.tenantId, cert.cert_number);
  if (open) throw new KeyedError('certChange.refused.openChange', { changeNo: open.change_no ?? '' });
  const before = snapshotOf(cert);
  const id = nextId();
  await trx
    .insertInto('business_cert_change')
    .values({
      id,
      tenant_id: auth.tenantId,
      scheme,
      certificate_id: cert.id,
      cert_number: cert.cert_number,
      cert_version: Number(cert.version),
      company_id: companyId,
      change_types: JSON.stringify(classification.changeTypes),
      before_data: JSON.stringify(before),
      after_data: JSON.stringify(afterSnapshot(before, classification.fields, input.after)),
      needs_test: classification.needsTest ? 1 : 0,
      needs_factory_visit: classification.needsFactoryVisit ? 1 : 0,
      reason: input.reason ?? '',
      change_state: 'draft',
      create_user: auth.userId,
      update_user: auth.userId,
    })
    .execute();
  return changeDetail(trx, auth, companyId, id);
}

const READ_ONLY = { read: true, upload: false, edit: false, delete: false } as const;

/**
 * The change's file nodes (the root's children) with mustUpload as this change needs them: the tree's own must-upload
 * nodes plus those its types require. Without a change: the scheme's list with the given types' requirements (the
 * form shows it before the first save; files are uploaded once the draft exists).
 */
export async function changeFiles(
  trx: Trx,
  auth: AuthUser,
  scheme: ChangeScheme,
  change: ChangeRow | undefined,
  types: readonly ChangeType[] = [],
): Promise<ChangeFileNodeVO[]> {
  const required = classifyChange(
    change ? (change.change_types as ChangeType[]) : types,
    scheme,
  ).requiredFiles;
  if (!change)
    return CHANGE_FILE_KEYS.map((file) => ({
      id: '',
      catalogName: CHANGE_FILES[file].name,
      catalogCode: nodeCode(scheme, file),
      remark: CHANGE_FILES[file].remark,
      mustUpload: required.includes(file) ? 1 : 0,
      fileCount: 0,
    }));
  await ensureRecordArchives(trx, auth.tenantId, CERT_CHANGE_ARCHIVES);
  const record = { functionCode: CERT_CHANGE_FUNCTIONS[scheme], dataId: String(change.id) };
  const roots = await childNodes(trx, auth.tenantId, record, undefined, { offset: 0, size: 10 }, READ_ONLY);
  const root = roots?.nodes[0];
  if (!root) return [];
  const level = await childNodes(trx, auth.tenantId, record, root.id, { offset: 0, size: 200 }, READ_ONLY);
  const requiredCodes = new Set(required.map((file) => nodeCode(scheme, file)));
  return (level?.nodes ?? []).map((n) => ({
    id: String(n.id),
    catalogName: n.catalogName,
    catalogCode: n.catalogCode,
    remark: n.remark,
    mustUpload: n.mustUpload === 1 || requiredCodes.has(n.catalogCode) ? 1 : 0,
    fileCount: n.fileCount,
  }));
}

/** The files a submission lacks, by name in tree order: the tree's must-upload nodes and the types' required kinds. */
async function missingFiles(trx: Trx, auth: AuthUser, change: ChangeRow): Promise<string[]> {
  const scheme = change.scheme as ChangeScheme;
  const record = { functionCode: CERT_CHANGE_FUNCTIONS[scheme], dataId: String(change.id) };
  const missing = await missingDocuments(trx, auth.tenantId, record);
  for (const node of await changeFiles(trx, auth, scheme, change))
    if (node.mustUpload === 1 && node.fileCount === 0 && !missing.includes(node.catalogName))
      missing.push(node.catalogName);
  return missing;
}

/** Whether the after-snapshot differs from the before in any field the types cover (JSON compared as text). */
function changesSomething(change: ChangeRow): boolean {
  const fields = classifyChange(change.change_types as ChangeType[], change.scheme as ChangeScheme).fields;
  if (fields.length === 0) return true;
  const before = asSnapshot(change.before_data) as unknown as Record<string, unknown>;
  const after = asSnapshot(change.after_data) as unknown as Record<string, unknown>;
  return fields.some((f) => JSON.stringify(before[f]) !== JSON.stringify(after[f]));
}

/**
 * submitForCCC / submitForCQST: a draft or returned change of the caller's company, its certificate still the current
 * valid version, something changed, every required file there (the refusal names the missing ones). The first
 * submission takes the change number.
 */
export async function submitChange(
  trx: Trx,
  auth: AuthUser,
  companyId: string,
  scheme: ChangeScheme,
  id: string,
): Promise<CertChangeDetailVO> {
  const change = await lockChange(trx, auth, companyId, id);
  if (change.scheme !== scheme) throw new NotFoundError();
  if (!EDITABLE_CHANGE_STATES.includes(change.change_state as ChangeState))
    throw new KeyedError('certChange.refused.notEditable');
  const cert = await currentCertificate(trx, auth, companyId, change.certificate_id, false);
  const problem = certificateProblem(cert);
  if (problem) throw new KeyedError(problem);
  if (!changesSomething(change)) throw new KeyedError('certChange.refused.nothingChanged');
  const missing = await missingFiles(trx, auth, change);
  if (missing.length) throw new KeyedError('certChange.refused.filesMissing', { files: missing.join('、') });
  const changeNo = change.change_no || (await nextYearlyNumber(trx, auth.tenantId, 'cert_change', 'BG'));
  await trx
    .updateTable('business_cert_change')
    .set({
      change_no: changeNo,
      change_state: 'submitted',
      submitted_at: sql`now()`,
      update_user: auth.userId,
      update_time: sql`now()`,
    })
    .where('id', '=', change.id)
    .execute();
  await recordStatusChanges(trx, auth, [
    {
      resource: CHANGE_HISTORY_RESOURCE,
      recordId: change.id,
      action: 'submit',
      field: 'change_state',
      from: change.change_state,
      to: 'submitted',
    },
  ]);
  await tell(trx, auth, { ...change, change_no: changeNo, change_state: 'submitted' }, 'submit', '');
  return changeDetail(trx, auth, companyId, change.id);
}

/**
 * A staff step (CHANGE_STEPS): the caller's button code is checked by the route; here the change is locked, its state
 * and the reason checked, and the decider must not be the one who evaluated the change (the application module's
 * rule for decisions, DOMAIN §10). Approval reissues the certificate in the same transaction.
 */
export async function stepChange(
  trx: Trx,
  auth: AuthUser,
  name: ChangeStep,
  id: string,
  reasonInput: string | undefined,
): Promise<CertChangeDetailVO> {
  const step = CHANGE_STEPS[name];
  const change = await lockChange(trx, auth, null, id);
  if (!(step.from as readonly string[]).includes(change.change_state))
    throw new KeyedError('certChange.refused.state', {
      state: zhText(`certChange.state.${change.change_state}`),
    });
  const reason = reasonInput?.trim() ?? '';
  if (step.reason && !reason) throw new KeyedError('certChange.refused.reasonRequired');
  if ((name === 'approve' || name === 'reject') && String(change.evaluated_by) === String(auth.userId))
    throw new KeyedError('certChange.refused.segregation');
  // With application.issueAfterPayment the reissued certificate waits for the change's fee, as an issue does.
  if (name === 'approve') await assertChangeNotesPaid(trx, auth.tenantId, change.id);

  const values: Record<string, unknown> = {
    change_state: step.to,
    update_user: auth.userId,
    update_time: sql`now()`,
  };
  if (name === 'accept') values.accepted_by = auth.userId;
  if (name === 'evaluate') values.evaluated_by = auth.userId;
  if (name === 'return') values.return_reason = reason;
  if (name === 'reject') values.reject_reason = reason;
  if (name === 'approve' || name === 'reject') {
    values.decided_by = auth.userId;
    values.decided_at = sql`now()`;
  }
  const changes: StatusChange[] = [
    {
      resource: CHANGE_HISTORY_RESOURCE,
      recordId: change.id,
      action: name,
      field: 'change_state',
      from: change.change_state,
      to: name === 'approve' ? 'approved' : step.to,
      comment: reason,
    },
  ];
  if (name === 'approve') {
    values.new_certificate_id = await reissue(trx, auth, change);
    // Approved and reissued are two steps of the history written by one call: the reissue follows the approval.
    changes.push({
      resource: CHANGE_HISTORY_RESOURCE,
      recordId: change.id,
      action: 'reissue',
      field: 'change_state',
      from: 'approved',
      to: 'reissued',
      comment: '',
    });
  }
  await trx.updateTable('business_cert_change').set(values).where('id', '=', change.id).execute();
  await recordStatusChanges(trx, auth, changes);
  await tell(trx, auth, { ...change, change_state: step.to }, name, reason);
  return changeDetail(trx, auth, null, change.id);
}

/**
 * The new version: the current version of the number is locked and must still be the one the change was made on
 * (else another change reissued it: refused); it is marked superseded first, then the new row is written with the
 * same number, version + 1, the after-data, issued today, valid to the same day as before (a change does not extend
 * validity; renewal does), the same status. The unique index over current versions holds "one current version".
 */
async function reissue(trx: Trx, auth: AuthUser, change: ChangeRow): Promise<string> {
  const current = await trx
    .selectFrom('business_certificate')
    .selectAll()
    .where('tenant_id', '=', auth.tenantId)
    .where('cert_number', '=', change.cert_number)
    .where('superseded_by', 'is', null)
    .where('is_deleted', '=', 0)
    .forUpdate()
    .executeTakeFirst();
  if (!current || String(current.id) !== String(change.certificate_id))
    throw new KeyedError('certChange.refused.notCurrent');
  const after = asSnapshot(change.after_data);
  const id = nextId();
  await trx
    .updateTable('business_certificate')
    .set({ superseded_by: id, superseded_at: sql`now()`, update_user: auth.userId, update_time: sql`now()` })
    .where('id', '=', current.id)
    .execute();
  const version = Number(current.version) + 1;
  await trx
    .insertInto('business_certificate')
    .values({
      id,
      tenant_id: auth.tenantId,
      cert_number: current.cert_number,
      version,
      scheme: current.scheme,
      cnex_type: current.cnex_type,
      application_id: current.application_id,
      company_id: current.company_id,
      holder_name: after.holderName,
      holder_address: after.holderAddress,
      manufacturer_name: after.manufacturerName,
      manufacturer_address: after.manufacturerAddress,
      factory_name: after.factoryName,
      factory_address: after.factoryAddress,
      product_name: after.productName,
      product_category: current.product_category,
      models: JSON.stringify(after.models ?? []),
      ex_markings: JSON.stringify(after.exMarkings ?? []),
      standards: after.standards,
      issue_date: sql<string>`current_date`,
      valid_to: current.valid_to,
      cert_status: current.cert_status,
      issued_by: auth.userId,
      create_user: auth.userId,
      update_user: auth.userId,
    })
    .execute();
  await recordStatusChanges(trx, auth, [
    {
      resource: CERTIFICATE_HISTORY_RESOURCE,
      recordId: current.id,
      action: 'reissue',
      field: 'version',
      from: String(current.version),
      to: String(version),
      comment: change.change_no ?? '',
    },
  ]);
  return id;
}

/** Messages: the company's users on every step; on submission the staff who accept changes. Texts are zh. */
async function tell(trx: Trx, auth: AuthUser, change: ChangeRow, step: string, reason: string) {
  const values = {
    changeNo: change.change_no ?? '',
    certNumber: change.cert_number,
    state: zhText(`certChange.state.${change.change_state}`),
  };
  const customers = await companyUsers(trx, auth.tenantId, change.company_id);
  const staff =
    step === 'submit' || step === 'accept'
      ? await staffHolding(trx, auth.tenantId, [
          step === 'submit' ? CERT_CHANGE_CODES.accept : CERT_CHANGE_CODES.evaluate,
        ])
      : [];
  await sendMessage(trx, auth.tenantId, {
    userIds: [...new Set([...customers, ...staff])].filter((u) => u !== auth.userId),
    category: MESSAGE_CATEGORY.message,
    title: zhText('certChange.message.title', values),
    content: [
      zhText('certChange.message.content', values),
      reason ? zhText('certChange.message.reason', { reason }) : '',
    ]
      .filter(Boolean)
      .join('\n'),
    sender: zhText('certChange.message.sender'),
    createUser: auth.userId,
  });
}

/** One change with its snapshots, required files and history; 404 when the caller does not see it. */
export async function changeDetail(
  trx: Trx,
  auth: AuthUser,
  companyId: string | null,
  id: string,
): Promise<CertChangeDetailVO> {
  const row = await listColumns(visibleChanges(trx, auth, companyId))
    .where('g.id', '=', id)
    .executeTakeFirst();
  if (!row) throw new NotFoundError();
  const history = await statusHistory(trx, auth.tenantId, CHANGE_HISTORY_RESOURCE, id);
  const change = row as ChangeListRow;
  return {
    ...presentChange(change),
    before: asSnapshot(change.before_data),
    after: asSnapshot(change.after_data),
    requiredFiles: classifyChange(change.change_types as ChangeType[], change.scheme as ChangeScheme)
      .requiredFiles,
    history: history.map((h) => ({
      action: h.action,
      fromState: h.from,
      toState: h.to,
      reason: h.comment,
      userName: h.userName,
      createTime: h.createTime,
    })),
  };
}

/** A change the caller sees, unlocked (the files calls). */
export async function findChange(trx: Trx, auth: AuthUser, companyId: string | null, id: string) {
  let q = trx
    .selectFrom('business_cert_change')
    .selectAll()
    .where('tenant_id', '=', auth.tenantId)
    .where('id', '=', id)
    .where('is_deleted', '=', 0);
  if (companyId !== null) q = q.where('company_id', '=', companyId);
  const row = await q.executeTakeFirst();
  if (!row) throw new NotFoundError();
  return row;
}
