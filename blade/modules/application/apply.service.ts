import {
  consistencyProblem,
  missingFields,
  type ApplicationFields,
  type ApplicationVO,
  type BatchFileVO,
} from '../../../lib/contracts/application/application';
import {
  applicationNumber,
  batchNumber,
  EDITABLE_STATES,
  NUMBER_COUNTERS,
  transitionOf,
  type ApplicationState,
  type Scheme,
} from '../../../lib/contracts/application/machine';
import { KeyedError, NotFoundError } from '../../core/errors';
import { zhText } from '../../core/refusal-keys';
import { formatDateTime } from '../../core/dates';
import { nextId } from '../../core/ids';
import { fetchPage, toPage, type PageRequest } from '../../core/page';
import type { Trx } from '../../db/tenant';
import { resolveNode } from '../files/catalog.service';
import { countNodeFiles, findFile } from '../files/file.repository';
import { recordHistory } from '../files/history.repository';
import {
  applicationVOs,
  copiedColumns,
  fieldColumns,
  likeFragment,
  nowSql,
  visibleApplications,
  visibleBatches,
} from './apply.repository';
import { certStatusSql } from './certificate';
import { APPLICATION_FUNCTIONS, missingDocuments } from './documents';
import { nextNumber } from './numbering';
import { applyTransition, type ApplicationRow } from './transition';
import type { SideCaller } from '../../core/action';

/**
 * The customer's side of applications (README.md): drafts, batches, copies, soft deletion, submission with its number,
 * and the documents of a batch. Every function runs in the caller's tenant transaction; rows another company or
 * tenant owns are 404 whatever the call.
 */

const year = () => new Date().getFullYear();

async function newBatch(trx: Trx, who: SideCaller, scheme: Scheme): Promise<string> {
  const y = year();
  const serial = await nextNumber(trx, who.auth.tenantId, NUMBER_COUNTERS.batch(y));
  const id = nextId();
  await trx
    .insertInto('business_application_batch')
    .values({
      id,
      tenant_id: who.auth.tenantId,
      batch_number: batchNumber(y, serial),
      scheme,
      company_id: who.companyId,
      create_user: who.auth.userId,
      create_dept: who.auth.deptIds[0] ?? null,
      update_user: who.auth.userId,
    })
    .execute();
  return id;
}

async function findBatch(trx: Trx, who: SideCaller, number: string) {
  const batch = await visibleBatches(trx, who.auth, who.companyId)
    .selectAll('b')
    .where('b.batch_number', '=', number)
    .executeTakeFirst();
  if (!batch) throw new NotFoundError();
  return batch;
}

/** One application of the scheme the caller sees, locked for a change when `lock`; else 404. */
export async function findApplication(
  trx: Trx,
  who: SideCaller,
  scheme: Scheme,
  id: string,
  lock = false,
): Promise<ApplicationRow> {
  let q = (await visibleApplications(trx, who.auth, who.companyId))
    .selectAll('a')
    .where('a.id', '=', id)
    .where('a.scheme', '=', scheme);
  if (lock) q = q.forUpdate();
  const row = await q.executeTakeFirst();
  if (!row) throw new NotFoundError();
  return row;
}

async function voOf(trx: Trx, who: SideCaller, row: ApplicationRow): Promise<ApplicationVO> {
  return (await applicationVOs(trx, who.auth.tenantId, [row]))[0];
}

async function reread(trx: Trx, who: SideCaller, id: string): Promise<ApplicationVO> {
  const row = await trx
    .selectFrom('business_application')
    .selectAll()
    .where('tenant_id', '=', who.auth.tenantId)
    .where('id', '=', id)
    .executeTakeFirstOrThrow();
  return voOf(trx, who, row);
}

export interface SaveInput extends ApplicationFields {
  batchNumber?: string;
  cnexType?: string;
}

/** A new draft, in the batch named (the caller's, of the same scheme) or in a new one. */
export async function saveApplication(trx: Trx, who: SideCaller, scheme: Scheme, input: SaveInput) {
  let batchId: string;
  if (input.batchNumber) {
    const batch = await findBatch(trx, who, input.batchNumber);
    if (batch.scheme !== scheme) throw new KeyedError('application.customer.batchScheme');
    batchId = batch.id;
  } else batchId = await newBatch(trx, who, scheme);
  const id = nextId();
  await trx
    .insertInto('business_application')
    .values({
      id,
      tenant_id: who.auth.tenantId,
      scheme,
      cnex_type: scheme === 'cnex' ? (input.cnexType ?? null) : null,
      batch_id: batchId,
      company_id: who.companyId,
      ...fieldColumns(input),
      create_user: who.auth.userId,
      create_dept: who.auth.deptIds[0] ?? null,
      update_user: who.auth.userId,
    })
    .execute();
  return reread(trx, who, id);
}

