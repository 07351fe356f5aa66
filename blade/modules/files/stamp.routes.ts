import type { Context } from 'hono';
import {
  fileSignatureDocument,
  fileUpdateStamped,
  fileViewOfd,
} from '../../../lib/contracts/files/stamp.actions';
import { actionRouter } from '../../core/action';
import type { AuthUser, BladeEnv, Deps } from '../../core/context';
import { KeyedError, NotFoundError, ServiceError } from '../../core/errors';
import { ok } from '../../core/envelope';
import { withTenant } from '../../db/tenant';
import { fileAccess } from './access';
import { OFFICE } from './convert';
import { kindOf } from './file-type';
import { fileVO, findFile, originalFile, updateFile, type FileRow } from './file.repository';
import { nodeOfFile } from './file.service';
import { assertFileAction, authorisedRead } from './file.routes';
import { recordFileHistory } from './history.repository';
import { fileIdOf } from './input';
import { readTextParams } from '../../core/input';
import { baseName } from './names';
import { sendFile, type RangeRequest } from './send';
import { storeOfKind } from './stores';
import { BuiltinSigner, type Signer } from './signer';
import { currentSeal, MSG_SEAL_MISSING } from './seal.routes';
import { pdfOf, stampFile } from './stamping';

export function stampRoutes(deps: Deps, signer: Signer = new BuiltinSigner()) {
  const { router, serve } = actionRouter(deps);

  const rangeOf = (c: Context<BladeEnv>): RangeRequest => ({
    range: c.req.header('range'),
    ifRange: c.req.header('if-range'),
  });

  // GET /blade-resource/file/preview?id&authKey — inline preview: images and PDF as they are; Word, Excel and
  // PowerPoint converted to PDF by LibreOffice headless (cached); 400 该文件暂不支持在线预览 without LibreOffice.
  router.get('/blade-resource/file/preview', async (c) => {
    const auth = c.get('auth');
    const query = c.req.query();
    const file = await authorisedRead(deps, auth, fileIdOf(query, 'id'), query.authKey, 'view', rangeOf(c));
    if (kindOf(file.suffix)?.inline)
      return sendFile(
        await storeOfKind(deps, deps.db, file.tenant_id, file.storage),
        file,
        false,
        file.original_filename,
        rangeOf(c),
      );
    if (!OFFICE.has(file.suffix)) throw new ServiceError('该文件暂不支持在线预览');
    const pdf = await pdfOf(deps, auth, file);
    return sendFile(
      await storeOfKind(deps, deps.db, pdf.tenant_id, pdf.storage),
      pdf,
      false,
      `${baseName(file.original_filename)}.pdf`,
      rangeOf(c),
    );
  });

  // GET /blade-resource/file/signatureDocument?fileId — stamps the file with the tenant's seal (built-in signer): a
  // stamped copy, not yet saved (stampedNotSaved 1); the original is kept. Office files are stamped as PDF.
  // Served by hand (storage work outside the transaction, per-file checks), at the declared call.
  router.on(fileSignatureDocument.call.method, fileSignatureDocument.call.path, async (c) => {
    const auth = c.get('auth');
    const id = fileSignatureDocument.input.parse(c.req.query()).fileId;
    const access = await fileAccess(deps, auth);
    const file = await withTenant(deps.db, auth.tenantId, async (trx) => {
      const row = await originalFile(trx, auth.tenantId, id);
      await access.file(trx, row, 'edit');
      const node = await nodeOfFile(trx, auth.tenantId, row);
      if (!node || node.rules.needStamped !== 1) throw new ServiceError('该文件无需签章');
      if (row.is_stamped === 1) throw new ServiceError('该文件已签章');
      return row;
    });
    const row = await stampFile(deps, auth, file, signer, 'stamped', async (trx, copy) => {
      // A previous unsaved copy is replaced.
      await trx
        .updateTable('blade_file')
        .set({ is_deleted: 1 })
        .where('tenant_id', '=', auth.tenantId)
        .where('source_file_id', '=', file.id)
        .where('kind', '=', 'stamped')
        .where('id', '!=', copy.id)
        .where('is_deleted', '=', 0)
        .execute();
      await updateFile(trx, auth, file.id, { stamped_file_id: copy.id, stamped_not_saved: 1 });
      await recordFileHistory(trx, auth, file, 'stamp', `stamped copy ${copy.id} by ${signer.name}`);
      return copy;
    });
    return c.json(ok({ ...fileVO(row), stampedFileId: row.id, fileId: file.id }));
  });

  // What the signing viewer shows: the stamped copy when there is one, else the original (forceUpload=1 drops an
  // unsaved copy first). mode: 'view' once saved, else 'edit'.
  serve(fileViewOfd, async ({ trx, auth, input }) => {
    const access = await fileAccess(deps, auth, trx);
    let file = await originalFile(trx, auth.tenantId, input.fileId);
    await access.file(trx, file, 'read');
    await assertFileAction(trx, auth.tenantId, file, 'view');
    if (input.forceUpload && file.stamped_not_saved === 1 && file.stamped_file_id) {
      // Dropping the unsaved copy is a change of the record's files.
      await access.file(trx, file, 'edit');
      await dropStampedCopy(trx, auth, file);
      file = (await findFile(trx, auth.tenantId, input.fileId))!;
    }
    return {
      fileId: file.id,
      viewFileId: file.stamped_file_id ?? file.id,
      signatureOfdFileId: file.stamped_file_id ?? '',
      isStamped: file.is_stamped,
      stampedNotSaved: file.stamped_not_saved,
      mode: file.is_stamped === 1 ? 'view' : 'edit',
      signer: signer.name,
    };
  });

  async function dropStampedCopy(trx: Parameters<typeof findFile>[0], auth: AuthUser, file: FileRow) {
    await trx
      .updateTable('blade_file')
      .set({ is_deleted: 1 })
      .where('tenant_id', '=', auth.tenantId)
      .where('id', '=', file.stamped_file_id!)
      .execute();
    await updateFile(trx, auth, file.id, { stamped_file_id: null, stamped_not_saved: 0 });
    await recordFileHistory(trx, auth, file, 'stamp-cancel', `dropped stamped copy ${file.stamped_file_id}`);
  }

  // 1 confirms the stamp (isStamped 0→1), 0 cancels it (the copy is dropped, the original stays as it was).
  serve(fileUpdateStamped, async ({ trx, auth, input }) => {
    const stampedId = input.stampedFileId;
    const file = await trx
      .selectFrom('blade_file')
      .selectAll()
      .where('tenant_id', '=', auth.tenantId)
      .where('stamped_file_id', '=', stampedId)
      .where('is_deleted', '=', 0)
      .executeTakeFirst();
    if (!file) throw new NotFoundError('文件不存在');
    await (await fileAccess(deps, auth, trx)).file(trx, file, 'edit');
    if (file.stamped_not_saved !== 1)
      throw new ServiceError(file.is_stamped === 1 ? '该文件已签章' : '没有待确认的签章');
    // Confirming makes the copy the signed document: not while the tenant has no seal of its own (a copy made
    // before its seal was removed is only dropped).
    if (input.isSaveStamped && !(await currentSeal(trx, auth.tenantId)))
      throw new KeyedError(MSG_SEAL_MISSING);
    if (!input.isSaveStamped) {
      await dropStampedCopy(trx, auth, file);
    } else {
      await updateFile(trx, auth, file.id, { is_stamped: 1, stamped_not_saved: 0 });
      await recordFileHistory(trx, auth, file, 'stamp-save', `stamped copy ${stampedId}`);
    }
    return fileVO((await findFile(trx, auth.tenantId, file.id))!);
  });

  // POST /blade-resource/file/downloadTemplate?fileId&authKey — the signed document to hand out: the saved stamped
  // copy as an attachment (400 when the file is not stamped).
  router.post('/blade-resource/file/downloadTemplate', async (c) => {
    const auth = c.get('auth');
    const input = await readTextParams(c);
    const id = fileIdOf(input);
    const access = await fileAccess(deps, auth);
    const copy = await withTenant(deps.db, auth.tenantId, async (trx) => {
      const file = await originalFile(trx, auth.tenantId, id);
      await access.file(trx, file, 'read');
      await assertFileAction(trx, auth.tenantId, file, 'download');
      if (file.is_stamped !== 1 || !file.stamped_file_id) throw new ServiceError('该文件尚未签章');
      const stamped = await findFile(trx, auth.tenantId, file.stamped_file_id);
      if (!stamped) throw new NotFoundError('文件不存在');
      await recordFileHistory(trx, auth, file, 'download', 'stamped copy');
      return stamped;
    });
    return sendFile(await storeOfKind(deps, deps.db, copy.tenant_id, copy.storage), copy, true);
  });

  return router;
}
