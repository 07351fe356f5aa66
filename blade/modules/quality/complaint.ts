import { sql, type Selectable } from 'kysely';
import { recordStatusChanges, statusHistory, type SideCaller } from '../../core/action';
import {
  COMPLAINT_COUNTER,
  complaintNumber,
  complaintStepsFrom,
  complaintTransition,
  DEADLINE_PARAMS,
  DEFAULT_DEADLINES,
  EDITABLE_STATES,
  QUALITY_CODES,
  type ComplaintState,
  type ComplaintStep,
  type ComplaintTransition,
} from '../../../lib/contracts/quality/machine';
import type {
  ComplaintHistoryRow,
  ComplaintVO,
  HandlerCandidate,
} from '../../../lib/contracts/quality/quality';
import type { AuthUser } from '../../core/context';
import { KeyedError, NotFoundError } from '../../core/errors';
import { zhText } from '../../core/refusal-keys';
import { formatDateTime } from '../../core/dates';
import { nextId } from '../../core/ids';
import type { ComplaintTable } from '../../db/schema';
import type { Trx } from '../../db/tenant';
import { MESSAGE_CATEGORY, sendMessage } from '../message/message.repository';
import { companyUsers, paramValue } from '../customer/customer.repository';
import { nextNumber } from '../application/numbering';
import { staffHolding } from '../application/recipients';

/**
 * Complaints (DOMAIN §6): the customer files one about an application, a certificate or the service; staff take it
 * through the case flow of lib/contracts/quality/machine.ts. Every change of state is `applyComplaintStep` (one
 * transaction: lock, checks, write, history, messages), so a refusal writes nothing.
 */

export type ComplaintRow = Selectable<ComplaintTable>;

export const COMPLAINT_HISTORY = 'business_complaint';

// --- deadlines --------------------------------------------------------------------------------------------------

/** The deadlines in days: the parameters (blade_param) when set to a whole number 0–365, else the defaults. */
export async function complaintDeadlines(
  trx: Trx,
): Promise<{ acknowledgeDays: number; respondDays: number }> {
  const read = async (key: string, fallback: number) => {
    const raw = await paramValue(trx, key);
    const n = raw !== undefined && /^\d{1,3}$/.test(raw) ? Number(raw) : NaN;
    return Number.isInteger(n) && n <= 365 ? n : fallback;
  };
  return {
    acknowledgeDays: await read(DEADLINE_PARAMS.acknowledgeDays, DEFAULT_DEADLINES.acknowledgeDays),
    respondDays: await read(DEADLINE_PARAMS.respondDays, DEFAULT_DEADLINES.respondDays),
  };
}

const OPEN_BEFORE_ACK: readonly ComplaintState[] = ['received'];
const OPEN_BEFORE_ANSWER: readonly ComplaintState[] = [
  'received',
  'acknowledged',
  'assigned',
  'investigating',
  'reopened',
];

// --- presenter --------------------------------------------------------------------------------------------------

