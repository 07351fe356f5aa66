import { Hono } from 'hono';
import { z } from 'zod';
import { ok } from './envelope';
import {
  errorHandler,
  ForbiddenError,
  NotFoundError,
  notFoundHandler,
  ServiceError,
  UnauthorizedError,
  ValidationError,
} from './errors';
import { PayloadTooLargeError } from './body-limit';
import type { LogFields } from './log';
import { parseJson } from './validation';
import { refusalKey } from './refusal-keys';
import { blank, idSchema, intSchema } from '../../lib/contracts/inputs';
import { byKey } from '../../lib/contracts/message-key';

const logged: string[] = [];
const records: { msg: string; fields?: LogFields }[] = [];
const app = new Hono();
app.onError(
  errorHandler((msg, fields) => {
    logged.push(msg);
    records.push({ msg, fields });
  }),
);
app.notFound(notFoundHandler);

const submitSchema = z.object({
  id: blank(idSchema),
  sort: blank(z.number({ error: '必须为数字' })),
  name: z.string({ error: '不能为空' }).min(1, '不能为空').max(8, '长度不能超过8'),
});
app.post('/submit', async (c) => c.json(ok(await parseJson(c, submitSchema))));
app.post('/cleaned', async (c) =>
  c.json(ok(await parseJson(c, z.object({ text: z.string().transform((v) => v.replaceAll('\u0000', '')) })))),
);
app.get('/service', () => {
  throw new ServiceError('当前字典键值已存在!');
});
app.get('/prefixed', () => {
  throw new ServiceError('id:新增时不能指定');
});
app.get('/missing', () => {
  throw new NotFoundError();
});
app.get('/denied', () => {
  throw new ForbiddenError();
});
app.get('/anonymous', () => {
  throw new UnauthorizedError();
});
app.get('/data-exception', () => {
  throw Object.assign(new Error('invalid byte sequence for encoding "UTF8": 0x00'), { code: '22021' });
});
app.get('/too-large', () => {
  throw new PayloadTooLargeError(1024 * 1024);
});
app.get('/boom', () => {
  throw new Error('relation "blade_user" violates constraint blade_user_account; select * from blade_user');
});

/** What the error handler answers for a schema's refusal. */
const failureOf = async (error: z.ZodError) => {
  const only = new Hono();
  only.onError(errorHandler(() => {}));
  only.get('/', () => {
    throw error;
  });
  return (await only.request('/')).json();
};

const post = (body: string) =>
  app.request('/submit', { method: 'POST', body, headers: { 'Content-Type': 'application/json' } });

