import { Hono, type Context } from 'hono';
import {
  companyFileMarkProblem,
  companyFileRemove,
  fileAuthKey,
  fileById,
  fileDeleteMissing,
  fileHistory,
  fileMarkProblem,
  fileNewId,
  fileRemove,
  fileRemoveOne,
  fileSaveMissing,
  fileSiblings,
} from '../../../lib/contracts/files/file.actions';
import { NODE_ID } from '../../../lib/contracts/files/params';
import { actionRouter } from '../../core/action';
import type { AuthUser, BladeEnv, Deps } from '../../core/context';
import { formatDateTime } from '../../core/dates';
import { ok } from '../../core/envelope';
import { nextId } from '../../core/ids';
import { ForbiddenError, NotFoundError, ServiceError, ValidationError } from '../../core/errors';
import { fetchPage, toPage } from '../../core/page';
import { withTenant, type Trx } from '../../db/tenant';
import { StorageNotFound } from '../../storage';
import { fileAccess, MSG_FILE_NOT_FOUND, MSG_NODE_NOT_FOUND, type FileAccess } from './access';
import { AUTH_KEY_TTL_SECONDS, signAuthKey, verifyAuthKey } from './auth-key';
import { FILE_TYPE_PREPARATION, resolveNode, type RecordRef } from './catalog.service';
import { findFile, fileVO, originalFile, updateFile, type FileRow } from './file.repository';
import {
  commitUpload,
  newFileId,
  nodeOfFile,
  objectKey,
  resolveUploadTarget,
  type UploadTarget,
} from './file.service';
import { recordFileHistory, recordHistory } from './history.repository';
import { fileIdOf } from './input';
import { listRequest } from './list-request';
import { isContinuation, sendFile, type RangeRequest } from './send';
import { storeOfKind, uploadStore } from './stores';
import { MAX_UPLOAD_MB, receiveUpload } from './upload';
import { sizeMessage } from './file-type';

/** The query view's business type: the only one with the missing-file actions (000 §2, calls.tsv). */
export const BUSINESS_TYPE_QUERY = 1;

export function fileRoutes(deps: Deps) {
  const router = new Hono<BladeEnv>();

  /** Upload and cover share the streaming path; only the target differs. */
  async function upload(c: Context<BladeEnv>, mode: 'upload' | 'cover') {
    const auth = c.get('auth');
    const access = await fileAccess(deps, auth);
    const store = await uploadStore(deps, auth.tenantId);
    const fileId = newFileId();
    let target: UploadTarget | undefined;
    const received = await receiveUpload(c.req.raw, c.req.query(), {
      storage: store,
      key: (f) => objectKey(auth.tenantId, fileId, f.suffix),
      beforeFile: async (fields) => {
        if (mode === 'cover' && !fields.fileId && !fields.id) return MAX_UPLOAD_MB;
        const early = await withTenant(deps.db, auth.tenantId, (trx) =>
          resolveUploadTarget(trx, auth.tenantId, fields, mode, access),
        );
        // A plain target may only mean the archive fields come after the file: decide again once they are in.
        if (early.node || early.coverFile || early.problemFile) target = early;
        return early.maxMb;
      },
    });
    if (!received.file) throw new ValidationError('file', '请选择要上传的文件');
    const stored = received.file;
    try {
      // Fields sent after the file are honoured too, checked once the bytes are in (and the object removed if not).
      target ??= await withTenant(deps.db, auth.tenantId, (trx) =>
        resolveUploadTarget(trx, auth.tenantId, received.fields, mode, access),
      );
      if (stored.size > target.maxMb * 1024 * 1024) throw new ServiceError(sizeMessage(target.maxMb));
      const t = target;
      const row = await withTenant(deps.db, auth.tenantId, (trx) =>
        commitUpload(trx, auth, store.kind, fileId, stored, t),
      );
      return c.json(ok(fileVO(row)));
    } catch (err) {
      await store.delete(stored.key).catch(() => undefined);
      throw err;
    }
  }

  // POST /blade-resource/file/uploadFile — multipart `file` (+ fileCatalogId, dataId, functionCode, saveData,
  // problemFileId); streamed to storage; answers the stored file.
  router.post('/blade-resource/file/uploadFile', (c) => upload(c, 'upload'));

  // POST /blade-resource/file/coverUploadFile — multipart `file` + `fileId`: new content for an existing file.
  router.post('/blade-resource/file/coverUploadFile', (c) => upload(c, 'cover'));

  // GET /blade-resource/file/downloadById?id&isDownload&authKey — streams the file; inline (preview) for images and
  // PDF unless isDownload=1. Needs the node's canDownload (download) or canView (preview).
  router.get('/blade-resource/file/downloadById', async (c) => {
    const auth = c.get('auth');
    const query = c.req.query();
    const id = fileIdOf(query);
    const download = query.isDownload === '1' || query.isDownload === 'true';
    const ranged: RangeRequest = { range: c.req.header('range'), ifRange: c.req.header('if-range') };
    const file = await authorisedRead(deps, auth, id, query.authKey, download ? 'download' : 'view', ranged);
    try {
      return await sendFile(
        await storeOfKind(deps, deps.db, file.tenant_id, file.storage),
        file,
        download,
        file.original_filename,
        ranged,
      );
    } catch (err) {
      if (err instanceof StorageNotFound) throw new NotFoundError(MSG_FILE_NOT_FOUND);
      throw err;
    }
  });

  return router;
}