/** Changes the fields sent, while the application is a draft or returned; the rules across fields hold after it. */
export async function updateApplication(
  trx: Trx,
  who: SideCaller,
  scheme: Scheme,
  input: Partial<ApplicationFields> & { id: string; cnexType?: string },
) {
  const row = await findApplication(trx, who, scheme, input.id, true);
  if (!EDITABLE_STATES.includes(row.flow_state as ApplicationState))
    throw new KeyedError('application.customer.notEditable');
  const merged = {
    applicationType: input.applicationType ?? row.application_type,
    certNumber: input.certNumber ?? row.cert_number,
  };
  const problem = consistencyProblem(merged);
  if (problem) throw new KeyedError(`application.form.${problem}`);
  await trx
    .updateTable('business_application')
    .set({
      ...fieldColumns(input),
      ...(scheme === 'cnex' && input.cnexType ? { cnex_type: input.cnexType } : {}),
      update_user: who.auth.userId,
      update_time: nowSql,
    })
    .where('id', '=', row.id)
    .execute();
  return reread(trx, who, row.id);
}

export async function selectApplication(trx: Trx, who: SideCaller, scheme: Scheme, id: string) {
  return voOf(trx, who, await findApplication(trx, who, scheme, id));
}

export interface ListFilters {
  scheme?: Scheme;
  productName?: string | null;
  flowState?: string | null;
  batchNumber?: string | null;
  isFinished?: number | null;
}

/** A page of the applications the caller sees, newest first. */
export async function listApplications(trx: Trx, who: SideCaller, filters: ListFilters, page: PageRequest) {
  let q = await visibleApplications(trx, who.auth, who.companyId);
  if (filters.scheme) q = q.where('a.scheme', '=', filters.scheme);
  if (filters.productName) q = q.where('a.product_name', 'like', likeFragment(filters.productName));
  if (filters.flowState) q = q.where('a.flow_state', '=', filters.flowState);
  if (filters.isFinished !== undefined && filters.isFinished !== null)
    q = q.where('a.is_finished', '=', filters.isFinished);
  if (filters.batchNumber) {
    const batchNo = filters.batchNumber;
    q = q.where('a.batch_id', 'in', (eb) =>
      eb
        .selectFrom('business_application_batch as b')
        .select('b.id')
        .where('b.tenant_id', '=', who.auth.tenantId)
        .where('b.batch_number', '=', batchNo),
    );
  }
  const { rows, total } = await fetchPage(
    q,
    (qb) => qb.selectAll('a'),
    page,
    [],
    [{ column: 'a.id', direction: 'desc' }],
  );
  return toPage(await applicationVOs(trx, who.auth.tenantId, rows), total, page);
}

/**
 * Submits a draft or a returned application: its required fields and documents first (the refusal names what is
 * missing), the application number when it has none (a resubmission keeps its number; the tenant's counter, in this
 * transaction), then the `submit` transition (transition.ts: state, customer, history, the acceptance clerks' notice).
 */
export async function submitApplication(trx: Trx, who: SideCaller, scheme: Scheme, id: string) {
  const row = await findApplication(trx, who, scheme, id, true);
  const submit = transitionOf(scheme, 'submit')!;
  if (submit.from.includes(row.flow_state as ApplicationState) && who.companyId !== null) {
    const vo = await voOf(trx, who, row);
    const fields = missingFields(scheme, { ...vo });
    if (fields.length > 0)
      throw new KeyedError('application.customer.missingFields', {
        fields: fields.map((name) => zhText(`application.form.${name}`)).join('、'),
      });
    const documents = await missingDocuments(trx, who.auth.tenantId, {
      functionCode: APPLICATION_FUNCTIONS[scheme],
      dataId: row.id,
    });
    if (documents.length > 0)
      throw new KeyedError('application.customer.missingDocuments', { documents: documents.join('、') });
  }
  // The number first, so the step's notice (transition.ts notifyStep) names it; a refused step rolls it back.
  if (!row.application_no) {
    const y = year();
    const serial = await nextNumber(trx, who.auth.tenantId, NUMBER_COUNTERS.application(scheme, y));
    await trx
      .updateTable('business_application')
      .set({ application_no: applicationNumber(scheme, y, serial) })
      .where('id', '=', row.id)
      .execute();
  }
  await applyTransition(trx, who, { id: row.id, name: 'submit' });
  return reread(trx, who, row.id);
}