describe('error mapping', () => {
  it('ignores unknown JSON fields and reads "" as null for non-string fields', async () => {
    const res = await post(JSON.stringify({ id: '', sort: '', name: 'x', password2: 'y', $statusName: 'z' }));
    expect(await res.json()).toEqual({
      code: 200,
      success: true,
      data: { id: null, sort: null, name: 'x' },
      msg: '操作成功',
    });
  });

  it('answers 400 with `<field>:<message>` for the first invalid field', async () => {
    const res = await post(JSON.stringify({ sort: 'abc' }));
    expect(res.status).toBe(400);
    expect(await res.json()).toEqual({
      code: 400,
      success: false,
      data: {},
      msg: 'sort:必须为数字',
      errorCode: 'common.validation.number',
      errorField: 'sort',
    });
  });

  it('refuses a NUL in a string the schema keeps, naming the field, and lets a schema that cleans it have its way', async () => {
    const res = await post(JSON.stringify({ name: 'a\u0000b' }));
    expect(res.status).toBe(400);
    expect(await res.json()).toEqual({
      code: 400,
      success: false,
      data: {},
      msg: 'name:不能包含空字符',
      errorCode: 'common.validation.nul',
      errorField: 'name',
    });
    const cleaned = await app.request('/cleaned', {
      method: 'POST',
      body: JSON.stringify({ text: 'a\u0000b' }),
      headers: { 'Content-Type': 'application/json' },
    });
    expect(await cleaned.json()).toMatchObject({ code: 200, data: { text: 'ab' } });
  });

  it('takes integers within int4 only, as numbers or numeric strings', async () => {
    for (const sort of [3000000000, '3000000000', -2147483649, '99999999999'])
      expect(intSchema.safeParse(sort).success).toBe(false);
    for (const sort of [2147483647, '-2147483648', 0, '12'])
      expect(intSchema.safeParse(sort)).toMatchObject({ success: true, data: Number(sort) });
  });

  it('answers 400 for unreadable JSON', async () => {
    const res = await post('{"name":');
    expect(res.status).toBe(400);
    expect(((await res.json()) as { msg: string }).msg).toBe('消息不能读取');
  });

  it.each([
    ['/missing', 404, '数据不存在', 'dataNotFound'],
    ['/denied', 403, '请求被拒绝', 'forbidden'],
    ['/anonymous', 401, '请求未授权', 'unauthorized'],
    ['/nowhere', 404, '404 没找到请求', 'routeNotFound'],
  ])('maps %s to %i', async (path, status, msg, key) => {
    const res = await app.request(path);
    expect(res.status).toBe(status);
    expect(await res.json()).toEqual({
      code: status,
      success: false,
      data: {},
      msg,
      errorCode: `common.refusal.${key}`,
    });
  });

  it('gives a refusal written as text the key of the message with that text, and its values', async () => {
    // A ServiceError without a key whose text is a message's: the key goes out, so English shows English.
    expect(await (await app.request('/service')).json()).toEqual({
      code: 400,
      success: false,
      data: {},
      msg: '当前字典键值已存在!',
      errorCode: 'system.dict.keyTaken',
    });
    // One written as `<field>:<text>`: the field apart, the text's key.
    expect(await (await app.request('/prefixed')).json()).toEqual({
      code: 400,
      success: false,
      data: {},
      msg: 'id:新增时不能指定',
      errorCode: 'common.refusal.notAllowedOnAdd',
      errorField: 'id',
    });
    // A schema's rule with a value: the generic template's key, the value back as its placeholder, the field apart.
    expect(await (await post(JSON.stringify({ name: 'x'.repeat(9) }))).json()).toEqual({
      code: 400,
      success: false,
      data: {},
      msg: 'name:长度不能超过8',
      errorCode: 'common.validation.maxLength',
      errorArgs: { max: '8' },
      errorField: 'name',
    });
  });

  it("answers a rule written without its message in the generic rule's Chinese, never zod's English", async () => {
    const bare = z.object({
      code: z.string().max(3),
      kind: z.enum(['a', 'b']),
      tags: z.array(z.string()).min(1),
      count: z.number().max(10),
      name: z.string(),
    });
    const refused = (input: unknown) => {
      const result = bare.safeParse(input);
      if (result.success) throw new Error('accepted');
      return failureOf(result.error);
    };
    const valid = { code: 'x', kind: 'a', tags: ['t'], count: 1, name: 'n' };
    expect(await refused({ ...valid, code: 'abcd' })).toMatchObject({
      msg: 'code:长度不能超过3',
      errorCode: 'common.validation.maxLength',
      errorArgs: { max: '3' },
      errorField: 'code',
    });
    expect(await refused({ ...valid, kind: 'c' })).toMatchObject({
      msg: 'kind:无效的选项',
      errorCode: 'common.validation.choice',
    });
    expect(await refused({ ...valid, tags: [] })).toMatchObject({
      msg: 'tags:至少1项',
      errorCode: 'common.validation.minItems',
    });
    expect(await refused({ ...valid, count: 11 })).toMatchObject({
      msg: 'count:不能大于10',
      errorCode: 'common.validation.maxValue',
    });
    expect(await refused({ ...valid, count: 'x' })).toMatchObject({
      msg: 'count:必须为数字',
      errorCode: 'common.validation.number',
    });
    expect(await refused({ ...valid, name: undefined })).toMatchObject({
      msg: 'name:不能为空',
      errorCode: 'common.validation.required',
    });
  });

  it("words a parameter checked outside the input as the envelope words a ZodError, under the parameter's name", async () => {
    const answer = async (schema: z.ZodType, value: unknown) => {
      const result = schema.safeParse(value);
      if (result.success) throw new Error('accepted');
      const only = new Hono();
      only.onError(errorHandler(() => {}));
      only.get('/', () => {
        throw ValidationError.ofParameter('devUserList', result.error);
      });
      return (await only.request('/')).json();
    };
    // A rule named by its key: the key's zh text, the key as the code (the marker never reaches the user).
    expect(await answer(z.string().min(1, byKey('common.validation.required')), '')).toMatchObject({
      code: 400,
      msg: 'devUserList:不能为空',
      errorCode: 'common.validation.required',
      errorField: 'devUserList',
    });
    // zod's English default: the generic rule's Chinese, never "Too big: …".
    expect(await answer(z.array(z.string()).max(1), ['a', 'b'])).toMatchObject({
      msg: 'devUserList:最多1项',
      errorField: 'devUserList',
    });
  });

  it('takes a text several keys share only where their English agrees or one is a generic rule', () => {
    // 不能为空 is both forms' own "Enter the invoice title" and the generic "Required": the generic one speaks.
    expect(refusalKey('不能为空')).toEqual({ key: 'common.validation.required' });
    // 完成签章 is a button ("Finish signing") and a result ("Signing finished"): no key, the zh text alone goes out.
    expect(refusalKey('完成签章')).toBeUndefined();
    // 名称 is many keys' label, all "Name": any of them says it.
    expect(refusalKey('名称')).toMatchObject({ key: expect.any(String) });
    // A module's message with a value is not matched as a template (that is KeyedError's): no guessing.
    expect(refusalKey('收款金额不能超过该批次的未收金额20.00元（可先做异常处理）')).toBeUndefined();
    expect(refusalKey('没有这条消息的文字')).toBeUndefined();
  });

  it('keys the refusals the modules word with values by the common.refusal template they fill', () => {
    expect(refusalKey('一次最多发送100个手机号')).toEqual({
      key: 'common.refusal.smsTooManyPhones',
      args: { max: '100' },
    });
    expect(refusalKey('文件格式不正确，仅支持 pdf, png')).toEqual({
      key: 'common.refusal.fileExtension',
      args: { extensions: 'pdf, png' },
    });
    expect(refusalKey('上传限制：不超过 3 个文件')).toEqual({
      key: 'common.refusal.uploadLimit',
      args: { max: '3' },
    });
    // A refusal that names a setting says it by key (OutboundRefused), not by a template a zh label would fill.
    expect(refusalKey('短信服务地址不能指向内部网络')).toBeUndefined();
  });

  it('answers 500 服务器异常 for anything else, logging the detail instead of returning it', async () => {
    const res = await app.request('/boom');
    expect(res.status).toBe(500);
    const text = await res.text();
    expect(JSON.parse(text)).toEqual({ code: 500, success: false, data: {}, msg: '服务器异常' });
    expect(text).not.toContain('blade_user');
    expect(logged.join('\n')).toContain('blade_user_account');
    const record = records.find((r) => r.msg.includes('/boom'));
    expect(record?.fields).toMatchObject({ level: 'error', err: expect.any(Error) });
  });

  it('answers a database data exception (SQLSTATE class 22) 400 with a generic message, logged as a warning', async () => {
    const res = await app.request('/data-exception');
    expect(res.status).toBe(400);
    expect(await res.json()).toEqual({
      code: 400,
      success: false,
      data: {},
      msg: '请求参数错误',
      errorCode: 'common.refusal.badRequest',
    });
    expect(records.find((r) => r.msg.includes('/data-exception'))?.fields).toMatchObject({ level: 'warn' });
  });

  it('answers a body past its limit 413 with the limit', async () => {
    const res = await app.request('/too-large');
    expect(res.status).toBe(413);
    expect(await res.json()).toEqual({
      code: 413,
      success: false,
      data: {},
      msg: '请求内容过大，不能超过1MB',
      errorCode: 'common.refusal.payloadOverLimit',
      errorArgs: { max: '1' },
    });
  });
});
