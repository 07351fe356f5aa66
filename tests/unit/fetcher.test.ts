import { BladeError, bladeDownload, bladeRequest, buildUrl, configureFetcher } from '@/lib/client/fetcher';

function respond(status: number, body: unknown) {
  return jest
    .fn()
    .mockResolvedValue(
      new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } }),
    );
}

describe('bladeRequest — the spec error catalogue', () => {
  const hooks = { onError: jest.fn(), onUnauthorized: jest.fn(), onLocked: jest.fn() };
  beforeEach(() => {
    jest.resetAllMocks();
    configureFetcher({ ...hooks, unknownErrorText: 'unknown error', networkErrorText: 'network down' });
  });

  it('returns the envelope on code 200 and always sends X-CSRF', async () => {
    const fetchMock = respond(200, { code: 200, success: true, data: [1], msg: '操作成功' });
    global.fetch = fetchMock;
    const res = await bladeRequest('/api/blade-system/menu/routes');
    expect(res.data).toEqual([1]);
    const init = fetchMock.mock.calls[0][1] as RequestInit;
    expect(new Headers(init.headers).get('X-CSRF')).toBe('1');
    expect(hooks.onError).not.toHaveBeenCalled();
  });

  it('shows the server msg for a non-200 code even with HTTP 200', async () => {
    global.fetch = respond(200, { code: 400, success: false, data: {}, msg: '当前账号已被使用!' });
    await expect(bladeRequest('/api/x')).rejects.toThrow('当前账号已被使用!');
    expect(hooks.onError).toHaveBeenCalledWith('当前账号已被使用!');
  });

  it("shows a keyed refusal in the user's language, and the server's text when the catalogue lacks the key", async () => {
    const texts: Record<string, string> = { 'system.param.keyTaken': 'This parameter key already exists!' };
    configureFetcher({ translate: (key) => texts[key] });
    global.fetch = respond(400, {
      code: 400,
      success: false,
      data: {},
      msg: '当前参数键名已存在!',
      errorCode: 'system.param.keyTaken',
    });
    await expect(bladeRequest('/api/x')).rejects.toThrow('This parameter key already exists!');
    global.fetch = respond(400, {
      code: 400,
      success: false,
      data: {},
      msg: '服务端文字',
      errorCode: 'no.such.key',
    });
    await expect(bladeRequest('/api/x')).rejects.toThrow('服务端文字');
    configureFetcher({ translate: () => undefined });
  });

  it("puts the refused field before a keyed refusal's translated text, as blade/ puts it before the zh one", async () => {
    configureFetcher({
      translate: (key, values) =>
        key === 'common.validation.maxLength' ? `At most ${values?.max} characters` : undefined,
    });
    global.fetch = respond(400, {
      code: 400,
      success: false,
      data: {},
      msg: 'paramName:长度不能超过32',
      errorCode: 'common.validation.maxLength',
      errorArgs: { max: '32' },
      errorField: 'paramName',
    });
    await expect(bladeRequest('/api/x')).rejects.toThrow('paramName:At most 32 characters');
    configureFetcher({ translate: () => undefined });
  });

  it('falls back to error_description, then to unknown error', async () => {
    global.fetch = respond(400, { error_code: 400, error_description: '验证码不正确' });
    await expect(bladeRequest('/api/x')).rejects.toThrow('验证码不正确');
    global.fetch = respond(500, {});
    await expect(bladeRequest('/api/x')).rejects.toThrow('unknown error');
  });

  it('ends the session on 401 and goes to the lock page on 423', async () => {
    global.fetch = respond(401, { code: 401, msg: '请求未授权' });
    await expect(bladeRequest('/api/x')).rejects.toBeInstanceOf(BladeError);
    expect(hooks.onUnauthorized).toHaveBeenCalledTimes(1);
    global.fetch = respond(423, { code: 423, msg: 'locked' });
    await expect(bladeRequest('/api/x')).rejects.toBeInstanceOf(BladeError);
    expect(hooks.onLocked).toHaveBeenCalledTimes(1);
  });

  it('passes white-listed codes to the caller without a toast', async () => {
    global.fetch = respond(200, { code: 409, success: false, data: { id: '1' }, msg: 'conflict' });
    const res = await bladeRequest('/api/x', { whiteList: [409] });
    expect(res.code).toBe(409);
    expect(hooks.onError).not.toHaveBeenCalled();
  });

  it('rejects network errors with the network text', async () => {
    global.fetch = jest.fn().mockRejectedValue(new TypeError('fetch failed'));
    await expect(bladeRequest('/api/x')).rejects.toThrow('network down');
    expect(hooks.onError).toHaveBeenCalledWith('network down');
  });

  it('sends plain objects as JSON', async () => {
    const fetchMock = respond(200, { code: 200, data: {} });
    global.fetch = fetchMock;
    await bladeRequest('/api/x', { method: 'POST', body: { a: 1 } });
    const init = fetchMock.mock.calls[0][1] as RequestInit;
    expect(init.body).toBe('{"a":1}');
    expect(new Headers(init.headers).get('content-type')).toBe('application/json');
  });
});

