import { Hono } from 'hono';
import { errorHandler } from './errors';
import { readParams, readTextParams } from './input';

// The one reader of a call's parameters: the query string, a JSON object, an urlencoded or multipart form; the body's
// fields over the query's. No database: the reader needs only the request.

const app = new Hono();
app.onError(errorHandler(() => undefined));
app.on(['GET', 'POST'], '/params', async (c) => c.json(await readParams(c)));
app.post('/text', async (c) => c.json(await readTextParams(c)));
app.post('/forms', async (c) => c.json(await readParams(c, { formsOnly: true })));
app.post('/file', async (c) => {
  const params = await readParams(c);
  return c.json({ isFile: params.file instanceof File, name: params.name });
});

const json = (body: unknown) => ({
  method: 'POST',
  headers: { 'content-type': 'application/json' },
  body: JSON.stringify(body),
});

describe('readParams', () => {
  it("takes the body's fields over the query's and keeps the query's others", async () => {
    const res = await app.request('/params?a=query&b=query', json({ a: 'body', c: 3 }));
    expect(await res.json()).toEqual({ a: 'body', b: 'query', c: 3 });
    const form = await app.request('/params?a=query&b=query', {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: 'a=form&d=4',
    });
    expect(await form.json()).toEqual({ a: 'form', b: 'query', d: '4' });
  });

  it("never reads a GET's body and reads a multipart form's parts as they are", async () => {
    expect(await (await app.request('/params?a=1')).json()).toEqual({ a: '1' });
    const body = new FormData();
    body.set('name', '发票');
    body.set('file', new File(['%PDF'], 'scan.pdf', { type: 'application/pdf' }));
    expect(await (await app.request('/file', { method: 'POST', body })).json()).toEqual({
      isFile: true,
      name: '发票',
    });
  });

  it('refuses a body that is no JSON object in words, and leaves JSON out where only forms count', async () => {
    for (const broken of ['{', '[1]', 'null', '"text"']) {
      const res = await app.request('/params', {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: broken,
      });
      expect(res.status).toBe(400);
      expect(await res.json()).toMatchObject({ code: 400, msg: '消息不能读取' });
    }
    expect(await (await app.request('/forms?a=1', json({ a: 2, b: 3 }))).json()).toEqual({ a: '1' });
  });

  it('answers text for the calls that take text: lists comma-joined, absent and null left out', async () => {
    const res = await app.request(
      '/text?keep=q&gone=q',
      json({ ids: ['1', 2], n: 5, flag: true, gone: null }),
    );
    expect(await res.json()).toEqual({ keep: 'q', ids: '1,2', n: '5', flag: 'true' });
  });
});