export async function complaintVOs(trx: Trx, tenantId: string, rows: ComplaintRow[]): Promise<ComplaintVO[]> {
  if (rows.length === 0) return [];
  const ids = (list: (string | null)[]) => [...new Set(list.filter((v): v is string => !!v).map(String))];
  const companies = ids(rows.map((r) => r.company_id));
  const applications = ids(rows.map((r) => r.application_id));
  const certificates = ids(rows.map((r) => r.certificate_id));
  const handlers = ids(rows.map((r) => r.handler_id));
  const nameOf = new Map<string, string>();
  if (companies.length)
    for (const c of await trx
      .selectFrom('blade_customer_company')
      .select(['id', 'company_name'])
      .where('tenant_id', '=', tenantId)
      .where('id', 'in', companies)
      .execute())
      nameOf.set(`c${c.id}`, c.company_name);
  if (applications.length)
    for (const a of await trx
      .selectFrom('business_application')
      .select(['id', 'application_no'])
      .where('tenant_id', '=', tenantId)
      .where('id', 'in', applications)
      .execute())
      nameOf.set(`a${a.id}`, a.application_no ?? '');
  if (certificates.length)
    for (const c of await trx
      .selectFrom('business_certificate')
      .select(['id', 'cert_number'])
      .where('tenant_id', '=', tenantId)
      .where('id', 'in', certificates)
      .execute())
      nameOf.set(`z${c.id}`, c.cert_number);
  if (handlers.length)
    for (const u of await trx
      .selectFrom('blade_user')
      .select(['id', 'real_name'])
      .where('tenant_id', '=', tenantId)
      .where('id', 'in', handlers)
      .execute())
      nameOf.set(`u${u.id}`, u.real_name ?? '');
  const now = Date.now();
  const s = (v: string | null) => (v ? String(v) : '');
  return rows.map((r) => {
    const state = r.complaint_state as ComplaintState;
    return {
      id: String(r.id),
      caseNo: r.case_no,
      kind: r.kind as ComplaintVO['kind'],
      subjectType: r.subject_type as ComplaintVO['subjectType'],
      companyId: s(r.company_id),
      companyName: nameOf.get(`c${r.company_id}`) ?? '',
      applicationId: s(r.application_id),
      applicationNo: nameOf.get(`a${r.application_id}`) ?? '',
      certificateId: s(r.certificate_id),
      certNumber: nameOf.get(`z${r.certificate_id}`) ?? '',
      subjectUserId: s(r.subject_user_id),
      surveyId: s(r.survey_id),
      title: r.title,
      content: r.content,
      fileIds: Array.isArray(r.file_ids) ? r.file_ids.map(String) : [],
      complaintState: state,
      receivedAt: formatDateTime(r.received_at),
      ackDueAt: formatDateTime(r.ack_due_at),
      respondDueAt: formatDateTime(r.respond_due_at),
      acknowledgedAt: formatDateTime(r.acknowledged_at),
      acknowledgeOverdue: OPEN_BEFORE_ACK.includes(state) && new Date(r.ack_due_at).getTime() < now,
      respondOverdue: OPEN_BEFORE_ANSWER.includes(state) && new Date(r.respond_due_at).getTime() < now,
      handlerId: s(r.handler_id),
      handlerName: nameOf.get(`u${r.handler_id}`) ?? '',
      investigation: r.investigation,
      response: r.response,
      respondedAt: formatDateTime(r.responded_at),
      closedAt: formatDateTime(r.closed_at),
      customerFeedback: r.customer_feedback,
      createTime: formatDateTime(r.create_time),
      updateTime: formatDateTime(r.update_time),
    };
  });
}

export async function complaintHistory(
  trx: Trx,
  tenantId: string,
  id: string,
): Promise<ComplaintHistoryRow[]> {
  const entries = await statusHistory(trx, tenantId, COMPLAINT_HISTORY, id);
  return entries.map(({ from, to, ...entry }) => ({ ...entry, fromState: from, toState: to }));
}

// --- reading ----------------------------------------------------------------------------------------------------

/** One complaint the caller may see (a customer: their company's; staff: the tenant's), else 404. */
export async function visibleComplaint(
  trx: Trx,
  caller: SideCaller,
  id: string,
  lock = false,
): Promise<ComplaintRow> {
  let query = trx
    .selectFrom('business_complaint')
    .selectAll()
    .where('id', '=', id)
    .where('tenant_id', '=', caller.auth.tenantId)
    .where('is_deleted', '=', 0);
  if (lock) query = query.forUpdate();
  const row = await query.executeTakeFirst();
  if (!row || (caller.companyId !== null && String(row.company_id) !== caller.companyId))
    throw new NotFoundError();
  return row;
}

async function history(
  trx: Trx,
  auth: AuthUser,
  recordId: string,
  action: string,
  from: string,
  to: string,
  comment: string,
) {
  await recordStatusChanges(trx, auth, [
    { resource: COMPLAINT_HISTORY, recordId, action, field: 'complaint_state', from, to, comment },
  ]);
}

// --- filing -----------------------------------------------------------------------------------------------------

export interface NewCase {
  kind: string;
  subjectType: string;
  companyId: string | null;
  applicationId: string | null;
  certificateId: string | null;
  subjectUserId: string | null;
  surveyId: string | null;
  title: string;
  content: string;
  fileIds: string[];
}

