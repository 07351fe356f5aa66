import { createHash, createHmac, randomUUID } from 'node:crypto';
import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { withTenant } from '../../db/tenant';
import { ADMIN_PASSWORD, createHarness, PLATFORM, SETUP_TIMEOUT, type Harness } from '../../testing/harness';

// Each vendor's documented HTTP API, played by a loopback stand-in that checks the request as the vendor does —
// recomputing the signature from what arrived, with the secret it knows — and answers in the vendor's shape: success,
// a signature refusal, and a business refusal. The checks below are written from the vendors' documentation, apart
// from the code under test, so a wrong signing step fails here rather than at the vendor.

const KEYS = {
  aliyun: { id: 'LTAI-stand-in', secret: 'aliyun-secret-1' },
  tencent: { id: 'AKID-stand-in', secret: 'tencent-secret-1', appId: '1400006666' },
  qiniu: { id: 'qiniu-ak', secret: 'qiniu-sk-1' },
  yunpian: { apikey: 'yunpian-apikey-1' },
};
/** The template that each stand-in refuses as a business rule (rate limit, unknown template). */
const LIMITED = 'LIMITED';
const PARAMS = { code: '123456', name: '张三' };

interface Received {
  path: string;
  headers: IncomingHttpHeaders;
  body: string;
}
interface Answer {
  status: number;
  body: unknown;
}
const received: Received[] = [];

/** Unreserved characters stay, every other UTF-8 byte becomes %XX (RFC 3986), as the RPC signature requires. */
const percent = (text: string) =>
  [...Buffer.from(text, 'utf8')]
    .map((byte) => {
      const char = String.fromCharCode(byte);
      return /[A-Za-z0-9_.~-]/.test(char) ? char : `%${byte.toString(16).toUpperCase().padStart(2, '0')}`;
    })
    .join('');

/** Dysmsapi SendSms, RPC style: parameters in a form body, HMAC-SHA1 over `POST&%2F&<encoded sorted query>`. */
function aliyunStandIn(req: Received): Answer {
  const params = Object.fromEntries(new URLSearchParams(req.body));
  const { Signature: signature, ...signed } = params;
  const fixed = {
    Action: 'SendSms',
    Version: '2017-05-25',
    Format: 'JSON',
    SignatureMethod: 'HMAC-SHA1',
    SignatureVersion: '1.0',
  };
  for (const [name, value] of Object.entries(fixed))
    if (params[name] !== value) return { status: 400, body: { Code: 'MissingParameter', Message: name } };
  if (!/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\dZ$/.test(params.Timestamp ?? '') || !params.SignatureNonce)
    return { status: 400, body: { Code: 'InvalidTimeStamp.Format', Message: 'Timestamp' } };
  if (params.AccessKeyId !== KEYS.aliyun.id)
    return {
      status: 404,
      body: { Code: 'InvalidAccessKeyId.NotFound', Message: 'Specified access key is not found.' },
    };
  const query = Object.keys(signed)
    .sort()
    .map((name) => `${percent(name)}=${percent(signed[name])}`)
    .join('&');
  const expected = createHmac('sha1', `${KEYS.aliyun.secret}&`)
    .update(`POST&${percent('/')}&${percent(query)}`)
    .digest('base64');
  if (signature !== expected)
    return {
      status: 400,
      body: {
        Code: 'SignatureDoesNotMatch',
        Message: 'Specified signature is not matched with our calculation.',
      },
    };
  if (params.TemplateCode === LIMITED)
    return { status: 200, body: { Code: 'isv.BUSINESS_LIMIT_CONTROL', Message: '触发分钟级流控Permits:1' } };
  return {
    status: 200,
    body: { Code: 'OK', Message: 'OK', BizId: '900619746936498440^0', RequestId: randomUUID() },
  };
}

const sha256 = (text: string) => createHash('sha256').update(text).digest('hex');

