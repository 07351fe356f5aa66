import type { Hono } from 'hono';
import {
  SMS_ENABLED,
  smsCategoriesOffered,
  smsCategory,
  type SmsCategory,
} from '../../../lib/contracts/system/sms';
import { smsEnable } from '../../../lib/contracts/system/sms.actions';
import { actionRoute } from '../../core/action';
import type { BladeEnv, Deps } from '../../core/context';
import { type CrudHooks } from '../../core/crud';
import { KeyedError, NotFoundError } from '../../core/errors';
import { disableConfigs, enableConfig, findLiveConfig } from '../system/enabled-config.repository';

/**
 * The log channel sends nothing: in production it cannot be chosen, enabled or sent through, so no tenant's messages
 * (verification codes, alerts) quietly go nowhere there. Read at call time: tests switch NODE_ENV.
 */
export const isProduction = () => process.env.NODE_ENV === 'production';

/** The category a configuration may have now, or a refusal: unknown numbers, and the log channel in production. */
export function usableCategory(value: unknown): SmsCategory {
  const category = smsCategory(value);
  if (!category) throw new KeyedError('system.sms.categoryInvalid');
  if (!smsCategoriesOffered(isProduction()).includes(category))
    throw new KeyedError('system.sms.logChannelProduction');
  return category;
}

/** What each vendor's API needs besides the keys and the template (the definition requires those for every one). */
function checkVendorFields(category: SmsCategory, row: Record<string, unknown>): void {
  if ((category.name === 'aliyun' || category.name === 'tencent') && !row.sign_name)
    throw new KeyedError('system.sms.signNameRequired');
  if (category.name === 'tencent' && !row.app_id) throw new KeyedError('system.sms.appIdRequired');
}

/**
 * What the definition does not say: only categories that work are saved (and the log channel not in production), a
 * vendor gets the fields its API needs, the endpoint passes the outbound rule on save (blade/ connects to it for the
 * tenant, SECURITY 24; what is kept is the normalised origin), the answer says whether a secret is stored, and a
 * removed configuration stops being the enabled one.
 */
export function smsHooks(deps: Deps): CrudHooks {
  return {
    present: (row) => ({
      tenantId: row.tenant_id,
      categoryName: smsCategory(row.category)?.name ?? '',
      secretKeySet: row.secret_key !== '',
      statusName: row.status === SMS_ENABLED ? '启用' : '关闭',
    }),
    async beforeWrite({ trx, auth }, values, id) {
      // An edit may leave fields out: the vendor's needs are checked against the row as it will be.
      const stored = id ? await findLiveConfig(trx, 'blade_sms', auth.tenantId, id) : undefined;
      const row: Record<string, unknown> = { ...stored, ...values };
      const category = usableCategory(row.category);
      checkVendorFields(category, row);
      if (values.endpoint)
        values.endpoint = await deps.outbound.accept(String(values.endpoint), 'smsEndpoint');
    },
    async afterRemove({ trx }, ids) {
      await disableConfigs(trx, 'blade_sms', ids);
    },
  };
}

export function smsActions(deps: Deps): Hono<BladeEnv> {
  return actionRoute(deps, smsEnable, async ({ trx, auth, input: { id } }) => {
    const row = await findLiveConfig(trx, 'blade_sms', auth.tenantId, id);
    if (!row) throw new NotFoundError();
    // A stored row of an unknown category, or the log channel in production, cannot become the tenant's sender.
    usableCategory(row.category);
    await enableConfig(trx, 'blade_sms', auth.tenantId, id, auth.userId);
    return null;
  });
}