/** Opens a case in `received` with its number and deadlines, records it and tells the staff who acknowledge. */
export async function openCase(trx: Trx, auth: AuthUser, c: NewCase): Promise<ComplaintRow> {
  const deadlines = await complaintDeadlines(trx);
  const year = new Date().getFullYear();
  const serial = await nextNumber(trx, auth.tenantId, `${COMPLAINT_COUNTER}:${year}`);
  const row = await trx
    .insertInto('business_complaint')
    .values({
      id: nextId(),
      tenant_id: auth.tenantId,
      case_no: complaintNumber(year, serial),
      kind: c.kind,
      subject_type: c.subjectType,
      company_id: c.companyId,
      application_id: c.applicationId,
      certificate_id: c.certificateId,
      subject_user_id: c.subjectUserId,
      survey_id: c.surveyId,
      title: c.title,
      content: c.content,
      file_ids: JSON.stringify(c.fileIds),
      ack_due_at: sql<Date>`now() + make_interval(days => ${deadlines.acknowledgeDays})`,
      respond_due_at: sql<Date>`now() + make_interval(days => ${deadlines.respondDays})`,
      create_user: auth.userId,
      update_user: auth.userId,
    })
    .returningAll()
    .executeTakeFirstOrThrow();
  await history(trx, auth, String(row.id), 'open', '', 'received', c.kind);
  const staff = await staffHolding(trx, auth.tenantId, [QUALITY_CODES.acknowledge, QUALITY_CODES.assign]);
  await notify(trx, auth, row, 'open', staff);
  return row;
}

/** Tells the company's users and the given staff about a step (not the one who made it). zh texts, stored once. */
async function notify(trx: Trx, auth: AuthUser, row: ComplaintRow, step: string, staff: string[]) {
  const values = {
    no: row.case_no,
    title: row.title,
    step: zhText(`quality.complaint.step.${step}`),
    state: zhText(`quality.complaint.state.${row.complaint_state}`),
  };
  const customers = await companyUsers(trx, auth.tenantId, row.company_id ? String(row.company_id) : null);
  const recipients = [...new Set([...customers, ...staff])].filter((id) => id !== auth.userId);
  await sendMessage(trx, auth.tenantId, {
    userIds: recipients,
    category: MESSAGE_CATEGORY.message,
    title: zhText('quality.complaint.message.title', values),
    content: zhText('quality.complaint.message.content', values),
    sender: zhText('quality.complaint.message.sender'),
    createUser: auth.userId,
  });
}

export interface SaveRequest {
  id?: string;
  kind: string;
  subjectType: string;
  applicationId?: string;
  certificateId?: string;
  subjectUserId?: string;
  title: string;
  content: string;
  fileIds: string[];
}

/** The customer's save: a new complaint, or a change of one not yet acknowledged. */
export async function saveComplaint(trx: Trx, caller: SideCaller, input: SaveRequest): Promise<ComplaintRow> {
  const { auth, companyId } = caller;
  if (companyId === null) throw new KeyedError('quality.complaint.customerOnly');
  let applicationId: string | null = null;
  let certificateId: string | null = null;
  if (input.subjectType === 'application') {
    if (!input.applicationId) throw new KeyedError('quality.complaint.needApplication');
    const app = await trx
      .selectFrom('business_application')
      .select('id')
      .where('id', '=', input.applicationId)
      .where('tenant_id', '=', auth.tenantId)
      .where('company_id', '=', companyId)
      .where('is_deleted', '=', 0)
      .executeTakeFirst();
    if (!app) throw new NotFoundError();
    applicationId = String(app.id);
  } else if (input.subjectType === 'certificate') {
    if (!input.certificateId) throw new KeyedError('quality.complaint.needCertificate');
    const cert = await trx
      .selectFrom('business_certificate')
      .select(['id', 'application_id'])
      .where('id', '=', input.certificateId)
      .where('tenant_id', '=', auth.tenantId)
      .where('company_id', '=', companyId)
      .where('is_deleted', '=', 0)
      .executeTakeFirst();
    if (!cert) throw new NotFoundError();
    certificateId = String(cert.id);
    applicationId = cert.application_id ? String(cert.application_id) : null;
  }
  let subjectUserId: string | null = null;
  if (input.subjectUserId) {
    const person = await trx
      .selectFrom('blade_user')
      .select('id')
      .where('id', '=', input.subjectUserId)
      .where('tenant_id', '=', auth.tenantId)
      .where('company_id', 'is', null)
      .where('is_deleted', '=', 0)
      .executeTakeFirst();
    if (!person) throw new KeyedError('quality.complaint.unknownPerson');
    subjectUserId = String(person.id);
  }
  const fileIds = [...new Set(input.fileIds)];
  if (fileIds.length) {
    // Only the caller's own uploads: another user's file id must not become readable through a complaint.
    const files = await trx
      .selectFrom('blade_file')
      .select('id')
      .where('tenant_id', '=', auth.tenantId)
      .where('id', 'in', fileIds)
      .where('create_user', '=', auth.userId)
      .execute();
    if (files.length !== fileIds.length) throw new KeyedError('quality.complaint.unknownFile');
  }
  const fields = {
    kind: input.kind,
    subject_type: input.subjectType,
    application_id: applicationId,
    certificate_id: certificateId,
    subject_user_id: subjectUserId,
    title: input.title,
    content: input.content,
    file_ids: JSON.stringify(fileIds),
  };
  if (!input.id)
    return openCase(trx, auth, {
      ...fields,
      kind: input.kind,
      subjectType: input.subjectType,
      companyId,
      applicationId,
      certificateId,
      subjectUserId,
      surveyId: null,
      fileIds,
    });
  const before = await visibleComplaint(trx, caller, input.id, true);
  if (before.kind === 'survey_followup') throw new KeyedError('quality.complaint.notEditable');
  if (!EDITABLE_STATES.includes(before.complaint_state as ComplaintState))
    throw new KeyedError('quality.complaint.notEditable');
  return trx
    .updateTable('business_complaint')
    .set({ ...fields, update_user: auth.userId, update_time: sql`now()` })
    .where('id', '=', before.id)
    .returningAll()
    .executeTakeFirstOrThrow();
}

