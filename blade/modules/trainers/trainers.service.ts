import { sql } from 'kysely';
import { recordStatusChanges } from '../../core/action';
import { EDITABLE_STATES, type ApplicationState } from '../../../lib/contracts/application/machine';
import {
  CNEX_FUNCTION_CODE,
  TRAINER_CNEX_TYPES,
  checkTrainer,
  type TrainerInput,
  type TrainerValues,
  type TrainerVO,
} from '../../../lib/contracts/application/trainers';
import type { AuthUser } from '../../core/context';
import { KeyedError, NotFoundError } from '../../core/errors';
import { dataScopeCondition, resolveDataScope } from '../../core/data-scope';
import { nextId } from '../../core/ids';
import type { Trx } from '../../db/tenant';
import { FILE_ID } from '../../../lib/contracts/files/params';
import type { ApplicationRow } from '../application/transition';
import { liveTrainers, trainersWithFiles, trainerVO, type TrainerRow } from './trainers.repository';

/** Who calls: the verified identity and the customer company (callerCompany), null for staff. */
export interface TrainerCaller {
  auth: AuthUser;
  companyId: string | null;
}

/** The persons one record may hold: a personnel lot is large, but a request must stay bounded (SECURITY 30). */
export const MAX_TRAINERS_PER_RECORD = 500;

/** Status history of a person's state: the audit trail of who submitted whom (DOMAIN §10). */
const HISTORY_RESOURCE = 'business_cnex_trainer';

/**
 * The CNEx record `cnexId` if the caller may see it, else 404 (as for another tenant's id): a personnel kind of the
 * `cnex` scheme; a customer's only when it is of the customer's company; staff's once submitted, in their data
 * scope over `application` or still unaccepted (no dept yet: the acceptance queue every clerk sees).
 * `lock` takes the row FOR UPDATE: writes to its persons run one after another and see the state they checked.
 */
export async function visibleCnex(
  trx: Trx,
  caller: TrainerCaller,
  cnexId: string,
  lock = false,
): Promise<ApplicationRow> {
  let query = trx
    .selectFrom('business_application')
    .selectAll()
    .where('id', '=', cnexId)
    .where('tenant_id', '=', caller.auth.tenantId)
    .where('is_deleted', '=', 0)
    .where('scheme', '=', 'cnex')
    .where('cnex_type', 'in', [...TRAINER_CNEX_TYPES]);
  if (caller.companyId !== null) query = query.where('company_id', '=', caller.companyId);
  else {
    const scope = await resolveDataScope(trx, caller.auth, 'application');
    query = query
      .where('flow_state', '<>', 'draft')
      .where((eb) =>
        eb.or([
          eb('dept_id', 'is', null),
          dataScopeCondition(eb, scope, { dept: { column: 'dept_id' }, owner: 'engineer_id' }),
        ]),
      );
  }
  const row = await (lock ? query.forUpdate() : query).executeTakeFirst();
  if (!row) throw new NotFoundError();
  return row;
}

/** Customers write; staff only read (their steps are the application's transitions). */
function writer(caller: TrainerCaller): string {
  if (caller.companyId === null) throw new KeyedError('trainers.customerOnly');
  return caller.companyId;
}

function assertRecordEditable(record: ApplicationRow): void {
  if (!EDITABLE_STATES.includes(record.flow_state as ApplicationState))
    throw new KeyedError('trainers.recordLocked');
}

function valuesOf(input: TrainerInput): TrainerValues {
  const checked = checkTrainer(input);
  if (!checked.ok) throw new KeyedError(checked.problem.key, checked.problem.values);
  return checked.values;
}

function columnsOf(v: TrainerValues) {
  return {
    name: v.name,
    id_card_no: v.idCardNo,
    gender: v.gender,
    education: v.education,
    employer: v.employer,
    units: v.units.join(','),
    experience_years: v.experienceYears,
    phone: v.phone,
  };
}

