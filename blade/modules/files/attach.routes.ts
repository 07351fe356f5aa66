import { Hono } from 'hono';
import { z } from 'zod';
import type { BladeEnv, Deps } from '../../core/context';
import { ok, success } from '../../core/envelope';
import { NotFoundError, ValidationError } from '../../core/errors';
import { contains, fetchPage, toPage } from '../../core/page';
import { auditFields } from '../../core/vo';
import { withTenant } from '../../db/tenant';
import { requireTenantAdmin } from '../../core/roles';
import { FILE_ID, type FileRow } from './file.repository';
import { recordHistory } from './history.repository';
import { readInput } from './input';
import { storedNameInput } from './names';
import { listRequest } from './list-request';

// BladeX's attachment screen over the stored files of the tenant (every upload is an attachment).

function attachVO(r: FileRow) {
  return {
    ...auditFields({ ...r, create_dept: r.create_dept }),
    link: `/api/blade-resource/file/downloadById?id=${r.id}`,
    domain: r.storage,
    name: r.object_key,
    originalName: r.original_filename,
    extension: r.suffix,
    attachSize: Number(r.size),
  };
}

const idsOf = (raw: string | undefined) => {
  const ids = (raw ?? '')
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean);
  if (ids.length === 0) throw new ValidationError('ids', '请至少选择一条数据');
  if (ids.length > 500 || !ids.every((id) => FILE_ID.test(id)))
    throw new ValidationError('ids', '必须是有效的文件ID');
  return ids;
};

/** ascs/descs of the attachment list: the answer's field names (camelCase accepted) and their columns. */
const ATTACH_SORTABLE = {
  create_time: 'create_time',
  original_name: 'original_filename',
  extension: 'suffix',
  attach_size: 'size',
};

export function attachRoutes(deps: Deps) {
  const router = new Hono<BladeEnv>();

  // GET /blade-resource/attach/list — current, size, originalName, extension.
  router.get('/blade-resource/attach/list', requireTenantAdmin, async (c) => {
    const auth = c.get('auth');
    const q = c.req.query();
    const { page, orders } = listRequest(q, ATTACH_SORTABLE, 10);
    const out = await withTenant(deps.db, auth.tenantId, async (trx) => {
      let base = trx
        .selectFrom('blade_file')
        .where('tenant_id', '=', auth.tenantId)
        .where('kind', '=', 'file')
        .where('is_deleted', '=', 0);
      if (q.originalName)
        base = base.where('original_filename', 'like', contains(q.originalName.slice(0, 255)));
      if (q.extension) base = base.where('suffix', '=', q.extension.slice(0, 16).toLowerCase());
      const { rows, total } = await fetchPage(base, (qb) => qb.selectAll(), page, orders, [
        { column: 'create_time', direction: 'desc' },
        { column: 'id', direction: 'asc' },
      ]);
      return toPage(rows.map(attachVO), total, page);
    });
    return c.json(ok(out));
  });

  // GET /blade-resource/attach/detail?id
  router.get('/blade-resource/attach/detail', requireTenantAdmin, async (c) => {
    const auth = c.get('auth');
    const id = c.req.query('id') ?? '';
    if (!FILE_ID.test(id)) throw new ValidationError('id', '必须是有效的文件ID');
    const row = await withTenant(deps.db, auth.tenantId, (trx) =>
      trx
        .selectFrom('blade_file')
        .selectAll()
        .where('tenant_id', '=', auth.tenantId)
        .where('id', '=', id)
        .where('kind', '=', 'file')
        .where('is_deleted', '=', 0)
        .executeTakeFirst(),
    );
    if (!row) throw new NotFoundError();
    return c.json(ok(attachVO(row)));
  });

  // POST /blade-resource/attach/submit — {id, originalName}: renames the attachment (the stored key never changes).
  router.post('/blade-resource/attach/submit', requireTenantAdmin, async (c) => {
    const auth = c.get('auth');
    const body = z
      .object({
        id: z.string().regex(FILE_ID, '必须是有效的文件ID'),
        originalName: z.preprocess(
          storedNameInput,
          z.string({ error: '请输入附件原名' }).trim().min(1, '请输入附件原名').max(255, '长度不能超过255'),
        ),
      })
      .parse(await readInput(c));
    await withTenant(deps.db, auth.tenantId, async (trx) => {
      const r = await trx
        .updateTable('blade_file')
        .set({ original_filename: body.originalName, update_user: auth.userId, update_time: new Date() })
        .where('tenant_id', '=', auth.tenantId)
        .where('id', '=', body.id)
        .where('kind', '=', 'file')
        .where('is_deleted', '=', 0)
        .executeTakeFirst();
      if (r.numUpdatedRows === 0n) throw new NotFoundError();
      await recordHistory(trx, auth, { fileId: body.id, action: 'rename', detail: body.originalName });
    });
    return c.json(success());
  });

  // POST /blade-resource/attach/remove?ids — soft delete (the objects stay for restore and history).
  router.post('/blade-resource/attach/remove', requireTenantAdmin, async (c) => {
    const auth = c.get('auth');
    const ids = idsOf((await readInput(c)).ids);
    await withTenant(deps.db, auth.tenantId, async (trx) => {
      const r = await trx
        .updateTable('blade_file')
        .set({ is_deleted: 1, update_user: auth.userId, update_time: new Date() })
        .where('tenant_id', '=', auth.tenantId)
        .where('id', 'in', ids)
        .where('kind', '=', 'file')
        .where('is_deleted', '=', 0)
        .where('is_stamped', '=', 0)
        .executeTakeFirst();
      if (r.numUpdatedRows === 0n) throw new NotFoundError();
      for (const id of ids)
        await recordHistory(trx, auth, { fileId: id, action: 'delete', detail: 'attach/remove' });
    });
    return c.json(success());
  });

  return router;
}
