import { createHash, createHmac, randomUUID } from 'node:crypto';
import { request } from 'undici';
import { SMS_LOG_CHANNEL, smsCategory } from '../../../lib/contracts/system/sms';
import type { OutboundPolicy } from '../../core/outbound';
import type { SmsRow } from './sms.repository';

/**
 * The SMS vendors, each spoken through its documented HTTP API with plain requests (no vendor SDK), and the
 * development log channel. Every request goes to the configuration's endpoint (or the vendor's documented one) through
 * the outbound rule (core/outbound.ts, SECURITY 24), as object storage does: ops allow the endpoint by name, or permit
 * public endpoints whose addresses are checked at connect time.
 */

/** What a sender gets: the configuration's template and signature, the phones, and the template parameters. */
export interface SmsMessage {
  templateId: string;
  signName: string;
  phones: string[];
  params: Record<string, string>;
}

/**
 * `sent`: the vendor accepted the message; `logged`: the log channel wrote it to the server log and nothing was sent;
 * `failed`: the vendor refused it (its code and message are in `message`).
 */
export type SmsOutcome = 'sent' | 'logged' | 'failed';

export interface SmsResult {
  outcome: SmsOutcome;
  /** Short, shown to the administrator and kept in blade_sms_log; never the phone numbers or parameter values. */
  message: string;
}

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

export const LOGGED_NOT_SENT = '仅记录到服务器日志，短信未发送（日志通道）';

/** The development channel: one line per send in the server log (masked phones, parameter names only); sends nothing. */
export function loggingSmsProvider(log: (line: string) => void): SmsProvider {
  return {
    name: 'log',
    async send(config, message) {
      log(
        `[blade] sms (log provider) tenant ${config.tenant_id} code ${config.sms_code} template ` +
          `${message.templateId || '-'} to ${message.phones.map(maskPhone).join(',')} ` +
          `params ${Object.keys(message.params).join(',') || '-'}`,
      );
      return { outcome: 'logged', message: LOGGED_NOT_SENT };
    },
  };
}

/** A vendor's answer: the HTTP status and the body as JSON (undefined when it is not JSON). */
interface VendorAnswer {
  status: number;
  json: unknown;
  text: string;
}

const TIMEOUT_MS = 10_000;
/** A vendor answers a few hundred bytes; more is read no further (an endpoint is the tenant's to name). */
const MAX_ANSWER_BYTES = 64 * 1024;

async function readCapped(body: AsyncIterable<Buffer> & { destroy(): unknown }): Promise<string> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of body) {
    chunks.push(chunk);
    size += chunk.length;
    if (size > MAX_ANSWER_BYTES) {
      body.destroy();
      break;
    }
  }
  return Buffer.concat(chunks).subarray(0, MAX_ANSWER_BYTES).toString('utf8');
}

/** The configuration's endpoint, else its category's documented one. */
export const endpointOf = (config: SmsRow) => config.endpoint || smsCategory(config.category)?.endpoint || '';

/** POSTs to `path` of the configuration's endpoint through the outbound rule; redirects are not followed. */
async function post(
  outbound: OutboundPolicy,
  config: SmsRow,
  path: string,
  sign: (host: string) => { headers: Record<string, string>; body: string },
): Promise<VendorAnswer> {
  const { origin, dispatcher } = outbound.route(endpointOf(config), 'smsEndpoint');
  const url = new URL(path, origin);
  const { headers, body } = sign(url.host);
  const res = await request(url, {
    method: 'POST',
    headers,
    body,
    dispatcher,
    headersTimeout: TIMEOUT_MS,
    bodyTimeout: TIMEOUT_MS,
  });
  const text = await readCapped(res.body);
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch {
    json = undefined;
  }
  return { status: res.statusCode, json, text };
}

