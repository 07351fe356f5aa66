import type { Hono } from 'hono';
import type { FieldDef } from '../../../lib/contracts/resource';
import {
  OSS_CATEGORY_NAMES,
  OSS_ENABLED,
  ossEnable,
  ossResource,
  OSS_SPOKEN_CATEGORIES,
} from '../../../lib/contracts/system/oss';
import { actionRoute } from '../../core/action';
import type { BladeEnv, Deps } from '../../core/context';
import { type CrudHooks } from '../../core/crud';
import { KeyedError, NotFoundError } from '../../core/errors';
import { disableConfigs, enableConfig, findLiveConfig } from '../system/enabled-config.repository';

const blank = (value: unknown) => value === '' || value === null;

/** Refuses a category the files module does not speak: unknown numbers, and the vendors that are only listed. */
export function checkOssCategory(category: number): void {
  if (!(category in OSS_CATEGORY_NAMES)) throw new KeyedError('system.oss.categoryInvalid');
  if (!OSS_SPOKEN_CATEGORIES.includes(category)) throw new KeyedError('system.oss.categoryUnsupported');
}

/**
 * What the definition does not say: the endpoints pass the outbound rule on save (blade/ connects to them for the
 * tenant, SECURITY 24; what is kept is the normalised origin), only spoken categories are saved, the answer says
 * whether a secret is stored, and a removed configuration stops being the enabled one.
 */
export function ossHooks(deps: Deps): CrudHooks {
  return {
    present: (row) => ({
      tenantId: row.tenant_id,
      categoryName: OSS_CATEGORY_NAMES[row.category as number] ?? '',
      secretKeySet: row.secret_key !== '',
      statusName: row.status === OSS_ENABLED ? '启用' : '关闭',
    }),
    async beforeWrite({ params }, values, id) {
      // An edit that sends an optional text blank clears it (as before the port); one that leaves it out keeps it.
      if (id && params)
        for (const [name, field] of Object.entries<FieldDef>(ossResource.fields))
          if (field.kind !== 'int' && !field.required && name in params && blank(params[name]))
            values[field.column] = '';
      if (values.category !== undefined) checkOssCategory(Number(values.category));
      if (values.endpoint !== undefined)
        values.endpoint = await deps.outbound.accept(String(values.endpoint), 'ossEndpoint');
      if (values.transform_endpoint)
        values.transform_endpoint = await deps.outbound.accept(
          String(values.transform_endpoint),
          'ossPublic',
        );
    },
    async afterRemove({ trx }, ids) {
      await disableConfigs(trx, 'blade_oss', ids);
    },
  };
}

export function ossActions(deps: Deps): Hono<BladeEnv> {
  return actionRoute(deps, ossEnable, async ({ trx, auth, input: { id } }) => {
    const row = await findLiveConfig(trx, 'blade_oss', auth.tenantId, id);
    if (!row) throw new NotFoundError();
    // A stored row of a vendor the files module does not speak cannot become the tenant's storage.
    checkOssCategory(row.category);
    await enableConfig(trx, 'blade_oss', auth.tenantId, id, auth.userId);
    return null;
  });
}