/** One identity number once per record: the same person twice would be assessed and charged twice. */
async function assertIdCardFree(
  trx: Trx,
  tenantId: string,
  cnexId: string,
  idCardNo: string,
  except?: string,
) {
  let query = liveTrainers(trx, tenantId)
    .select('t.id')
    .where('t.cnex_id', '=', cnexId)
    .where('t.id_card_no', '=', idCardNo);
  if (except) query = query.where('t.id', '<>', except);
  if (await query.executeTakeFirst()) throw new KeyedError('trainers.duplicateIdCard');
}

async function answer(trx: Trx, tenantId: string, id: string): Promise<TrainerVO> {
  const [row] = await trainersWithFiles(trx, tenantId, { id });
  return trainerVO(row);
}

export async function listTrainers(trx: Trx, caller: TrainerCaller, cnexId: string): Promise<TrainerVO[]> {
  await visibleCnex(trx, caller, cnexId);
  return (await trainersWithFiles(trx, caller.auth.tenantId, { cnexId })).map(trainerVO);
}

export async function addTrainer(
  trx: Trx,
  caller: TrainerCaller,
  cnexId: string,
  input: TrainerInput,
): Promise<TrainerVO> {
  const companyId = writer(caller);
  const record = await visibleCnex(trx, caller, cnexId, true);
  assertRecordEditable(record);
  const values = valuesOf(input);
  const { tenantId, userId } = caller.auth;
  const count = await liveTrainers(trx, tenantId)
    .select((eb) => eb.fn.countAll<string>().as('n'))
    .where('t.cnex_id', '=', cnexId)
    .executeTakeFirstOrThrow();
  if (Number(count.n) >= MAX_TRAINERS_PER_RECORD)
    throw new KeyedError('trainers.tooMany', { max: MAX_TRAINERS_PER_RECORD });
  await assertIdCardFree(trx, tenantId, cnexId, values.idCardNo);
  const id = nextId();
  await trx
    .insertInto('business_cnex_trainer')
    .values({
      id,
      tenant_id: tenantId,
      cnex_id: cnexId,
      company_id: companyId,
      ...columnsOf(values),
      create_user: userId,
      create_dept: caller.auth.deptIds[0] ?? null,
      update_user: userId,
    })
    .execute();
  return answer(trx, tenantId, id);
}

/**
 * A person the caller may change, locked: its record visible and still the customer's to edit (draft or returned),
 * the person itself still a draft. Another record's or tenant's person is 404 like an unknown id.
 */
async function editablePerson(trx: Trx, caller: TrainerCaller, id: string): Promise<TrainerRow> {
  writer(caller);
  const found = await liveTrainers(trx, caller.auth.tenantId)
    .select('t.cnex_id')
    .where('t.id', '=', id)
    .executeTakeFirst();
  if (!found) throw new NotFoundError();
  // The record first, then the person: the order submitTrainers locks in, so the two cannot deadlock.
  const record = await visibleCnex(trx, caller, found.cnex_id, true);
  assertRecordEditable(record);
  const person = await liveTrainers(trx, caller.auth.tenantId)
    .selectAll('t')
    .where('t.id', '=', id)
    .forUpdate()
    .executeTakeFirstOrThrow();
  if (person.trainer_state !== 'draft') throw new KeyedError('trainers.personLocked', { name: person.name });
  return person;
}

export async function updateTrainer(
  trx: Trx,
  caller: TrainerCaller,
  id: string,
  input: TrainerInput,
): Promise<TrainerVO> {
  const person = await editablePerson(trx, caller, id);
  const values = valuesOf(input);
  await assertIdCardFree(trx, caller.auth.tenantId, person.cnex_id, values.idCardNo, person.id);
  await trx
    .updateTable('business_cnex_trainer')
    .set({ ...columnsOf(values), update_user: caller.auth.userId, update_time: sql`now()` })
    .where('id', '=', person.id)
    .where('tenant_id', '=', caller.auth.tenantId)
    .execute();
  return answer(trx, caller.auth.tenantId, person.id);
}

export type TrainerFileSlot = 'register_form_scan_id' | 'train_student_file_id';

/**
 * Links an uploaded file to a person. The file must be a live file of the caller's tenant uploaded into the CNEx
 * record's archive (functionCode `cnex_application`, dataId = the record): the upload call already held it to the
 * record's owner rule, so a file of another record, company or tenant cannot be linked by guessing its id.
 * `insert` refuses a slot already filled (the insert call); otherwise the link is replaced.
 */