/** A live file the caller may read (its record's rule), else 404 / 403. */
async function readableFile(trx: Trx, access: FileAccess, tenantId: string, id: string): Promise<FileRow> {
  const file = await findFile(trx, tenantId, id);
  if (!file) throw new NotFoundError(MSG_FILE_NOT_FOUND);
  await access.file(trx, file, 'read');
  return file;
}

/** The files module's calls that answer JSON: the declared actions of lib/contracts/files/file.actions.ts. */
export function fileActionRoutes(deps: Deps): Hono<BladeEnv> {
  const { router, serve } = actionRouter(deps);

  serve(fileNewId, async () => newFileId());

  serve(fileById, async ({ trx, auth, input }) =>
    fileVO(await readableFile(trx, await fileAccess(deps, auth, trx), auth.tenantId, input.fileId)),
  );

  // The download checks the record again: the key only says who asked for which file, and when.
  serve(fileAuthKey, async ({ trx, auth, input }) => {
    await readableFile(trx, await fileAccess(deps, auth, trx), auth.tenantId, input.fileId);
    const authKey = signAuthKey(deps.settings.jwtSigningKey, {
      tenantId: auth.tenantId,
      userId: auth.userId,
      fileId: input.fileId,
    });
    return { authKey, fileId: input.fileId, expiresIn: AUTH_KEY_TTL_SECONDS };
  });

  serve(fileSiblings, async ({ trx, auth, input }) => {
    const file = await readableFile(trx, await fileAccess(deps, auth, trx), auth.tenantId, input.fileId);
    if (!file.file_catalog_id || !file.data_id || !file.function_code) return [fileVO(file)];
    const rows = await trx
      .selectFrom('blade_file')
      .selectAll()
      .where('tenant_id', '=', auth.tenantId)
      .where('data_id', '=', file.data_id)
      .where('function_code', '=', file.function_code)
      .where('file_catalog_id', '=', file.file_catalog_id)
      .where('kind', '=', 'file')
      .where('is_deleted', '=', 0)
      .orderBy('create_time')
      .limit(500)
      .execute();
    return rows.map(fileVO);
  });

  serve(fileRemoveOne, async ({ trx, auth, input }) => {
    await removeFiles(trx, auth, await fileAccess(deps, auth, trx), [input.fileId]);
    return null;
  });

  // All or none: the first file that may not go refuses the call, and the transaction undoes the ones before it.
  for (const action of [fileRemove, companyFileRemove])
    serve(action, async ({ trx, auth, input }) => {
      await removeFiles(trx, auth, await fileAccess(deps, auth, trx), input.ids);
      return null;
    });

  for (const action of [fileMarkProblem, companyFileMarkProblem])
    serve(action, async ({ trx, auth, input }) => {
      const id = input.fileId;
      const problem = input.hasProblem === '1';
      const file = await originalFile(trx, auth.tenantId, id);
      await (await fileAccess(deps, auth, trx)).file(trx, file, 'edit');
      if (!file.file_catalog_id) throw new ServiceError('只有档案文件可以标记问题');
      await nodeOfFile(trx, auth.tenantId, file);
      if (problem) {
        if (file.has_problem === 1) throw new ServiceError('该文件已标记为问题文件');
        // Replacements of an earlier problem stay as ordinary files; the new problem starts its own count of 5.
        await trx
          .updateTable('blade_file')
          .set({ source_file_id: null })
          .where('tenant_id', '=', auth.tenantId)
          .where('source_file_id', '=', id)
          .execute();
      } else {
        if (file.has_problem !== 1) throw new ServiceError('该文件未标记为问题文件');
        const replacements = await trx
          .selectFrom('blade_file')
          .select('id')
          .where('tenant_id', '=', auth.tenantId)
          .where('source_file_id', '=', id)
          .where('is_deleted', '=', 0)
          .limit(1)
          .execute();
        if (replacements.length === 0) throw new ServiceError('请先上传合格文件');
      }
      await updateFile(trx, auth, id, {
        has_problem: problem ? 1 : 0,
        problem_remark: problem ? input.problemRemark : '',
      });
      await recordFileHistory(
        trx,
        auth,
        file,
        problem ? 'problem' : 'qualified',
        problem ? input.problemRemark : `previous remark: ${file.problem_remark}`,
      );
      return fileVO((await findFile(trx, auth.tenantId, id))!);
    });

  // Query view only; never for the preparation file type.
  for (const [action, isMissing] of [
    [fileSaveMissing, 1],
    [fileDeleteMissing, 0],
  ] as const)
    serve(action, async ({ trx, auth, input }) => {
      if (input.businessType !== String(BUSINESS_TYPE_QUERY))
        throw new ServiceError('缺失标记仅用于档案查询 (businessType=1)');
      if (input.isMissing !== undefined && input.isMissing !== String(isMissing))
        throw ValidationError.keyed('isMissing', 'files.refusal.missingFlag', { value: isMissing });
      const { dataId, fileCatalogId: nodeId } = input;
      const code = input.functionCode || (await functionOfNode(trx, auth.tenantId, nodeId, dataId));
      if (!code) throw new NotFoundError(MSG_NODE_NOT_FOUND);
      const access = await fileAccess(deps, auth, trx);
      await demandAtNode(trx, access, auth.tenantId, { functionCode: code, dataId }, nodeId, 'edit');
      const node = await resolveNode(trx, auth.tenantId, { functionCode: code, dataId }, nodeId);
      if (!node) throw new NotFoundError(MSG_NODE_NOT_FOUND);
      if (node.fileType === FILE_TYPE_PREPARATION) throw new ServiceError('准备文件不能标记缺失');
      if (isMissing === 1) {
        await trx
          .insertInto('blade_file_missing')
          .values({
            id: nextId(),
            tenant_id: auth.tenantId,
            business_type: BUSINESS_TYPE_QUERY,
            data_id: dataId,
            file_catalog_id: nodeId,
            create_user: auth.userId,
          })
          .onConflict((oc) => oc.doNothing())
          .execute();
      } else {
        await trx
          .deleteFrom('blade_file_missing')
          .where('tenant_id', '=', auth.tenantId)
          .where('business_type', '=', BUSINESS_TYPE_QUERY)
          .where('data_id', '=', dataId)
          .where('file_catalog_id', '=', nodeId)
          .execute();
      }
      await recordHistory(trx, auth, {
        dataId,
        fileCatalogId: nodeId,
        action: isMissing === 1 ? 'missing' : 'unmissing',
        detail: node.catalogName,
      });
      return null;
    });

  // Newest first, always: a history is read in the order things happened.
  serve(fileHistory, async ({ trx, auth, input }) => {
    const { page } = listRequest(input as Record<string, string>, {}, 20);
    const { fileId, dataId, fileCatalogId: nodeId, functionCode } = input;
    if (!fileId && !(dataId && nodeId && NODE_ID.test(nodeId)))
      throw new ValidationError('', '请提供 fileId 或 dataId 与 fileCatalogId');
    const access = await fileAccess(deps, auth, trx);
    if (fileId) {
      // A removed file's history stays readable, to those who may read its record.
      const file = await trx
        .selectFrom('blade_file')
        .selectAll()
        .where('tenant_id', '=', auth.tenantId)
        .where('id', '=', fileId)
        .executeTakeFirst();
      if (!file) throw new NotFoundError(MSG_FILE_NOT_FOUND);
      await access.file(trx, file, 'read');
    } else {
      const code = functionCode || (await functionOfNode(trx, auth.tenantId, nodeId!, dataId!));
      if (!code) throw new NotFoundError(MSG_NODE_NOT_FOUND);
      await demandAtNode(
        trx,
        access,
        auth.tenantId,
        { functionCode: code, dataId: dataId! },
        nodeId!,
        'read',
      );
    }
    let q = trx.selectFrom('blade_file_history').where('tenant_id', '=', auth.tenantId);
    q = fileId
      ? q.where('file_id', '=', fileId)
      : q.where('data_id', '=', dataId!).where('file_catalog_id', '=', nodeId!);
    const { rows, total } = await fetchPage(
      q,
      (qb) => qb.selectAll(),
      page,
      [],
      [
        { column: 'create_time', direction: 'desc' },
        { column: 'id', direction: 'desc' },
      ],
    );
    const records = rows.map((r) => ({
      id: r.id,
      fileId: r.file_id ?? '',
      dataId: r.data_id ?? '',
      fileCatalogId: r.file_catalog_id ?? '',
      action: r.action,
      detail: r.detail,
      userId: r.user_id ?? '',
      account: r.account,
      createTime: formatDateTime(r.create_time),
    }));
    return toPage(records, total, page);
  });

  return router;
}