/** Withdraws the caller's complaints, all or none: every id must be the company's and not yet acknowledged. */
export async function removeComplaints(trx: Trx, caller: SideCaller, ids: string[]): Promise<void> {
  if (caller.companyId === null) throw new KeyedError('quality.complaint.customerOnly');
  const rows = await trx
    .selectFrom('business_complaint')
    .selectAll()
    .where('tenant_id', '=', caller.auth.tenantId)
    .where('id', 'in', ids)
    .where('is_deleted', '=', 0)
    .where('company_id', '=', caller.companyId)
    .orderBy('id')
    .forUpdate()
    .execute();
  if (rows.length !== ids.length) throw new NotFoundError();
  const fixed = rows.find(
    (r) => r.kind === 'survey_followup' || !EDITABLE_STATES.includes(r.complaint_state as ComplaintState),
  );
  if (fixed) throw new KeyedError('quality.complaint.notRemovable', { no: fixed.case_no });
  await trx
    .updateTable('business_complaint')
    .set({ is_deleted: 1, update_user: caller.auth.userId, update_time: sql`now()` })
    .where('id', 'in', ids)
    .execute();
  for (const r of rows) await history(trx, caller.auth, String(r.id), 'remove', r.complaint_state, '', '');
}

// --- the case flow ----------------------------------------------------------------------------------------------

/** The people of an application who may not handle a complaint about it (DOMAIN §6: deciders uninvolved). */
const INVOLVED = ['engineer_id', 'tester_id', 'inspector_id', 'evaluator_id', 'decider_id'] as const;
export type InvolvedColumn = (typeof INVOLVED)[number];

/** Why a user may not handle a case ('' when they may): a role on its application, or the person complained about. */
export async function handlerConflict(trx: Trx, row: ComplaintRow, userId: string): Promise<string> {
  if (row.subject_user_id && String(row.subject_user_id) === userId) return 'subject';
  if (!row.application_id) return '';
  const app = await trx
    .selectFrom('business_application')
    .select([...INVOLVED])
    .where('id', '=', row.application_id)
    .where('tenant_id', '=', row.tenant_id)
    .executeTakeFirst();
  if (!app) return '';
  for (const column of INVOLVED)
    if (app[column] && String(app[column]) === userId) return column.replace('_id', '');
  return '';
}

/** Staff users of the tenant who may be chosen as handler, each with whether they conflict. */
export async function handlerCandidates(trx: Trx, row: ComplaintRow): Promise<HandlerCandidate[]> {
  const ids = await staffHolding(trx, row.tenant_id, [QUALITY_CODES.handle]);
  if (ids.length === 0) return [];
  const users = await trx
    .selectFrom('blade_user')
    .select(['id', 'real_name'])
    .where('tenant_id', '=', row.tenant_id)
    .where('id', 'in', ids)
    .orderBy('id')
    .execute();
  const out: HandlerCandidate[] = [];
  for (const u of users)
    out.push({
      id: String(u.id),
      realName: u.real_name ?? '',
      conflict: (await handlerConflict(trx, row, String(u.id))) !== '',
    });
  return out;
}