describe('buildUrl', () => {
  it('leaves out empty values and encodes the rest', () => {
    expect(buildUrl('/api/x', { a: '1', b: '', c: undefined, d: '张 三' })).toBe(
      '/api/x?a=1&d=%E5%BC%A0+%E4%B8%89',
    );
    expect(buildUrl('/api/x?z=1', { a: 2 })).toBe('/api/x?z=1&a=2');
  });
});

describe('keyed refusals with values', () => {
  it('translates the key with the values the server filled in', async () => {
    const onError = jest.fn();
    configureFetcher({
      onError,
      translate: (key, values) =>
        key === 'business.income.overUnpaid' ? `Exceeds the outstanding ${values?.unpaid} yuan` : undefined,
    });
    global.fetch = respond(400, {
      code: 400,
      success: false,
      data: {},
      msg: '收款金额不能超过该批次的未收金额20.00元（可先做异常处理）',
      errorCode: 'business.income.overUnpaid',
      errorArgs: { unpaid: '20.00' },
    });
    await expect(bladeRequest('/api/x')).rejects.toThrow('Exceeds the outstanding 20.00 yuan');
    expect(onError).toHaveBeenCalledWith('Exceeds the outstanding 20.00 yuan');
  });
});

describe('bladeDownload — a streamed export', () => {
  const hooks = { onError: jest.fn(), onUnauthorized: jest.fn(), onLocked: jest.fn() };
  beforeEach(() => {
    jest.resetAllMocks();
    configureFetcher({ ...hooks, unknownErrorText: 'unknown error', networkErrorText: 'network down' });
  });

  it('reads the file as it arrives, reporting the announced rows and the bytes so far', async () => {
    const parts = [new Uint8Array([1, 2, 3]), new Uint8Array([4, 5])];
    const body = new ReadableStream<Uint8Array>({
      start(controller) {
        for (const part of parts) controller.enqueue(part);
        controller.close();
      },
    });
    const fetchMock = jest.fn().mockResolvedValue(
      new Response(body, {
        status: 200,
        headers: {
          'content-type': 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
          'content-disposition': `attachment; filename="export.xlsx"; filename*=UTF-8''${encodeURIComponent('合同-2026-11-25.xlsx')}`,
          'x-total-count': '2',
        },
      }),
    );
    global.fetch = fetchMock;
    const progress = jest.fn();
    const { blob, filename } = await bladeDownload(
      '/api/business-service/contract/export',
      { lang: 'zh' },
      progress,
    );
    expect(filename).toBe('合同-2026-11-25.xlsx');
    expect(blob.size).toBe(5);
    expect(progress.mock.calls.map(([p]) => p)).toEqual([
      { bytes: 0, rows: 2 },
      { bytes: 3, rows: 2 },
      { bytes: 5, rows: 2 },
    ]);
    const init = fetchMock.mock.calls[0][1] as RequestInit;
    expect(new Headers(init.headers).get('X-CSRF')).toBe('1');
    expect(init.body).toBe(JSON.stringify({ lang: 'zh' }));
  });

  it('handles a refusal as every call does', async () => {
    global.fetch = respond(403, { code: 403, success: false, data: {}, msg: '请求被拒绝' });
    await expect(bladeDownload('/api/x/export', {}, jest.fn())).rejects.toThrow('请求被拒绝');
    expect(hooks.onError).toHaveBeenCalledWith('请求被拒绝');
    global.fetch = respond(401, { code: 401, success: false, data: {}, msg: '请求未授权' });
    await expect(bladeDownload('/api/x/export', {}, jest.fn())).rejects.toBeInstanceOf(BladeError);
    expect(hooks.onUnauthorized).toHaveBeenCalled();
  });
});