type Json = Record<string, unknown>;
const asObject = (v: unknown): Json => (v !== null && typeof v === 'object' ? (v as Json) : {});
const str = (v: unknown) => (typeof v === 'string' || typeof v === 'number' ? String(v) : '');
/** A vendor's refusal as the administrator sees it: the vendor, its code and its message. */
const refusal = (vendor: string, code: string, message: string, status: number): SmsResult => ({
  outcome: 'failed',
  message: `${vendor}拒绝发送: ${[code, message].filter(Boolean).join(' ') || `HTTP ${status}`}`,
});

// ---------------------------------------------------------------------------------------------------------------
// Aliyun: Dysmsapi SendSms, API version 2017-05-25, RPC style, signature HMAC-SHA1 (SignatureVersion 1.0).

/** RFC 3986 percent-encoding: everything but A–Z a–z 0–9 - _ . ~ (what the RPC signature requires). */
export function rfc3986(value: string): string {
  return encodeURIComponent(value).replace(
    /[!'()*]/g,
    (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`,
  );
}

/**
 * The RPC signature: parameters sorted by name, each name and value encoded, joined as a query; then
 * `METHOD&%2F&encode(query)` signed with HMAC-SHA1 under `secret&`, in Base64.
 */
export function aliyunSignature(method: string, params: Record<string, string>, secret: string): string {
  const canonical = Object.keys(params)
    .sort()
    .map((k) => `${rfc3986(k)}=${rfc3986(params[k])}`)
    .join('&');
  const stringToSign = `${method}&${rfc3986('/')}&${rfc3986(canonical)}`;
  return createHmac('sha1', `${secret}&`).update(stringToSign).digest('base64');
}

export function aliyunSmsProvider(outbound: OutboundPolicy): SmsProvider {
  return {
    name: 'aliyun',
    async send(config, message) {
      const params: Record<string, string> = {
        AccessKeyId: config.access_key,
        Action: 'SendSms',
        Format: 'JSON',
        PhoneNumbers: message.phones.join(','),
        RegionId: config.region_id || 'cn-hangzhou',
        SignName: message.signName,
        SignatureMethod: 'HMAC-SHA1',
        SignatureNonce: randomUUID(),
        SignatureVersion: '1.0',
        TemplateCode: message.templateId,
        Timestamp: new Date().toISOString().replace(/\.\d{3}Z$/, 'Z'),
        Version: '2017-05-25',
        ...(Object.keys(message.params).length > 0 && { TemplateParam: JSON.stringify(message.params) }),
      };
      const signed = { ...params, Signature: aliyunSignature('POST', params, config.secret_key) };
      const answer = await post(outbound, config, '/', () => ({
        headers: { 'content-type': 'application/x-www-form-urlencoded', accept: 'application/json' },
        body: Object.entries(signed)
          .map(([k, v]) => `${rfc3986(k)}=${rfc3986(v)}`)
          .join('&'),
      }));
      const body = asObject(answer.json);
      if (answer.status === 200 && body.Code === 'OK')
        return { outcome: 'sent', message: `阿里云已受理 BizId ${str(body.BizId)}` };
      return refusal('阿里云', str(body.Code), str(body.Message), answer.status);
    },
  };
}

// ---------------------------------------------------------------------------------------------------------------
// Tencent Cloud: SMS API 3.0 SendSms (version 2021-01-11), signature TC3-HMAC-SHA256.

const sha256Hex = (data: string) => createHash('sha256').update(data).digest('hex');
const hmac256 = (key: string | Buffer, data: string) => createHmac('sha256', key).update(data).digest();

/**
 * The TC3 Authorization header of a POST / with a JSON body that signs content-type and host: canonical request →
 * string to sign (algorithm, timestamp, date/service/tc3_request scope, its SHA-256) → a key derived from
 * `TC3` + secret key over date, service and `tc3_request` → hex HMAC-SHA256.
 */
export function tencentAuthorization(input: {
  secretId: string;
  secretKey: string;
  host: string;
  contentType: string;
  payload: string;
  timestamp: number;
  service: string;
}): string {
  const date = new Date(input.timestamp * 1000).toISOString().slice(0, 10);
  const signedHeaders = 'content-type;host';
  const canonicalRequest = [
    'POST',
    '/',
    '',
    `content-type:${input.contentType}\nhost:${input.host}\n`,
    signedHeaders,
    sha256Hex(input.payload),
  ].join('\n');
  const scope = `${date}/${input.service}/tc3_request`;
  const stringToSign = ['TC3-HMAC-SHA256', String(input.timestamp), scope, sha256Hex(canonicalRequest)].join(
    '\n',
  );
  const key = hmac256(hmac256(hmac256(`TC3${input.secretKey}`, date), input.service), 'tc3_request');
  const signature = createHmac('sha256', key).update(stringToSign).digest('hex');
  return `TC3-HMAC-SHA256 Credential=${input.secretId}/${scope}, SignedHeaders=${signedHeaders}, Signature=${signature}`;
}

export function tencentSmsProvider(outbound: OutboundPolicy): SmsProvider {
  return {
    name: 'tencent',
    async send(config, message) {
      const payload = JSON.stringify({
        PhoneNumberSet: message.phones.map((p) => `+86${p}`),
        SmsSdkAppId: config.app_id,
        SignName: message.signName,
        TemplateId: message.templateId,
        // The template's {1}, {2}… in the order the parameters were given.
        TemplateParamSet: Object.values(message.params),
      });
      const contentType = 'application/json; charset=utf-8';
      const timestamp = Math.floor(Date.now() / 1000);
      const answer = await post(outbound, config, '/', (host) => ({
        headers: {
          'content-type': contentType,
          'x-tc-action': 'SendSms',
          'x-tc-version': '2021-01-11',
          'x-tc-timestamp': String(timestamp),
          'x-tc-region': config.region_id || 'ap-guangzhou',
          authorization: tencentAuthorization({
            secretId: config.access_key,
            secretKey: config.secret_key,
            host,
            contentType,
            payload,
            timestamp,
            service: 'sms',
          }),
        },
        body: payload,
      }));
      const response = asObject(asObject(answer.json).Response);
      const error = asObject(response.Error);
      if (answer.status !== 200 || response.Error || !Array.isArray(response.SendStatusSet))
        return refusal('腾讯云', str(error.Code), str(error.Message), answer.status);
      // One status per number: the send is a success only when every number was accepted.
      const refused = response.SendStatusSet.map(asObject).filter((s) => s.Code !== 'Ok');
      if (refused.length === 0)
        return { outcome: 'sent', message: `腾讯云已受理 ${str(response.RequestId)}` };
      const first = refused[0];
      return refusal(
        '腾讯云',
        str(first.Code),
        `${str(first.Message)}（${refused.length}/${response.SendStatusSet.length} 个号码未发送）`,
        answer.status,
      );
    },
  };
}

// ---------------------------------------------------------------------------------------------------------------
// Yunpian: v2 tpl_single_send / tpl_batch_send with the account's apikey (kept as the configuration's secret key).

/** `#name#=value` pairs, each part URL-encoded, joined with `&` (the documented tpl_value). */
export function yunpianTplValue(params: Record<string, string>): string {
  return Object.entries(params)
    .map(([k, v]) => `${encodeURIComponent(`#${k}#`)}=${encodeURIComponent(v)}`)
    .join('&');
}

export function yunpianSmsProvider(outbound: OutboundPolicy): SmsProvider {
  return {
    name: 'yunpian',
    async send(config, message) {
      const batch = message.phones.length > 1;
      const path = batch ? '/v2/sms/tpl_batch_send.json' : '/v2/sms/tpl_single_send.json';
      const answer = await post(outbound, config, path, () => ({
        headers: {
          'content-type': 'application/x-www-form-urlencoded;charset=utf-8',
          accept: 'application/json;charset=utf-8',
        },
        body: new URLSearchParams({
          apikey: config.secret_key,
          mobile: message.phones.join(','),
          tpl_id: message.templateId,
          tpl_value: yunpianTplValue(message.params),
        }).toString(),
      }));
      const body = asObject(answer.json);
      const details = [str(body.msg), str(body.detail)].filter(Boolean).join(': ');
      if (answer.status !== 200) return refusal('云片', str(body.code), details, answer.status);
      if (!batch)
        return body.code === 0
          ? { outcome: 'sent', message: `云片已受理 sid ${str(body.sid)}` }
          : refusal('云片', str(body.code), details, answer.status);
      const items = Array.isArray(body.data) ? body.data.map(asObject) : [];
      const refused = items.filter((item) => item.code !== 0);
      if (items.length === message.phones.length && refused.length === 0)
        return { outcome: 'sent', message: `云片已受理 ${items.length} 条` };
      const first = refused[0] ?? {};
      return refusal(
        '云片',
        str(first.code),
        `${str(first.msg)}（${refused.length || message.phones.length}/${message.phones.length} 个号码未发送）`,
        answer.status,
      );
    },
  };
}

// ---------------------------------------------------------------------------------------------------------------
// Qiniu: POST /v1/message, authorization `Qiniu <AK>:<sign>`.

/**
 * The Qiniu token: `<METHOD> <path>\nHost: <host>\nContent-Type: <type>\n\n<body>` (the body only for a type other
 * than application/octet-stream) signed with HMAC-SHA1 under the secret key, URL-safe Base64.
 */
export function qiniuAuthorization(input: {
  accessKey: string;
  secretKey: string;
  method: string;
  path: string;
  host: string;
  contentType: string;
  body: string;
}): string {
  const signed =
    `${input.method} ${input.path}\nHost: ${input.host}\nContent-Type: ${input.contentType}\n\n` +
    (input.contentType === 'application/octet-stream' ? '' : input.body);
  const sign = createHmac('sha1', input.secretKey).update(signed).digest('base64');
  return `Qiniu ${input.accessKey}:${sign.replace(/\+/g, '-').replace(/\//g, '_')}`;
}

export function qiniuSmsProvider(outbound: OutboundPolicy): SmsProvider {
  return {
    name: 'qiniu',
    async send(config, message) {
      const path = '/v1/message';
      const contentType = 'application/json';
      const body = JSON.stringify({
        template_id: message.templateId,
        mobiles: message.phones,
        parameters: message.params,
      });
      const answer = await post(outbound, config, path, (host) => ({
        headers: {
          'content-type': contentType,
          authorization: qiniuAuthorization({
            accessKey: config.access_key,
            secretKey: config.secret_key,
            method: 'POST',
            path,
            host,
            contentType,
            body,
          }),
        },
        body,
      }));
      const json = asObject(answer.json);
      if (answer.status === 200 && str(json.job_id))
        return { outcome: 'sent', message: `七牛云已受理 job ${str(json.job_id)}` };
      return refusal('七牛云', str(json.error_code), str(json.message) || str(json.error), answer.status);
    },
  };
}

// ---------------------------------------------------------------------------------------------------------------

/** The sender of each category (lib/contracts/system/sms.ts); a category without one cannot be sent through. */
export function smsProviders(
  outbound: OutboundPolicy,
  log: (line: string) => void,
): { forCategory(category: number): SmsProvider | undefined } {
  const providers = new Map<number, SmsProvider>([
    [1, yunpianSmsProvider(outbound)],
    [2, qiniuSmsProvider(outbound)],
    [3, aliyunSmsProvider(outbound)],
    [4, tencentSmsProvider(outbound)],
    [SMS_LOG_CHANNEL, loggingSmsProvider(log)],
  ]);
  return { forCategory: (category) => providers.get(category) };
}