export interface StepRequest {
  id: string;
  action: ComplaintStep;
  handlerId?: string;
  text?: string;
}

export interface StepResult {
  before: ComplaintRow;
  after: ComplaintRow;
  transition: ComplaintTransition;
}

/**
 * The one place a complaint changes state: locks the case (FOR UPDATE: two people acting at once run one after the
 * other, the second told its state changed), checks the side, code, state, text, handler and conflict, writes the
 * step with its data, records it in blade_status_history and tells the customer (and the staff concerned).
 */
export async function applyComplaintStep(
  trx: Trx,
  caller: SideCaller,
  request: StepRequest,
): Promise<StepResult> {
  const { auth } = caller;
  const before = await visibleComplaint(trx, caller, request.id, true);
  const transition = complaintTransition(request.action);
  if (!transition) throw new KeyedError('quality.complaint.unknownStep');
  const customerStep = transition.role === 'apply';
  if (customerStep ? caller.companyId === null : caller.companyId !== null)
    throw new KeyedError(customerStep ? 'quality.complaint.customerOnly' : 'quality.complaint.staffOnly');
  if (!caller.holds(QUALITY_CODES[transition.role])) throw new KeyedError('quality.complaint.noRight');
  if (!transition.from.includes(before.complaint_state as ComplaintState))
    throw new KeyedError('quality.complaint.stateChanged', {
      state: zhText(`quality.complaint.state.${before.complaint_state}`),
    });
  const text = request.text?.trim() ?? '';
  if (transition.textRequired && !text) throw new KeyedError('quality.complaint.textRequired');
  if (transition.handlerOnly && String(before.handler_id ?? '') !== auth.userId)
    throw new KeyedError('quality.complaint.handlerOnly');

  const values: Record<string, unknown> = {
    complaint_state: transition.to,
    update_user: auth.userId,
    update_time: sql`now()`,
  };
  let handlerId = before.handler_id ? String(before.handler_id) : null;
  switch (transition.name) {
    case 'acknowledge':
      values.acknowledged_at = sql`now()`;
      break;
    case 'assign': {
      if (!request.handlerId) throw new KeyedError('quality.complaint.handlerRequired');
      const handler = await trx
        .selectFrom('blade_user')
        .select('id')
        .where('id', '=', request.handlerId)
        .where('tenant_id', '=', auth.tenantId)
        .where('company_id', 'is', null)
        .where('is_deleted', '=', 0)
        .where('status', '=', 1)
        .executeTakeFirst();
      if (!handler) throw new KeyedError('quality.complaint.unknownHandler');
      const conflict = await handlerConflict(trx, before, request.handlerId);
      if (conflict) throw new KeyedError(`quality.complaint.conflict.${conflict}`);
      handlerId = request.handlerId;
      values.handler_id = handlerId;
      break;
    }
    case 'investigate':
      if (text) values.investigation = text;
      break;
    case 'respond':
      values.response = text;
      values.responded_at = sql`now()`;
      break;
    case 'confirm':
    case 'reopen':
      values.customer_feedback = text;
      break;
    case 'close':
    case 'notAccept':
      values.closed_at = sql`now()`;
      if (transition.name === 'notAccept') values.response = text;
      break;
  }
  const after = await trx
    .updateTable('business_complaint')
    .set(values)
    .where('id', '=', before.id)
    .returningAll()
    .executeTakeFirstOrThrow();
  await history(trx, auth, String(before.id), transition.name, before.complaint_state, transition.to, text);
  // The staff concerned: the handler, and those holding the codes of the steps the new state offers.
  const nextCodes = complaintStepsFrom(transition.to)
    .filter((t) => t.role !== 'apply' && t.role !== 'handle')
    .map((t) => QUALITY_CODES[t.role]);
  const staff = [
    ...(handlerId ? [handlerId] : []),
    ...(await staffHolding(trx, auth.tenantId, [...new Set(nextCodes)])),
  ];
  await notify(trx, auth, after, transition.name, staff);
  return { before, after, transition };
}
