import { randomUUID } from 'node:crypto';
import type { Readable } from 'node:stream';
import { sql } from 'kysely';
import type { AuthUser, Deps } from '../../core/context';
import { NotFoundError, ServiceError } from '../../core/errors';
import { withTenant, type Trx } from '../../db/tenant';
import type { FileAccess } from './access';
import { resolveNode, type RecordRef, type ResolvedNode } from './catalog.service';
import { extensionOf, KINDS, kindOf, MSG_BAD_EXTENSION } from './file-type';
import { countNodeFiles, findFile, originalFile, updateFile, type FileRow } from './file.repository';
import { recordFileHistory, recordHistory } from './history.repository';
import { storedName } from '../../../lib/contracts/files/names';
import { uploadStore } from './stores';
import { CheckedStream, MAX_UPLOAD_MB, type StoredUpload } from './upload';
import { zhText } from '../../core/refusal-keys';

/** Problem-file replacements allowed per problem (000 §5). */
export const MAX_REPLACEMENTS = 5;

export const limitMessage = (n: number) => zhText('common.refusal.uploadLimit', { max: n });

/** 32 hex characters: the spec tells a file id from a URL by that length (avatar, 000 §5). */
export const newFileId = () => randomUUID().replaceAll('-', '');

/** `tenant/yyyy/mm/<file id>.<ext>`: generated here, never from the client's name (SECURITY 22). */
export function objectKey(tenantId: string, fileId: string, suffix: string, now = new Date()): string {
  const mm = String(now.getMonth() + 1).padStart(2, '0');
  return `${tenantId}/${now.getFullYear()}/${mm}/${fileId}.${suffix}`;
}

/** Who stores a file: the verified caller. */
export type Uploader = Pick<AuthUser, 'tenantId' | 'userId' | 'account'> & Partial<Pick<AuthUser, 'deptIds'>>;

/** Where an archive upload goes and what limits it: resolved before the bytes flow when the fields come first. */
export interface UploadTarget {
  record?: RecordRef;
  node?: ResolvedNode;
  problemFile?: FileRow;
  coverFile?: FileRow;
  /** saveData=false: stored and checked, but not (yet) listed in the node. */
  save: boolean;
  maxMb: number;
}

export function maxMbOf(node: ResolvedNode | undefined): number {
  const n = node?.rules.maxFileSize ?? 0;
  return n > 0 ? Math.min(n, MAX_UPLOAD_MB) : MAX_UPLOAD_MB;
}

const ID = /^\d{1,19}$/;

/** Reads the archive fields of an upload; none of them means a plain upload. */
export function archiveFields(fields: Record<string, string>) {
  const fileCatalogId = fields.fileCatalogId?.trim() ?? '';
  const dataId = fields.dataId?.trim() ?? '';
  const functionCode = fields.functionCode?.trim() ?? '';
  const problemFileId = fields.problemFileId?.trim() ?? '';
  const any = fileCatalogId || dataId || functionCode;
  if (any && !(fileCatalogId && dataId && functionCode))
    throw new ServiceError('fileCatalogId、dataId、functionCode 须同时提供');
  if (fileCatalogId && !ID.test(fileCatalogId)) throw new ServiceError('fileCatalogId:必须是有效的ID');
  if (dataId.length > 64 || functionCode.length > 64)
    throw new ServiceError('dataId、functionCode 长度不能超过64');
  return {
    archive: any ? { fileCatalogId, record: { dataId, functionCode } } : undefined,
    problemFileId,
    save: fields.saveData !== 'false' && fields.saveData !== '0',
  };
}

/** The archive node of a stored file (undefined for plain files). Throws when the node left the record's tree. */
export async function nodeOfFile(
  trx: Trx,
  tenantId: string,
  file: FileRow,
): Promise<ResolvedNode | undefined> {
  if (!file.file_catalog_id || !file.data_id || !file.function_code) return undefined;
  const node = await resolveNode(
    trx,
    tenantId,
    { dataId: file.data_id, functionCode: file.function_code },
    file.file_catalog_id,
  );
  if (!node) throw new ServiceError('文件所在目录已不存在');
  return node;
}

