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
} from './errors';
import { PayloadTooLargeError } from './body-limit';
import type { LogFields } from './log';
import { parseJson } from './validation';
import { blank, idSchema, intSchema } from '../../lib/contracts/inputs';

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
  name: z.string({ error: '不能为空' }).min(1, '不能为空'),
});
app.post('/submit', async (c) => c.json(ok(await parseJson(c, submitSchema))));
app.post('/cleaned', async (c) =>
  c.json(ok(await parseJson(c, z.object({ text: z.string().transform((v) => v.replaceAll('\u0000', '')) })))),
);
app.get('/service', () => {
  throw new ServiceError('当前字典键值已存在!');
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
    expect(await res.json()).toEqual({ code: 400, success: false, data: {}, msg: 'sort:必须为数字' });
  });

  it('refuses a NUL in a string the schema keeps, naming the field, and lets a schema that cleans it have its way', async () => {
    const res = await post(JSON.stringify({ name: 'a\u0000b' }));
    expect(res.status).toBe(400);
    expect(await res.json()).toEqual({ code: 400, success: false, data: {}, msg: 'name:不能包含空字符' });
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
    ['/service', 400, '当前字典键值已存在!'],
    ['/missing', 404, '数据不存在'],
    ['/denied', 403, '请求被拒绝'],
    ['/anonymous', 401, '请求未授权'],
    ['/nowhere', 404, '404 没找到请求'],
  ])('maps %s to %i', async (path, status, msg) => {
    const res = await app.request(path);
    expect(res.status).toBe(status);
    expect(await res.json()).toEqual({ code: status, success: false, data: {}, msg });
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
    expect(await res.json()).toEqual({ code: 400, success: false, data: {}, msg: '请求参数错误' });
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
    });
  });
});