/** The function of the record a node belongs to, when the client sent only the node (missing-flag calls). */
async function functionOfNode(
  trx: Parameters<typeof resolveNode>[0],
  tenantId: string,
  nodeId: string,
  dataId: string,
): Promise<string | undefined> {
  const added = await trx
    .selectFrom('blade_file_catalog_using')
    .select('function_code')
    .where('tenant_id', '=', tenantId)
    .where('id', '=', nodeId)
    .where('data_id', '=', dataId)
    .executeTakeFirst();
  if (added) return added.function_code;
  const viaFile = await trx
    .selectFrom('blade_file')
    .select('function_code')
    .where('tenant_id', '=', tenantId)
    .where('data_id', '=', dataId)
    .where('file_catalog_id', '=', nodeId)
    .where('function_code', 'is not', null)
    .limit(1)
    .executeTakeFirst();
  if (viaFile?.function_code) return viaFile.function_code;
  const catalog = await trx
    .selectFrom('blade_file_catalog')
    .select('node_path')
    .where('tenant_id', '=', tenantId)
    .where('id', '=', nodeId)
    .executeTakeFirst();
  if (!catalog) return undefined;
  const presets = await trx
    .selectFrom('blade_file_preset')
    .select('function_code')
    .where('tenant_id', '=', tenantId)
    .where('file_catalog_id', 'in', catalog.node_path.split(','))
    .where('is_deleted', '=', 0)
    .execute();
  // Ambiguous when several functions share the subtree: the client must then send functionCode.
  const codes = [...new Set(presets.map((p) => p.function_code))];
  return codes.length === 1 ? codes[0] : undefined;
}

