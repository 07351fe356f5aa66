import { fileFunctionResource } from '../../../lib/contracts/files/function';
import { filePresetResource, PRESET_OVERRIDES } from '../../../lib/contracts/files/preset';
import { NODE_RULE_MAX } from '../../../lib/contracts/files/rules';
import { fieldSchema } from '../../../lib/contracts/resource';
import { type CrudHooks } from '../../core/crud';
import { zhText } from '../../core/refusal-keys';
import { NotFoundError, ValidationError } from '../../core/errors';

// File configuration (/system/fileConfiguration_detail) served from its definitions: what the definitions do not say.

const hiddenFlag = fieldSchema(fileFunctionResource.fields.isHidden, zhText);

/** Functions: clients (BladeX's) also send and read the hidden flag as `is_hidden`; sent, it wins over `isHidden`. */
export const fileFunctionHooks: CrudHooks = {
  present: (row) => ({ is_hidden: row.is_hidden }),
  async beforeWrite({ params }, values) {
    const alias = params?.is_hidden;
    if (alias === undefined || alias === null || alias === '') return;
    const parsed = hiddenFlag.safeParse(alias);
    if (!parsed.success) throw ValidationError.ofParameter('is_hidden', parsed.error);
    values.is_hidden = parsed.data;
  },
};

/** The range checks the definition's integer fields cannot state, with the texts blade/ has always answered. */
export function checkRange(name: string, value: unknown, max: number): void {
  if (typeof value !== 'number') return;
  if (value < 0) throw ValidationError.keyed(name, 'common.refusal.notNegative');
  if (value > max) throw ValidationError.keyed(name, 'common.validation.maxValue', { max: String(max) });
}

/**
 * Presets: the library node must exist; a blank override means "inherit the node's rule" (null), also on add where
 * the generic submit would store 0; an absent one on edit keeps what is stored. Lists and the detail answer the
 * node's name (`catalogName`), read for all the rows at once.
 */
export const filePresetHooks: CrudHooks = {
  async presentAll({ trx, auth }, rows) {
    const ids = [...new Set(rows.map((r) => String(r.file_catalog_id)))];
    const names = new Map(
      (
        await trx
          .selectFrom('blade_file_catalog')
          .select(['id', 'catalog_name'])
          .where('tenant_id', '=', auth.tenantId)
          .where('id', 'in', ids)
          .execute()
      ).map((n) => [String(n.id), n.catalog_name]),
    );
    return rows.map((r) => ({ catalogName: names.get(String(r.file_catalog_id)) ?? '' }));
  },
  async beforeWrite({ trx, auth, params }, values, id) {
    for (const name of PRESET_OVERRIDES) {
      const raw = params?.[name];
      const blank = raw === undefined ? id === null : raw === '' || raw === null;
      if (blank) values[filePresetResource.fields[name].column] = null;
    }
    checkRange('canMultiUpload', values.can_multi_upload, NODE_RULE_MAX.canMultiUpload);
    checkRange('maxFileSize', values.max_file_size, NODE_RULE_MAX.maxFileSize);
    checkRange('sort', values.sort, NODE_RULE_MAX.sort);
    if (values.file_catalog_id === undefined) return;
    const node = await trx
      .selectFrom('blade_file_catalog')
      .select('id')
      .where('tenant_id', '=', auth.tenantId)
      // As the definition's rule parsed it: a required id text (values are untyped, Record<string, unknown>).
      .where('id', '=', values.file_catalog_id as string)
      .where('is_deleted', '=', 0)
      .executeTakeFirst();
    if (!node) throw new NotFoundError('目录不存在');
  },
};
