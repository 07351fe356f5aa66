import { Hono } from 'hono';
import { sql, type SqlBool } from 'kysely';
import { attachResource } from '../../../lib/contracts/files/attach';
import type { BladeEnv, Deps } from '../../core/context';
import { type CrudHooks } from '../../core/crud';
import { KeyedError, NotFoundError } from '../../core/errors';
import { success } from '../../core/envelope';
import { contains } from '../../core/page';
import { requireTenantAdmin } from '../../core/roles';
import { withTenant } from '../../db/tenant';
import { recordHistory } from './history.repository';
import { fileIdsOf } from './input';
import { readTextParams } from '../../core/input';
import { storedName } from '../../../lib/contracts/files/names';

/**
 * Attachments (lib/contracts/files/attach.ts): the answer's link and sizes, the renaming submit with its history, the
 * search as the attachment screen sends it, and the remove that keeps stamped files.
 */
export const attachHooks: CrudHooks = {
  present: (row) => ({
    link: `/api/blade-resource/file/downloadById?id=${row.id}`,
    domain: row.storage,
    attachSize: Number(row.size),
  }),
  // A fragment of the name (wildcards taken literally, cut to the column) and the extension, lower-cased as stored.
  async listCondition(_ctx, params) {
    const conditions = [];
    if (typeof params.originalName === 'string' && params.originalName)
      conditions.push(sql<SqlBool>`original_filename like ${contains(params.originalName.slice(0, 255))}`);
    if (typeof params.extension === 'string' && params.extension)
      conditions.push(sql<SqlBool>`suffix = ${params.extension.slice(0, 16).toLowerCase()}`);
    return conditions.length ? sql<SqlBool>`(${sql.join(conditions, sql` and `)})` : undefined;
  },
  // Files arrive through the upload calls: a submit only renames one, its name cleaned as every stored name is.
  async beforeWrite(_ctx, values, id) {
    if (!id) throw new KeyedError('system.attach.idInvalid');
    values.original_filename = storedName(String(values.original_filename ?? '')).trim();
    if (!values.original_filename) throw new KeyedError('system.attach.nameRequired');
  },
  async afterWrite(ctx, values, id) {
    await recordHistory(ctx.trx, ctx.auth, {
      fileId: id,
      action: 'rename',
      detail: String(values.original_filename),
    });
  },
  ownCalls: ['remove'],
};

export function attachActions(deps: Deps) {
  const router = new Hono<BladeEnv>();

  // POST /blade-resource/attach/remove?ids — soft delete (the objects stay for restore and history). Stamped files are
  // kept and the others removed; an id that is not a live file of the tenant removes nothing (404, as every remove),
  // and so does a selection of stamped files only.
  router.post(attachResource.calls.remove.path, requireTenantAdmin, async (c) => {
    const auth = c.get('auth');
    const ids = [...new Set(fileIdsOf((await readTextParams(c)).ids))];
    await withTenant(deps.db, auth.tenantId, async (trx) => {
      const found = await trx
        .selectFrom('blade_file')
        .select('id')
        .where('tenant_id', '=', auth.tenantId)
        .where('id', 'in', ids)
        .where('kind', '=', 'file')
        .where('is_deleted', '=', 0)
        .forUpdate()
        .execute();
      if (found.length !== ids.length) throw new NotFoundError();
      const removed = await trx
        .updateTable('blade_file')
        .set({ is_deleted: 1, update_user: auth.userId, update_time: new Date() })
        .where('id', 'in', ids)
        .where('is_stamped', '=', 0)
        .returning('id')
        .execute();
      if (removed.length === 0) throw new NotFoundError();
      for (const { id } of removed)
        await recordHistory(trx, auth, { fileId: id, action: 'delete', detail: 'attach/remove' });
    });
    return c.json(success());
  });

  return router;
}