/**
 * Missing marks and the history of a node are kept by record id and node, not by function: a call on them must be
 * allowed on the record it names and on every other function's record with that id that has files (removed ones too)
 * or nodes of its own there — else naming a function one may use would reach another's marks and history.
 */
async function demandAtNode(
  trx: Parameters<typeof resolveNode>[0],
  access: FileAccess,
  tenantId: string,
  record: RecordRef,
  nodeId: string,
  action: 'read' | 'edit',
): Promise<void> {
  const files = await trx
    .selectFrom('blade_file')
    .select('function_code')
    .distinct()
    .where('tenant_id', '=', tenantId)
    .where('data_id', '=', record.dataId)
    .where('file_catalog_id', '=', nodeId)
    .execute();
  const nodes = await trx
    .selectFrom('blade_file_catalog_using')
    .select('function_code')
    .distinct()
    .where('tenant_id', '=', tenantId)
    .where('data_id', '=', record.dataId)
    .where((eb) => eb.or([eb('id', '=', nodeId), eb('catalog_id', '=', nodeId)]))
    .execute();
  const codes = new Set([record.functionCode]);
  for (const row of [...files, ...nodes]) if (row.function_code) codes.add(row.function_code);
  for (const functionCode of codes) await access.record(trx, { functionCode, dataId: record.dataId }, action);
}