/** A new draft with the application's own fields, in a new batch; documents, numbers and state are not copied. */
export async function copyApplication(trx: Trx, who: SideCaller, scheme: Scheme, id: string) {
  const row = await findApplication(trx, who, scheme, id);
  const batchId = await newBatch(trx, who, scheme);
  const newId = nextId();
  await trx
    .insertInto('business_application')
    .values({
      id: newId,
      tenant_id: who.auth.tenantId,
      ...(copiedColumns(row) as { scheme: string }),
      company_id: who.companyId,
      batch_id: batchId,
      create_user: who.auth.userId,
      create_dept: who.auth.deptIds[0] ?? null,
      update_user: who.auth.userId,
    })
    .execute();
  return reread(trx, who, newId);
}

/** Soft-deletes a draft (never a submitted one: those stay on file, DOMAIN §10 no hard deletes of records). */
export async function deleteApplication(trx: Trx, who: SideCaller, scheme: Scheme, id: string) {
  const row = await findApplication(trx, who, scheme, id, true);
  if (row.flow_state !== 'draft') throw new KeyedError('application.customer.draftOnly');
  await trx
    .updateTable('business_application')
    .set({ is_deleted: 1, update_user: who.auth.userId, update_time: nowSql })
    .where('id', '=', row.id)
    .execute();
  return {};
}

async function batchApplications(trx: Trx, who: SideCaller, batchId: string, scheme?: Scheme) {
  let q = (await visibleApplications(trx, who.auth, who.companyId))
    .selectAll('a')
    .where('a.batch_id', '=', batchId);
  if (scheme) q = q.where('a.scheme', '=', scheme);
  return q.orderBy('a.id').execute();
}

/** The applications of a batch (of one scheme when named). */
export async function applicationsOfBatch(trx: Trx, who: SideCaller, number: string, scheme?: Scheme) {
  const batch = await findBatch(trx, who, number);
  if (scheme && batch.scheme !== scheme) throw new NotFoundError();
  return applicationVOs(trx, who.auth.tenantId, await batchApplications(trx, who, batch.id, scheme));
}

export async function batchVO(trx: Trx, who: SideCaller, number: string) {
  const batch = await findBatch(trx, who, number);
  const rows = await batchApplications(trx, who, batch.id);
  return {
    id: batch.id,
    batchNumber: batch.batch_number,
    scheme: batch.scheme as Scheme,
    step: batch.step,
    applications: await applicationVOs(trx, who.auth.tenantId, rows),
  };
}

export async function saveBatchStep(trx: Trx, who: SideCaller, number: string, step: number) {
  const batch = await findBatch(trx, who, number);
  await trx
    .updateTable('business_application_batch')
    .set({ step, update_user: who.auth.userId, update_time: nowSql })
    .where('id', '=', batch.id)
    .execute();
  return batchVO(trx, who, number);
}

/** The documents uploaded for the scheme's applications of a batch, application by application, oldest first. */
export async function batchFiles(
  trx: Trx,
  who: SideCaller,
  scheme: Scheme,
  number: string,
): Promise<BatchFileVO[]> {
  const batch = await findBatch(trx, who, number);
  if (batch.scheme !== scheme) throw new NotFoundError();
  const apps = await batchApplications(trx, who, batch.id, scheme);
  if (apps.length === 0) return [];
  const rows = await trx
    .selectFrom('blade_file as f')
    .leftJoin('blade_file_catalog as c', (j) =>
      j.onRef('c.id', '=', 'f.file_catalog_id').on('c.tenant_id', '=', who.auth.tenantId),
    )
    .leftJoin('blade_file_catalog_using as u', (j) =>
      j.onRef('u.id', '=', 'f.file_catalog_id').on('u.tenant_id', '=', who.auth.tenantId),
    )
    .select([
      'f.id',
      'f.data_id',
      'f.file_catalog_id',
      'f.original_filename',
      'f.size',
      'f.create_time',
      'c.catalog_name as libraryName',
      'u.catalog_name as addedName',
    ])
    .where('f.tenant_id', '=', who.auth.tenantId)
    .where('f.function_code', '=', APPLICATION_FUNCTIONS[scheme])
    .where(
      'f.data_id',
      'in',
      apps.map((a) => a.id),
    )
    .where('f.is_deleted', '=', 0)
    .where('f.is_saved', '=', 1)
    .where('f.kind', '=', 'file')
    .orderBy('f.create_time')
    .orderBy('f.id')
    .execute();
  const productOf = new Map(apps.map((a) => [a.id, a.product_name]));
  return rows.map((r) => ({
    applicationId: r.data_id ?? '',
    productName: productOf.get(r.data_id ?? '') ?? '',
    catalogId: r.file_catalog_id ?? '',
    catalogName: r.libraryName ?? r.addedName ?? '',
    fileId: r.id,
    fileName: r.original_filename,
    fileSize: Number(r.size),
    createTime: formatDateTime(r.create_time),
  }));
}

