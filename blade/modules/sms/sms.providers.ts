import type { SmsRow } from './sms.repository';

/** What a sender gets: the configuration's template and signature, the phones, and the template parameters. */
export interface SmsMessage {
  templateId: string;
  signName: string;
  phones: string[];
  params: Record<string, string>;
}

export interface SmsResult {
  success: boolean;
  /** Short, shown to the administrator and kept in blade_sms_log; never the phone numbers. */
  message: string;
}

/**
 * One SMS vendor. `send` gets the stored configuration (access key, secret key, region) and must not log phone
 * numbers or parameter values in clear.
 */
export interface SmsProvider {
  /** Recorded with each send (blade_sms_log.provider). */
  readonly name: string;
  send(config: SmsRow, message: SmsMessage): Promise<SmsResult>;
}

/** 13812345678 → 138****5678; anything shorter keeps only its last two characters. */
export function maskPhone(phone: string): string {
  if (phone.length >= 7) return `${phone.slice(0, 3)}****${phone.slice(-4)}`;
  return `${'*'.repeat(Math.max(0, phone.length - 2))}${phone.slice(-2)}`;
}

/** The default: writes one line per send to the server log (masked phones, parameter names only) and succeeds. */
export function loggingSmsProvider(log: (line: string) => void): SmsProvider {
  return {
    name: 'log',
    async send(config, message) {
      log(
        `[blade] sms (log provider) tenant ${config.tenant_id} code ${config.sms_code} template ` +
          `${message.templateId || '-'} to ${message.phones.map(maskPhone).join(',')} ` +
          `params ${Object.keys(message.params).join(',') || '-'}`,
      );
      return { success: true, message: '已记录(日志通道)' };
    },
  };
}

/**
 * Where real vendors go: add `category → provider` here (categories are SMS_CATEGORIES in sms.repository.ts, e.g.
 * 3 aliyun, 4 tencent), implemented against the vendor's HTTP API with the configuration's access and secret keys.
 * Every request goes to the origin and through the dispatcher of `deps.outbound.route(endpoint, label)`
 * (core/outbound.ts, SECURITY 24): the rule that object storage follows, so an endpoint is allowed by ops or checked
 * at connect time.
 * A category without an entry is sent through the logging provider, so nothing leaves the server by accident.
 */
export function smsProviders(log: (line: string) => void): {
  forCategory(category: number): SmsProvider;
} {
  const fallback = loggingSmsProvider(log);
  const real = new Map<number, SmsProvider>([
    // [3, aliyunSmsProvider()],
  ]);
  return { forCategory: (category) => real.get(category) ?? fallback };
}