type FileAction = 'view' | 'download' | 'delete';

/**
 * A file streamed to a keyed read (download, preview): the key signed for this user and file, the caller's right to
 * read the record, the node's flag for the action. A viewer reading a PDF in pieces, or a resumed download, is one
 * action on the record in the history, not one per piece.
 */
export async function authorisedRead(
  deps: Deps,
  auth: AuthUser,
  id: string,
  authKey: string | undefined,
  action: 'view' | 'download',
  ranged: RangeRequest,
): Promise<FileRow> {
  const access = await fileAccess(deps, auth);
  return withTenant(deps.db, auth.tenantId, async (trx) => {
    const row = await findFile(trx, auth.tenantId, id);
    if (!row) throw new NotFoundError(MSG_FILE_NOT_FOUND);
    const claims = { tenantId: auth.tenantId, userId: auth.userId, fileId: id };
    if (!verifyAuthKey(deps.settings.jwtSigningKey, authKey ?? '', claims))
      throw new ForbiddenError('下载授权无效或已过期');
    await access.file(trx, row, 'read');
    await assertFileAction(trx, auth.tenantId, row, action);
    if (!isContinuation(ranged)) await recordFileHistory(trx, auth, row, action);
    return row;
  });
}

/**
 * The per-file flags the file table shows are the ones enforced here (000 §6). Who may act on the file at all is
 * FileAccess's question (access.ts), asked first.
 */
export async function assertFileAction(
  trx: Parameters<typeof resolveNode>[0],
  tenantId: string,
  file: FileRow,
  action: FileAction,
): Promise<void> {
  const owner = file.kind === 'file' ? file : await findFile(trx, tenantId, file.source_file_id ?? '');
  const node = owner ? await nodeOfFile(trx, tenantId, owner).catch(() => undefined) : undefined;
  if (!node) return;
  const allowed =
    action === 'view'
      ? node.rules.canView
      : action === 'download'
        ? node.rules.canDownload
        : node.rules.canDel;
  if (allowed !== 1)
    throw new ServiceError(
      action === 'view'
        ? '该文件不允许预览'
        : action === 'download'
          ? '该文件不允许下载'
          : '该文件不允许删除',
    );
}

async function removeFiles(
  trx: Parameters<typeof resolveNode>[0],
  auth: AuthUser,
  access: FileAccess,
  ids: string[],
): Promise<void> {
  for (const id of ids) {
    const file = await originalFile(trx, auth.tenantId, id);
    await access.file(trx, file, 'delete');
    await assertFileAction(trx, auth.tenantId, file, 'delete');
    if (file.is_stamped === 1) throw new ServiceError('已签章文件不能删除');
    // Soft delete: the object stays in storage, so a removal can be undone by an operator and history stays whole.
    await updateFile(trx, auth, id, { is_deleted: 1 });
    await recordFileHistory(trx, auth, file, 'delete', file.original_filename);
  }
}