/**
 * Places a file the caller uploaded on its own (no record yet) into a node of the application's tree, with the same
 * checks as an upload into it: the caller's upload right on the application (record-access owner: the customer's own
 * draft or returned application), the node's canUpload and file limit. Another user's file is 404, as another
 * tenant's.
 */
export async function placeFile(
  trx: Trx,
  who: SideCaller,
  scheme: Scheme,
  input: { applicationId: string; fileCatalogId: string; fileId: string },
): Promise<BatchFileVO> {
  const record = { functionCode: APPLICATION_FUNCTIONS[scheme], dataId: input.applicationId };
  const file = await findFile(trx, who.auth.tenantId, input.fileId);
  const ownPlain = file && file.function_code === null && file.create_user === who.auth.userId;
  const unsavedHere =
    file &&
    file.function_code === record.functionCode &&
    file.data_id === record.dataId &&
    file.is_saved === 0 &&
    file.create_user === who.auth.userId;
  if (!file || file.kind !== 'file' || !(ownPlain || unsavedHere)) throw new NotFoundError('文件不存在');
  const node = await resolveNode(trx, who.auth.tenantId, record, input.fileCatalogId);
  if (!node) throw new NotFoundError('目录不存在');
  if (node.rules.canUpload !== 1) throw new KeyedError('application.documents.noUpload');
  const limit = node.rules.canMultiUpload;
  if (limit > 0 && (await countNodeFiles(trx, who.auth.tenantId, record, node.id)) >= limit)
    throw new KeyedError('common.refusal.uploadLimit', { max: limit });
  await trx
    .updateTable('blade_file')
    .set({
      function_code: record.functionCode,
      data_id: record.dataId,
      file_catalog_id: node.id,
      node_path: node.nodePath,
      is_saved: 1,
      update_user: who.auth.userId,
      update_time: new Date(),
    })
    .where('tenant_id', '=', who.auth.tenantId)
    .where('id', '=', file.id)
    .execute();
  await recordHistory(trx, who.auth, {
    fileId: file.id,
    dataId: record.dataId,
    fileCatalogId: node.id,
    action: 'upload',
    detail: `${file.original_filename} placed into ${node.catalogName}`,
  });
  const app = await findApplication(trx, who, scheme, input.applicationId);
  return {
    applicationId: app.id,
    productName: app.product_name,
    catalogId: node.id,
    catalogName: node.catalogName,
    fileId: file.id,
    fileName: file.original_filename,
    fileSize: Number(file.size),
    createTime: formatDateTime(file.create_time),
  };
}

/** The caller company's certificate of that number (newest version), for a change or renewal. */
export async function checkCertNumber(trx: Trx, who: SideCaller, certNumber: string) {
  let q = trx
    .selectFrom('business_certificate as c')
    .select(['id', 'cert_number', 'product_name', 'valid_to'])
    .select(certStatusSql('c').as('cert_status'))
    .where('tenant_id', '=', who.auth.tenantId)
    .where('cert_number', '=', certNumber)
    .where('is_deleted', '=', 0);
  if (who.companyId !== null) q = q.where('company_id', '=', who.companyId);
  const cert = await q.orderBy('version', 'desc').executeTakeFirst();
  if (!cert) return { exists: false };
  return {
    exists: true,
    certificate: {
      id: cert.id,
      certNumber: cert.cert_number,
      productName: cert.product_name,
      validTo: cert.valid_to,
      certStatus: cert.cert_status,
    },
  };
}

/** The caller company's newest CCC application (to prefill the parties of a new one), or null; staff have none. */
export async function lastCcc(trx: Trx, who: SideCaller, productName?: string | null) {
  if (who.companyId === null) return null;
  let q = (await visibleApplications(trx, who.auth, who.companyId))
    .selectAll('a')
    .where('a.scheme', '=', 'ccc');
  if (productName) q = q.where('a.product_name', 'like', likeFragment(productName));
  const row = await q.orderBy('a.id', 'desc').executeTakeFirst();
  return row ? voOf(trx, who, row) : null;
}
