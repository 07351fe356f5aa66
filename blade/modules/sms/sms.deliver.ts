import type { Deps } from '../../core/context';
import { KeyedError, ServiceError } from '../../core/errors';
import { nextId } from '../../core/ids';
import { withTenant } from '../../db/tenant';
import { maskPhone, smsProviders, type SmsResult } from './sms.providers';
import { findSmsForSending, insertSmsLog } from './sms.repository';
import { usableCategory } from './sms.resource';

export interface SmsRequest {
  /** The configuration's code; empty: the tenant's enabled configuration. */
  code?: string | null;
  phones: string[];
  params: Record<string, string>;
}

export interface SmsDelivery extends SmsResult {
  provider: string;
}

/**
 * Sends through the tenant's SMS configuration: the send call of the SMS screen and the verification codes
 * (modules/verify) both go this way. The vendor is called outside any transaction, and every attempt is recorded in
 * blade_sms_log with what really happened before the caller hears it: sent, logged (the development channel, nothing
 * sent) or the vendor's refusal. A missing configuration is refused before anything is recorded.
 */
export function smsSender(deps: Deps) {
  const providers = smsProviders(deps.outbound, deps.log);
  return async (tenantId: string, request: SmsRequest, actorId: string): Promise<SmsDelivery> => {
    const config = await withTenant(deps.db, tenantId, (trx) =>
      findSmsForSending(trx, tenantId, request.code),
    );
    if (!config) throw new ServiceError(request.code ? '未找到该短信配置' : '请先启用一个短信配置');
    usableCategory(config.category);
    const provider = providers.forCategory(config.category);
    if (!provider) throw new KeyedError('system.sms.categoryInvalid');
    let result: SmsResult;
    try {
      result = await provider.send(config, {
        templateId: config.template_id,
        signName: config.sign_name,
        phones: request.phones,
        params: request.params,
      });
    } catch (err) {
      // A refused endpoint says why (OutboundRefused); anything else (timeouts, resets) stays in the server log.
      deps.log(
        `[blade] sms provider ${provider.name} failed: ${err instanceof Error ? err.message : String(err)}`,
      );
      result = { outcome: 'failed', message: err instanceof ServiceError ? err.message : '短信服务调用失败' };
    }
    await withTenant(deps.db, tenantId, (trx) =>
      insertSmsLog(trx, {
        id: nextId(),
        tenant_id: tenantId,
        sms_id: config.id,
        sms_code: config.sms_code,
        provider: provider.name,
        phones: request.phones.map(maskPhone).join(','),
        phone_count: request.phones.length,
        param_keys: Object.keys(request.params).join(',').slice(0, 500),
        success: result.outcome === 'failed' ? 0 : 1,
        outcome: result.outcome,
        message: result.message.slice(0, 500),
        create_user: actorId,
      }),
    );
    return { ...result, provider: provider.name };
  };
}
