import { createHash } from 'node:crypto';
import { Readable } from 'node:stream';
import type { AuthUser, Deps } from '../../core/context';
import { KeyedError, NotFoundError, ServiceError } from '../../core/errors';
import { withTenant, type Trx } from '../../db/tenant';
import { StorageNotFound } from '../../storage';
import { convertToPdf, OFFICE, sofficePath } from './convert';
import { kindOf } from './file-type';
import { findFile, type FileRow } from './file.repository';
import { newFileId, objectKey } from './file.service';
import { baseName } from './names';
import { currentSeal, MSG_SEAL_MISSING } from './seal.routes';
import { readLimited, storeOfKind, uploadStore } from './stores';
import type { Signer } from './signer';

/** Stamping and conversion read the whole file (readLimited). */
const MAX_PROCESS_BYTES = 100 * 1024 * 1024;

/** The stored bytes of a file, whole (up to MAX_PROCESS_BYTES). */
export async function fileBytes(deps: Deps, file: FileRow): Promise<Buffer> {
  try {
    return await readLimited(
      await (await storeOfKind(deps, deps.db, file.tenant_id, file.storage)).get(file.object_key),
      MAX_PROCESS_BYTES,
      '文件过大，无法处理',
    );
  } catch (err) {
    if (err instanceof StorageNotFound) throw new NotFoundError('文件不存在');
    throw err;
  }
}

/** Stores bytes the server made (stamped copy, preview) as a file derived from `source`; the row is not yet inserted. */
export async function storeDerived(
  deps: Deps,
  auth: AuthUser,
  source: FileRow,
  bytes: Buffer,
  suffix: string,
  kind: string,
  name: string,
) {
  const store = await uploadStore(deps, auth.tenantId);
  const id = newFileId();
  const key = objectKey(auth.tenantId, id, suffix);
  await store.put(key, Readable.from([bytes]), {
    size: bytes.length,
    contentType: kindOf(suffix)?.contentType,
  });
  return {
    id,
    key,
    store,
    row: {
      id,
      tenant_id: auth.tenantId,
      storage: store.kind,
      object_key: key,
      original_filename: name.slice(0, 255),
      suffix,
      content_type: kindOf(suffix)?.contentType ?? 'application/octet-stream',
      size: bytes.length,
      sha256: createHash('sha256').update(bytes).digest('hex'),
      function_code: source.function_code,
      data_id: source.data_id,
      file_catalog_id: source.file_catalog_id,
      node_path: source.node_path,
      is_saved: 0,
      source_file_id: source.id,
      kind,
      create_user: auth.userId,
      update_user: auth.userId,
    },
  };
}

/** A PDF rendering of an Office file, cached per content (a cover upload changes the hash and so the cache). */
export async function pdfOf(deps: Deps, auth: AuthUser, file: FileRow): Promise<FileRow> {
  const cacheName = `${file.sha256}.pdf`;
  const cached = await withTenant(deps.db, auth.tenantId, (trx) =>
    trx
      .selectFrom('blade_file')
      .selectAll()
      .where('tenant_id', '=', auth.tenantId)
      .where('source_file_id', '=', file.id)
      .where('kind', '=', 'preview')
      .where('original_filename', '=', cacheName)
      .where('is_deleted', '=', 0)
      .executeTakeFirst(),
  );
  if (cached) return cached;
  if (!sofficePath()) throw new ServiceError('该文件暂不支持在线预览');
  let pdf: Buffer;
  try {
    pdf = await convertToPdf(await fileBytes(deps, file), file.suffix);
  } catch (err) {
    if (err instanceof ServiceError || err instanceof NotFoundError) throw err;
    deps.log(`[blade] conversion of ${file.id} failed: ${(err as Error).message}`);
    throw new ServiceError('文件转换失败');
  }
  const derived = await storeDerived(deps, auth, file, pdf, 'pdf', 'preview', cacheName);
  try {
    await withTenant(deps.db, auth.tenantId, (trx) =>
      trx.insertInto('blade_file').values(derived.row).execute(),
    );
  } catch (err) {
    await derived.store.delete(derived.key).catch(() => undefined);
    throw err;
  }
  return (await withTenant(deps.db, auth.tenantId, (trx) => findFile(trx, auth.tenantId, derived.id)))!;
}

/**
 * Stamps `file` with the tenant's seal (the one its administrators uploaded): Office files converted to PDF first,
 * PDF and images stamped by `signer`, the stamped copy stored as a file of `kind` derived from `file` and inserted
 * in one transaction with `record` (the caller's own bookkeeping: the signing flow's pointer and history, the
 * archive room's print log). Without a seal nothing is converted, stored or recorded (MSG_SEAL_MISSING); a failure
 * after the copy was stored removes it again. Used by file/signatureDocument and the archive room's signature
 * printing (modules/paper-archive).
 */
export async function stampFile<T>(
  deps: Deps,
  auth: AuthUser,
  file: FileRow,
  signer: Signer,
  kind: string,
  record: (trx: Trx, copy: FileRow) => Promise<T>,
): Promise<T> {
  const sealRow = await withTenant(deps.db, auth.tenantId, (trx) => currentSeal(trx, auth.tenantId));
  if (!sealRow) throw new KeyedError(MSG_SEAL_MISSING);
  const seal = await fileBytes(deps, sealRow);
  let input: Buffer;
  let suffix = file.suffix;
  if (OFFICE.has(file.suffix)) {
    input = await fileBytes(deps, await pdfOf(deps, auth, file));
    suffix = 'pdf';
  } else {
    if (!signer.supports(file.suffix)) throw new ServiceError('该格式暂不支持签章');
    input = await fileBytes(deps, file);
  }
  let stamped;
  try {
    stamped = await signer.stamp(input, suffix, seal);
  } catch (err) {
    deps.log(`[blade] stamping ${file.id} failed: ${(err as Error).message}`);
    throw new ServiceError('签章失败');
  }
  const derived = await storeDerived(
    deps,
    auth,
    file,
    stamped.bytes,
    stamped.suffix,
    kind,
    `${baseName(file.original_filename)}(签章).${stamped.suffix}`,
  );
  try {
    return await withTenant(deps.db, auth.tenantId, async (trx) => {
      await trx.insertInto('blade_file').values(derived.row).execute();
      return record(trx, (await findFile(trx, auth.tenantId, derived.id))!);
    });
  } catch (err) {
    await derived.store.delete(derived.key).catch(() => undefined);
    throw err;
  }
}