/** Checks everything that can be known before the bytes arrive, the caller's right to the record first. */
export async function resolveUploadTarget(
  trx: Trx,
  tenantId: string,
  fields: Record<string, string>,
  mode: 'upload' | 'cover',
  access: FileAccess,
): Promise<UploadTarget> {
  if (mode === 'cover') {
    const fileId = (fields.fileId ?? fields.id ?? '').trim();
    const file = await originalFile(trx, tenantId, fileId);
    await access.file(trx, file, 'upload');
    const node = await nodeOfFile(trx, tenantId, file);
    if (node && node.rules.canCover !== 1) throw new ServiceError('该目录不允许覆盖文件');
    return { node, coverFile: file, save: true, maxMb: maxMbOf(node) };
  }
  const { archive, problemFileId, save } = archiveFields(fields);
  if (problemFileId) {
    const file = await originalFile(trx, tenantId, problemFileId);
    await access.file(trx, file, 'upload');
    if (file.has_problem !== 1) throw new ServiceError('该文件未标记为问题文件');
    const node = await nodeOfFile(trx, tenantId, file);
    const replacements = await countReplacements(trx, tenantId, file.id);
    if (replacements >= MAX_REPLACEMENTS) throw new ServiceError(limitMessage(MAX_REPLACEMENTS));
    const record =
      file.data_id && file.function_code
        ? { dataId: file.data_id, functionCode: file.function_code }
        : undefined;
    return { record, node, problemFile: file, save: true, maxMb: maxMbOf(node) };
  }
  if (!archive) return { save: true, maxMb: MAX_UPLOAD_MB };
  await access.record(trx, archive.record, 'upload');
  const node = await resolveNode(trx, tenantId, archive.record, archive.fileCatalogId);
  if (!node) throw new NotFoundError('目录不存在');
  if (node.rules.canUpload !== 1) throw new ServiceError('该目录不允许上传文件');
  const limit = node.rules.canMultiUpload;
  if (save && limit > 0 && (await countNodeFiles(trx, tenantId, archive.record, node.id)) >= limit)
    throw new ServiceError(limitMessage(limit));
  return { record: archive.record, node, save, maxMb: maxMbOf(node) };
}

