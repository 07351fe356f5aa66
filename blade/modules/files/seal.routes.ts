import { sealInfo, sealRemove } from '../../../lib/contracts/files/stamp.actions';
import { actionRouter } from '../../core/action';
import sharp from 'sharp';
import type { AuthUser, Deps } from '../../core/context';
import { KeyedError, ServiceError, ValidationError } from '../../core/errors';
import { ok } from '../../core/envelope';
import { withTenant, type Trx } from '../../db/tenant';
import { requireTenantAdmin } from '../../core/roles';
import type { FileRow } from './file.repository';
import { newFileId, objectKey } from './file.service';
import { recordHistory } from './history.repository';
import { readLimited, storeOfKind, uploadStore } from './stores';
import { receiveUpload } from './upload';
import { zhText } from '../../core/refusal-keys';

/** The seal is a small picture: 2 MB, and between 64 and 4096 pixels a side (a seal that still reads when scaled). */
export const SEAL_MAX_MB = 2;
const SEAL_MIN_SIDE = 64;
const SEAL_MAX_SIDE = 4096;
const SEAL_FORMATS: Record<string, string> = { png: 'png', jpg: 'jpeg', jpeg: 'jpeg' };
export const MSG_SEAL_FORMAT = '文件格式不正确，仅支持 png, jpg, jpeg';
/** The refusal of every stamping call (and of the seal picture) while the tenant has uploaded no seal. */
export const MSG_SEAL_MISSING = 'files.sealMissing';
export const MSG_SEAL_INVALID = zhText('common.refusal.sealInvalid', {
  min: SEAL_MIN_SIDE,
  max: SEAL_MAX_SIDE,
});

/** The tenant's current seal (the last one uploaded and not removed), if any. */
export function currentSeal(trx: Trx, tenantId: string): Promise<FileRow | undefined> {
  return trx
    .selectFrom('blade_file')
    .selectAll()
    .where('tenant_id', '=', tenantId)
    .where('kind', '=', 'seal')
    .where('is_deleted', '=', 0)
    .orderBy('create_time', 'desc')
    .orderBy('id', 'desc')
    .limit(1)
    .executeTakeFirst();
}

/** Soft-deletes the tenant's seals (a replaced or reset one stays stored, as every removed file does). */
function retireSeals(trx: Trx, auth: Pick<AuthUser, 'tenantId' | 'userId'>): Promise<Array<{ id: string }>> {
  return trx
    .updateTable('blade_file')
    .set({ is_deleted: 1, update_user: auth.userId, update_time: new Date() })
    .where('tenant_id', '=', auth.tenantId)
    .where('kind', '=', 'seal')
    .where('is_deleted', '=', 0)
    .returning('id')
    .execute();
}

/**
 * The upload's magic bytes were checked while it streamed; the signer will decode the whole picture, so decode it
 * now: a truncated or mislabelled image, or one too small or too large to place, is refused before it is the seal.
 */
async function assertUsableSeal(bytes: Buffer, suffix: string): Promise<void> {
  try {
    const image = sharp(bytes, { failOn: 'truncated' });
    const meta = await image.metadata();
    if (meta.format !== SEAL_FORMATS[suffix]) throw new Error('format');
    const { width = 0, height = 0 } = meta;
    if (Math.min(width, height) < SEAL_MIN_SIDE || Math.max(width, height) > SEAL_MAX_SIDE)
      throw new Error('size');
    await image.stats();
  } catch {
    throw new ServiceError(MSG_SEAL_INVALID);
  }
}

/** The seal the built-in signer places (signer.ts): each tenant's administrators upload, replace or remove it. */
export function sealRoutes(deps: Deps) {
  const { router, serve } = actionRouter(deps);

  async function sealBytes(row: FileRow): Promise<Buffer> {
    const store = await storeOfKind(deps, deps.db, row.tenant_id, row.storage);
    return readLimited(await store.get(row.object_key), SEAL_MAX_MB * 1024 * 1024, MSG_SEAL_INVALID);
  }

  // The declared calls (lib/contracts/files/stamp.actions.ts): what is uploaded, and its removal.
  serve(sealInfo, async ({ trx, auth }) => {
    const row = await currentSeal(trx, auth.tenantId);
    if (!row) return { custom: 0 };
    return {
      custom: 1,
      id: row.id,
      originalName: row.original_filename,
      size: Number(row.size),
      createTime: row.create_time,
    };
  });
  serve(sealRemove, async ({ trx, auth }) => {
    const removed = await retireSeals(trx, auth);
    for (const r of removed)
      await recordHistory(trx, auth, { fileId: r.id, action: 'delete', detail: 'seal' });
    return null;
  });

  // GET /blade-resource/file/sealImage — tenant administrators: the uploaded picture the signer places, as an image
  // for the settings screen; 400 files.sealMissing while there is none (no stand-in picture is drawn).
  router.get('/blade-resource/file/sealImage', requireTenantAdmin, async (c) => {
    const auth = c.get('auth');
    const row = await withTenant(deps.db, auth.tenantId, (trx) => currentSeal(trx, auth.tenantId));
    if (!row) throw new KeyedError(MSG_SEAL_MISSING);
    const bytes = await sealBytes(row);
    return new Response(new Uint8Array(bytes), {
      headers: {
        'Content-Type': row.content_type,
        'Content-Length': String(bytes.length),
        'Cache-Control': 'private, no-store',
        'X-Content-Type-Options': 'nosniff',
      },
    });
  });

  // POST /blade-resource/file/uploadSeal — tenant administrators: multipart `file` (png or jpg, ≤ 2 MB, decodable,
  // 64–4096 px a side). Replaces the current seal; earlier ones stay stored (history) but are no longer used.
  router.post('/blade-resource/file/uploadSeal', requireTenantAdmin, async (c) => {
    const auth = c.get('auth');
    const store = await uploadStore(deps, auth.tenantId);
    const fileId = newFileId();
    const received = await receiveUpload(
      c.req.raw,
      {},
      {
        storage: store,
        key: (f) => objectKey(auth.tenantId, fileId, f.suffix),
        beforeFile: async (_fields, f) => {
          if (!Object.hasOwn(SEAL_FORMATS, f.suffix)) throw new ServiceError(MSG_SEAL_FORMAT);
          return SEAL_MAX_MB;
        },
      },
    );
    if (!received.file) throw new ValidationError('file', '请选择要上传的文件');
    const f = received.file;
    try {
      await assertUsableSeal(
        await readLimited(await store.get(f.key), SEAL_MAX_MB * 1024 * 1024, MSG_SEAL_INVALID),
        f.suffix,
      );
      await withTenant(deps.db, auth.tenantId, async (trx) => {
        const previous = await retireSeals(trx, auth);
        await trx
          .insertInto('blade_file')
          .values({
            id: fileId,
            tenant_id: auth.tenantId,
            storage: store.kind,
            object_key: f.key,
            original_filename: f.originalName,
            suffix: f.suffix,
            content_type: f.contentType,
            size: f.size,
            sha256: f.sha256,
            kind: 'seal',
            is_saved: 0,
            create_user: auth.userId,
            update_user: auth.userId,
          })
          .execute();
        await recordHistory(trx, auth, {
          fileId,
          action: 'upload',
          detail: `seal ${f.originalName}${previous.length ? ` (replaces ${previous.map((p) => p.id).join(',')})` : ''}`,
        });
      });
    } catch (err) {
      await store.delete(f.key).catch(() => undefined);
      throw err;
    }
    return c.json(ok({ id: fileId }));
  });

  return router;
}