/** SMS API 3.0 SendSms: JSON body, TC3-HMAC-SHA256 over content-type and host. */
function tencentStandIn(req: Received): Answer {
  const fail = (code: string, message: string) => ({
    status: 200,
    body: { Response: { Error: { Code: code, Message: message }, RequestId: randomUUID() } },
  });
  const h = req.headers;
  if (h['x-tc-action'] !== 'SendSms' || h['x-tc-version'] !== '2021-01-11' || !h['x-tc-region'])
    return fail('InvalidParameter', 'action, version or region');
  const auth =
    /^TC3-HMAC-SHA256 Credential=([^/]+)\/(\d{4}-\d\d-\d\d)\/sms\/tc3_request, SignedHeaders=content-type;host, Signature=([0-9a-f]{64})$/.exec(
      String(h.authorization),
    );
  const timestamp = Number(h['x-tc-timestamp']);
  if (!auth || auth[1] !== KEYS.tencent.id)
    return fail('AuthFailure.SecretIdNotFound', 'The SecretId is not found');
  const date = new Date(timestamp * 1000).toISOString().slice(0, 10);
  if (auth[2] !== date) return fail('AuthFailure.SignatureFailure', 'credential date');
  const canonical = `POST\n/\n\ncontent-type:${h['content-type']}\nhost:${h.host}\n\ncontent-type;host\n${sha256(req.body)}`;
  const toSign = `TC3-HMAC-SHA256\n${timestamp}\n${date}/sms/tc3_request\n${sha256(canonical)}`;
  let key: Buffer = createHmac('sha256', `TC3${KEYS.tencent.secret}`).update(date).digest();
  for (const part of ['sms', 'tc3_request']) key = createHmac('sha256', key).update(part).digest();
  if (createHmac('sha256', key).update(toSign).digest('hex') !== auth[3])
    return fail(
      'AuthFailure.SignatureFailure',
      'The provided credentials could not be validated. Please check your signature is correct.',
    );
  const body = JSON.parse(req.body) as { PhoneNumberSet: string[]; SmsSdkAppId: string; TemplateId: string };
  if (body.SmsSdkAppId !== KEYS.tencent.appId)
    return fail('InvalidParameterValue.SdkAppIdNotExist', 'SdkAppId');
  const limited = body.TemplateId === LIMITED;
  return {
    status: 200,
    body: {
      Response: {
        SendStatusSet: body.PhoneNumberSet.map((phone) => ({
          PhoneNumber: phone,
          Code: limited ? 'LimitExceeded.PhoneNumberDailyLimit' : 'Ok',
          Message: limited
            ? 'the number of sms messages sent from a single mobile number every day exceeds the upper limit'
            : 'send success',
          SerialNo: randomUUID(),
        })),
        RequestId: randomUUID(),
      },
    },
  };
}

/** Yunpian v2 tpl_single_send / tpl_batch_send: a form body whose apikey is the account's. */
function yunpianStandIn(req: Received): Answer {
  const form = new URLSearchParams(req.body);
  if (form.get('apikey') !== KEYS.yunpian.apikey)
    return {
      status: 401,
      body: { http_status_code: 401, code: -1, msg: '非法的apikey', detail: '请检查的apikey是否正确' },
    };
  if (form.get('tpl_id') === LIMITED)
    return {
      status: 400,
      body: {
        http_status_code: 400,
        code: 33,
        msg: '超过频率',
        detail: '同一个手机号同一验证码模板每30秒只能发送一条',
      },
    };
  const mobiles = String(form.get('mobile')).split(',');
  const one = (mobile: string) => ({
    code: 0,
    msg: '发送成功',
    count: 1,
    fee: 0.05,
    unit: 'RMB',
    mobile,
    sid: 3310228982,
  });
  if (req.path === '/v2/sms/tpl_single_send.json') return { status: 200, body: one(mobiles[0]) };
  return {
    status: 200,
    body: { total_count: mobiles.length, total_fee: '0.1000', unit: 'RMB', data: mobiles.map(one) },
  };
}

