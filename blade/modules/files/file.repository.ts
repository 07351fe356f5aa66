import { formatDateTime } from '../../core/dates';
import { KeyedError, NotFoundError } from '../../core/errors';
import type { FileTable } from '../../db/schema';
import type { Trx } from '../../db/tenant';
import type { Selectable, Updateable } from 'kysely';
import { MSG_FILE_NOT_FOUND } from './access';
import { FILE_ID } from '../../../lib/contracts/files/params';

export type FileRow = Selectable<FileTable>;

export async function findFile(trx: Trx, tenantId: string, id: string): Promise<FileRow | undefined> {
  if (!FILE_ID.test(id)) return undefined;
  return trx
    .selectFrom('blade_file')
    .selectAll()
    .where('tenant_id', '=', tenantId)
    .where('id', '=', id)
    .where('is_deleted', '=', 0)
    .executeTakeFirst();
}

/**
 * The live file `id` when it is filed in the archive of `record`, else refused with `refusal`: what a record's write
 * checks before it names one of its files (a signed form, a voucher, an issued invoice, a report) as its own.
 */
export async function fileOfRecord(
  trx: Trx,
  tenantId: string,
  id: string,
  record: { functionCode: string; dataId: string },
  refusal: string,
): Promise<FileRow> {
  const file = await findFile(trx, tenantId, id);
  if (!file || file.function_code !== record.functionCode || file.data_id !== record.dataId)
    throw new KeyedError(refusal);
  return file;
}

/** A live original file (not a stamped copy or preview): the only kind the file calls act on, else 404. */
export async function originalFile(trx: Trx, tenantId: string, id: string): Promise<FileRow> {
  const file = await findFile(trx, tenantId, id);
  if (!file || file.kind !== 'file') throw new NotFoundError(MSG_FILE_NOT_FOUND);
  return file;
}

/**
 * The files a record's tree lists: live, saved (saveData), and originals (not stamped copies or previews). Every
 * count and list of a node's files starts here, so the tree's counts and its file tables agree.
 */
export function recordFiles(trx: Trx, tenantId: string, record: { functionCode: string; dataId: string }) {
  return trx
    .selectFrom('blade_file')
    .where('tenant_id', '=', tenantId)
    .where('data_id', '=', record.dataId)
    .where('function_code', '=', record.functionCode)
    .where('is_deleted', '=', 0)
    .where('is_saved', '=', 1)
    .where('kind', '=', 'file');
}

/** Files of one node of one record (the file table beside the tree), oldest first. */
export async function nodeFiles(
  trx: Trx,
  tenantId: string,
  record: { functionCode: string; dataId: string },
  nodeIds: string[],
): Promise<FileRow[]> {
  if (nodeIds.length === 0) return [];
  return recordFiles(trx, tenantId, record)
    .selectAll()
    .where('file_catalog_id', 'in', nodeIds)
    .orderBy('create_time')
    .orderBy('id')
    .execute();
}

/** Files directly in a node that count against its canMultiUpload (problem-file replacements do not). */
export async function countNodeFiles(
  trx: Trx,
  tenantId: string,
  record: { functionCode: string; dataId: string },
  nodeId: string,
): Promise<number> {
  const row = await recordFiles(trx, tenantId, record)
    .select((eb) => eb.fn.countAll<string>().as('n'))
    .where('file_catalog_id', '=', nodeId)
    .where('source_file_id', 'is', null)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

/** Changes one file of the tenant, stamped with who changed it and when. */
export async function updateFile(
  trx: Trx,
  who: { tenantId: string; userId: string },
  id: string,
  changes: Updateable<FileTable>,
): Promise<void> {
  await trx
    .updateTable('blade_file')
    .set({ ...changes, update_user: who.userId, update_time: new Date() })
    .where('tenant_id', '=', who.tenantId)
    .where('id', '=', id)
    .execute();
}

/** The plain file fields every file answer carries. */
export function fileVO(row: FileRow) {
  return {
    id: row.id,
    fileId: row.id,
    isFile: 1,
    originalFilename: row.original_filename,
    originalName: row.original_filename,
    name: row.object_key,
    suffix: row.suffix,
    contentType: row.content_type,
    size: Number(row.size),
    sha256: row.sha256,
    server: row.storage,
    url: `/api/blade-resource/file/downloadById?id=${row.id}`,
    link: `/api/blade-resource/file/downloadById?id=${row.id}`,
    functionCode: row.function_code ?? '',
    dataId: row.data_id ?? '',
    fileCatalogId: row.file_catalog_id ?? '',
    nodePath: row.node_path,
    hasProblem: row.has_problem,
    problemRemark: row.problem_remark,
    isStamped: row.is_stamped,
    stampedNotSaved: row.stamped_not_saved,
    signatureOfdFileId: row.stamped_file_id ?? '',
    sourceFileId: row.source_file_id ?? '',
    isMissing: 0,
    createUser: row.create_user ?? '',
    createTime: formatDateTime(row.create_time),
    updateTime: formatDateTime(row.update_time),
  };
}