export async function linkFile(
  trx: Trx,
  caller: TrainerCaller,
  id: string,
  fileId: string,
  slot: TrainerFileSlot,
  options: { insert?: boolean; cnexId?: string } = {},
): Promise<TrainerVO> {
  if (!FILE_ID.test(fileId)) throw new KeyedError('trainers.fileInvalid');
  const person = await editablePerson(trx, caller, id);
  if (options.cnexId !== undefined && options.cnexId !== person.cnex_id) throw new NotFoundError();
  if (options.insert && person[slot]) throw new KeyedError('trainers.scanExists', { name: person.name });
  const file = await trx
    .selectFrom('blade_file')
    .select('id')
    .where('id', '=', fileId)
    .where('tenant_id', '=', caller.auth.tenantId)
    .where('is_deleted', '=', 0)
    .where('kind', '=', 'file')
    .where('function_code', '=', CNEX_FUNCTION_CODE)
    .where('data_id', '=', person.cnex_id)
    .executeTakeFirst();
  if (!file) throw new KeyedError('trainers.fileNotOfRecord');
  await trx
    .updateTable('business_cnex_trainer')
    .set({ [slot]: fileId, update_user: caller.auth.userId, update_time: sql`now()` })
    .where('id', '=', person.id)
    .where('tenant_id', '=', caller.auth.tenantId)
    .execute();
  return answer(trx, caller.auth.tenantId, person.id);
}

/**
 * Moves the record's draft persons to submitted, all or none: refused when one lacks the register-form scan (the
 * refusal names every such person), when none is left to submit, or when the record is no longer the customer's to
 * edit. One history row per person.
 */
export async function submitTrainers(
  trx: Trx,
  caller: TrainerCaller,
  cnexId: string,
): Promise<{ count: number; records: TrainerVO[] }> {
  writer(caller);
  const record = await visibleCnex(trx, caller, cnexId, true);
  assertRecordEditable(record);
  const { tenantId, userId } = caller.auth;
  const drafts = await liveTrainers(trx, tenantId)
    .selectAll('t')
    .where('t.cnex_id', '=', cnexId)
    .where('t.trainer_state', '=', 'draft')
    .orderBy('t.create_time')
    .orderBy('t.id')
    .forUpdate()
    .execute();
  if (drafts.length === 0) throw new KeyedError('trainers.nothingToSubmit');
  const missing = drafts.filter((p) => !p.register_form_scan_id);
  if (missing.length > 0)
    throw new KeyedError('trainers.scanMissing', { names: missing.map((p) => p.name).join('、') });
  // A linked scan removed since (files are soft-deleted) is no scan.
  const ids = drafts.map((p) => p.id);
  const scans = new Set(
    (
      await trx
        .selectFrom('blade_file')
        .select('id')
        .where('tenant_id', '=', tenantId)
        .where('is_deleted', '=', 0)
        .where(
          'id',
          'in',
          drafts.map((p) => p.register_form_scan_id as string),
        )
        .execute()
    ).map((f) => f.id),
  );
  const gone = drafts.filter((p) => !scans.has(p.register_form_scan_id as string));
  if (gone.length > 0)
    throw new KeyedError('trainers.scanMissing', { names: gone.map((p) => p.name).join('、') });
  await trx
    .updateTable('business_cnex_trainer')
    .set({
      trainer_state: 'submitted',
      submitted_at: sql`now()`,
      update_user: userId,
      update_time: sql`now()`,
    })
    .where('tenant_id', '=', tenantId)
    .where('id', 'in', ids)
    .execute();
  await recordStatusChanges(
    trx,
    { tenantId, userId },
    drafts.map((p) => ({
      resource: HISTORY_RESOURCE,
      recordId: p.id,
      action: 'submit',
      field: 'trainer_state',
      from: 'draft',
      to: 'submitted',
    })),
  );
  const records = (await trainersWithFiles(trx, tenantId, { cnexId })).map(trainerVO);
  return { count: drafts.length, records };
}