/** Qiniu POST /v1/message: `Qiniu <AK>:<urlsafe base64 HMAC-SHA1 of method, path, host, content type and body>`. */
function qiniuStandIn(req: Received): Answer {
  const match = /^Qiniu ([^:]+):(.+)$/.exec(String(req.headers.authorization));
  if (!match || match[1] !== KEYS.qiniu.id) return { status: 401, body: { error: 'bad token' } };
  const data = `POST ${req.path}\nHost: ${req.headers.host}\nContent-Type: ${req.headers['content-type']}\n\n${req.body}`;
  const sign = createHmac('sha1', KEYS.qiniu.secret)
    .update(data)
    .digest('base64')
    .replace(/\+/g, '-')
    .replace(/\//g, '_');
  if (sign !== match[2]) return { status: 401, body: { error: 'bad token' } };
  const body = JSON.parse(req.body) as { template_id: string };
  if (body.template_id === LIMITED)
    return { status: 400, body: { error_code: 'TemplateNotFound', message: '模板不存在或未审核通过' } };
  return { status: 200, body: { job_id: 'job-1100' } };
}

function standIn(req: Received): Answer {
  if (req.path.startsWith('/v2/sms/')) return yunpianStandIn(req);
  if (req.path === '/v1/message') return qiniuStandIn(req);
  if (req.headers['x-tc-action']) return tencentStandIn(req);
  return aliyunStandIn(req);
}

let server: Server;
let endpoint: string;
let h: Harness;
let admin: string;

beforeAll(async () => {
  server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      const request = {
        path: req.url ?? '',
        headers: req.headers,
        body: Buffer.concat(chunks).toString('utf8'),
      };
      received.push(request);
      const answer = standIn(request);
      res.writeHead(answer.status, { 'content-type': 'application/json;charset=utf-8' });
      res.end(JSON.stringify(answer.body));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  endpoint = `http://127.0.0.1:${port}`;
  // Ops allow the stand-in by name, as they would allow the vendors' endpoints (OUTBOUND_ALLOWED_HOSTS).
  h = await createHarness({ outbound: { allowedHosts: [`127.0.0.1:${port}`] } });
  admin = (await h.login('admin', ADMIN_PASSWORD)).access_token;
}, SETUP_TIMEOUT);

afterAll(async () => {
  await h?.close();
  await new Promise((resolve) => server?.close(resolve));
}, SETUP_TIMEOUT);

const lastRecord = () =>
  withTenant(h.blade.db, PLATFORM, (trx) =>
    trx.selectFrom('blade_sms_log').selectAll().orderBy('id', 'desc').limit(1).executeTakeFirstOrThrow(),
  );

/** Adds a configuration aimed at the stand-in and sends through it. */
async function sendThrough(config: Record<string, unknown>, phones = '13812345678') {
  expect(
    await h.call('/blade-resource/sms/submit', admin, { endpoint, signName: '检测中心', ...config }),
  ).toMatchObject({ code: 200 });
  received.length = 0;
  const res = await h.call(
    `/blade-resource/sms/endpoint/send-message?code=${config.smsCode}&phones=${phones}&params=${encodeURIComponent(
      JSON.stringify(PARAMS),
    )}`,
    admin,
    {},
  );
  return { res, request: received[0] };
}

/** The request as it arrived, sent again with `tamper` applied: the stand-in must refuse it. */
async function replay(
  request: Received,
  tamper: (r: Received) => Received,
): Promise<{ status: number; body: string }> {
  const changed = tamper(request);
  const headers = Object.fromEntries(
    Object.entries(changed.headers).filter(
      ([name]) => !['host', 'content-length', 'connection'].includes(name),
    ),
  ) as Record<string, string>;
  const res = await fetch(`${endpoint}${changed.path}`, { method: 'POST', headers, body: changed.body });
  return { status: res.status, body: await res.text() };
}

const vendors = [
  {
    name: 'aliyun',
    accepted: '"Code":"OK"',
    rejected: 'SignatureDoesNotMatch',
    config: { category: 3, accessKey: KEYS.aliyun.id, secretKey: KEYS.aliyun.secret },
    sent: '阿里云已受理 BizId 900619746936498440^0',
    checkRequest(r: Received) {
      const p = Object.fromEntries(new URLSearchParams(r.body));
      expect(p).toMatchObject({
        PhoneNumbers: '13812345678,13900001111',
        SignName: '检测中心',
        TemplateCode: 'T-1',
      });
      expect(JSON.parse(p.TemplateParam)).toEqual(PARAMS);
    },
    tamper: (r: Received) => ({ ...r, body: r.body.replace('13900001111', '13900002222') }),
    badKeyRefusal: 'SignatureDoesNotMatch Specified signature is not matched with our calculation.',
    limitedRefusal: '阿里云拒绝发送: isv.BUSINESS_LIMIT_CONTROL 触发分钟级流控Permits:1',
  },
  {
    name: 'tencent',
    accepted: '"Code":"Ok"',
    rejected: 'AuthFailure.SignatureFailure',
    config: {
      category: 4,
      accessKey: KEYS.tencent.id,
      secretKey: KEYS.tencent.secret,
      appId: KEYS.tencent.appId,
      regionId: 'ap-guangzhou',
    },
    sent: '腾讯云已受理',
    checkRequest(r: Received) {
      expect(r.headers['x-tc-region']).toBe('ap-guangzhou');
      expect(JSON.parse(r.body)).toEqual({
        PhoneNumberSet: ['+8613812345678', '+8613900001111'],
        SmsSdkAppId: KEYS.tencent.appId,
        SignName: '检测中心',
        TemplateId: 'T-1',
        TemplateParamSet: ['123456', '张三'],
      });
    },
    tamper: (r: Received) => ({ ...r, body: r.body.replace('T-1', 'T-2') }),
    badKeyRefusal: 'AuthFailure.SignatureFailure The provided credentials could not be validated.',
    limitedRefusal: '腾讯云拒绝发送: LimitExceeded.PhoneNumberDailyLimit the number of sms messages sent',
  },
  {
    name: 'yunpian',
    accepted: '"code":0',
    rejected: '非法的apikey',
    config: { category: 1, accessKey: 'account', secretKey: KEYS.yunpian.apikey },
    sent: '云片已受理 2 条',
    checkRequest(r: Received) {
      expect(r.path).toBe('/v2/sms/tpl_batch_send.json');
      const form = new URLSearchParams(r.body);
      expect(form.get('mobile')).toBe('13812345678,13900001111');
      expect(form.get('tpl_id')).toBe('T-1');
      // tpl_value: `#name#=value` pairs, each part URL-encoded, then the whole value encoded once more as a field.
      expect(Object.fromEntries(new URLSearchParams(String(form.get('tpl_value'))))).toEqual({
        '#code#': '123456',
        '#name#': '张三',
      });
    },
    tamper: (r: Received) => ({ ...r, body: r.body.replace(/apikey=[^&]*/, 'apikey=guessed') }),
    badKeyRefusal: '云片拒绝发送: -1 非法的apikey: 请检查的apikey是否正确',
    limitedRefusal: '云片拒绝发送: 33 超过频率: 同一个手机号同一验证码模板每30秒只能发送一条',
  },
  {
    name: 'qiniu',
    accepted: 'job-1100',
    rejected: 'bad token',
    config: { category: 2, accessKey: KEYS.qiniu.id, secretKey: KEYS.qiniu.secret },
    sent: '七牛云已受理 job job-1100',
    checkRequest(r: Received) {
      expect(r.path).toBe('/v1/message');
      expect(JSON.parse(r.body)).toEqual({
        template_id: 'T-1',
        mobiles: ['13812345678', '13900001111'],
        parameters: PARAMS,
      });
    },
    tamper: (r: Received) => ({ ...r, body: r.body.replace('13900001111', '13900002222') }),
    badKeyRefusal: '七牛云拒绝发送: bad token',
    limitedRefusal: '七牛云拒绝发送: TemplateNotFound 模板不存在或未审核通过',
  },
];

describe.each(vendors)('$name', (vendor) => {
  it('sends a correctly signed request, records it, and the stand-in refuses it tampered', async () => {
    const { res, request } = await sendThrough(
      { ...vendor.config, smsCode: `${vendor.name}-ok`, templateId: 'T-1' },
      '13812345678,13900001111',
    );
    expect(res).toMatchObject({
      code: 200,
      success: true,
      msg: '发送成功!',
      data: { outcome: 'sent', provider: vendor.name },
    });
    vendor.checkRequest(request);
    expect(await lastRecord()).toMatchObject({
      sms_code: `${vendor.name}-ok`,
      provider: vendor.name,
      outcome: 'sent',
      success: 1,
      phones: '138****5678,139****1111',
      phone_count: 2,
      param_keys: 'code,name',
    });
    expect((await lastRecord()).message).toContain(vendor.sent);
    // The request as sent passes the vendor's check again; with one thing changed it no longer does.
    expect((await replay(request, (r) => r)).body).toContain(vendor.accepted);
    expect((await replay(request, vendor.tamper)).body).toContain(vendor.rejected);
  });

  it("answers the vendor's signature refusal as a refusal, and records it", async () => {
    const { res } = await sendThrough({
      ...vendor.config,
      smsCode: `${vendor.name}-badkey`,
      templateId: 'T-1',
      secretKey: 'not-the-secret',
    });
    expect(res).toMatchObject({ status: 400, success: false });
    expect(res.msg).toContain(vendor.badKeyRefusal);
    expect(res.msg).not.toContain('发送成功');
    expect(await lastRecord()).toMatchObject({
      sms_code: `${vendor.name}-badkey`,
      outcome: 'failed',
      success: 0,
    });
  });

  it("answers the vendor's business refusal with its message, and records it", async () => {
    const { res } = await sendThrough({
      ...vendor.config,
      smsCode: `${vendor.name}-limited`,
      templateId: LIMITED,
    });
    expect(res).toMatchObject({ status: 400, success: false });
    expect(res.msg).toContain(vendor.limitedRefusal);
    const record = await lastRecord();
    expect(record).toMatchObject({ sms_code: `${vendor.name}-limited`, outcome: 'failed', success: 0 });
    expect(record.message).toContain(vendor.limitedRefusal);
  });
});

describe('the outbound rule', () => {
  it('refuses an endpoint ops do not allow before anything is sent', async () => {
    expect(
      await h.call('/blade-resource/sms/submit', admin, {
        ...vendors[0].config,
        smsCode: 'elsewhere',
        templateId: 'T-1',
        signName: '检测中心',
        endpoint: 'http://127.0.0.1:1',
      }),
    ).toMatchObject({ status: 400, msg: '短信服务地址不能指向内部网络' });
  });
});