export async function countReplacements(trx: Trx, tenantId: string, fileId: string): Promise<number> {
  const row = await trx
    .selectFrom('blade_file')
    .select((eb) => eb.fn.countAll<string>().as('n'))
    .where('tenant_id', '=', tenantId)
    .where('source_file_id', '=', fileId)
    .where('kind', '=', 'file')
    .where('is_deleted', '=', 0)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

/** The columns that say where a file's bytes are and what they are: set by an upload, replaced by a cover. */
function contentColumns(storageKind: string, stored: StoredUpload) {
  return {
    storage: storageKind,
    object_key: stored.key,
    original_filename: stored.originalName,
    suffix: stored.suffix,
    content_type: stored.contentType,
    size: stored.size,
    sha256: stored.sha256,
  };
}

/** Serialises uploads into one node of one record, so two parallel uploads cannot both pass the count limit. */
async function lockNode(trx: Trx, tenantId: string, key: string): Promise<void> {
  await sql`select pg_advisory_xact_lock(hashtextextended(${`blade_file:${tenantId}:${key}`}, 0))`.execute(
    trx,
  );
}

/**
 * Records an upload that reached storage: re-checks the limits under a lock (the pre-check ran before the bytes),
 * inserts the row (or replaces a covered file's content), and writes the history. The caller deletes the object when
 * this throws.
 */
export async function commitUpload(
  trx: Trx,
  who: Uploader,
  storageKind: string,
  fileId: string,
  stored: StoredUpload,
  target: UploadTarget,
): Promise<FileRow> {
  const { tenantId } = who;
  if (target.coverFile) {
    const old = target.coverFile;
    await lockNode(trx, tenantId, `cover:${old.id}`);
    await updateFile(trx, who, old.id, {
      ...contentColumns(storageKind, stored),
      is_stamped: 0,
      stamped_not_saved: 0,
      stamped_file_id: null,
    });
    // The previous content stays in storage: the history names its key, so a cover never loses a file.
    await recordFileHistory(
      trx,
      who,
      old,
      'cover',
      `${old.original_filename} → ${stored.originalName}; previous ${old.storage}:${old.object_key} sha256 ${old.sha256}`,
    );
    return (await findFile(trx, tenantId, old.id))!;
  }
  const node = target.node;
  const record = target.record;
  if (record && node) {
    await lockNode(trx, tenantId, `${record.functionCode}:${record.dataId}:${node.id}`);
    if (target.problemFile) {
      if ((await countReplacements(trx, tenantId, target.problemFile.id)) >= MAX_REPLACEMENTS)
        throw new ServiceError(limitMessage(MAX_REPLACEMENTS));
    } else if (target.save && node.rules.canMultiUpload > 0) {
      if ((await countNodeFiles(trx, tenantId, record, node.id)) >= node.rules.canMultiUpload)
        throw new ServiceError(limitMessage(node.rules.canMultiUpload));
    }
  }
  await trx
    .insertInto('blade_file')
    .values({
      id: fileId,
      tenant_id: tenantId,
      ...contentColumns(storageKind, stored),
      function_code: record?.functionCode ?? null,
      data_id: record?.dataId ?? null,
      file_catalog_id: node?.id ?? null,
      node_path: node?.nodePath ?? '',
      is_saved: target.save ? 1 : 0,
      source_file_id: target.problemFile?.id ?? null,
      create_user: who.userId,
      create_dept: who.deptIds?.[0] ?? null,
      update_user: who.userId,
    })
    .execute();
  await recordHistory(trx, who, {
    fileId,
    dataId: record?.dataId,
    fileCatalogId: node?.id,
    action: target.problemFile ? 'replace' : 'upload',
    detail: `${stored.originalName} (${stored.size} B, sha256 ${stored.sha256})${
      target.problemFile ? ` replaces problem file ${target.problemFile.id}` : ''
    }`,
  });
  return (await findFile(trx, tenantId, fileId))!;
}

export interface StoreStreamInput {
  stream: Readable;
  /** The name the user gave the file: metadata only; its final extension must be on the allowlist. */
  originalName: string;
  /** Default 500. */
  maxMb?: number;
  /** Narrower allowlist (e.g. avatars: ['jpg', 'jpeg', 'png']). */
  extensions?: string[];
}

/**
 * Stores a stream as a plain file of the caller's tenant and returns its 32-character id (for avatars and other
 * single files). The same rules as uploadFile apply while it streams: allowlist, magic bytes, size; a refused or
 * failed stream leaves nothing stored. Throws ServiceError with the user-facing message.
 */
export async function storeStream(deps: Deps, who: Uploader, input: StoreStreamInput): Promise<string> {
  const store = await uploadStore(deps, who.tenantId);
  const originalName = storedName(input.originalName).slice(0, 255);
  const suffix = extensionOf(originalName);
  if (!Object.hasOwn(KINDS, suffix) || (input.extensions && !input.extensions.includes(suffix))) {
    input.stream.resume();
    throw new ServiceError(
      input.extensions
        ? zhText('common.refusal.fileExtension', { extensions: input.extensions.join(', ') })
        : MSG_BAD_EXTENSION,
    );
  }
  const maxMb = Math.min(input.maxMb ?? MAX_UPLOAD_MB, MAX_UPLOAD_MB);
  const checked = new CheckedStream(suffix, Math.round(maxMb * 1024 * 1024), maxMb);
  checked.on('error', () => undefined);
  input.stream.on('error', (err) => checked.destroy(err));
  input.stream.pipe(checked);
  const fileId = newFileId();
  const key = objectKey(who.tenantId, fileId, suffix);
  const contentType = kindOf(suffix)?.contentType ?? 'application/octet-stream';
  const { size } = await store.put(key, checked, { contentType });
  const stored: StoredUpload = {
    originalName,
    suffix,
    key,
    size,
    sha256: checked.digest(),
    contentType,
    maxMb,
  };
  try {
    await withTenant(deps.db, who.tenantId, (trx) =>
      commitUpload(trx, who, store.kind, fileId, stored, { save: true, maxMb }),
    );
  } catch (err) {
    await store.delete(key).catch(() => undefined);
    throw err;
  }
  return fileId;
}
