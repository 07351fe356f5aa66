/**
 * The browser side of BASE_PATH and request ids: lib/client/fetcher.ts prefixes app paths with the sub-path the build
 * was made for, and a failed call's toast names the request id from X-Request-Id.
 */

type Fetcher = typeof import('@/lib/client/fetcher');
type Navigation = typeof import('@/lib/client/navigation');

function load(basePath: string): { fetcher: Fetcher; navigation: Navigation } {
  const previous = process.env.NEXT_PUBLIC_BASE_PATH;
  process.env.NEXT_PUBLIC_BASE_PATH = basePath;
  let modules!: { fetcher: Fetcher; navigation: Navigation };
  jest.isolateModules(() => {
    modules = {
      fetcher: jest.requireActual('@/lib/client/fetcher'),
      navigation: jest.requireActual('@/lib/client/navigation'),
    };
  });
  process.env.NEXT_PUBLIC_BASE_PATH = previous;
  return modules;
}

const realFetch = global.fetch;
afterEach(() => {
  global.fetch = realFetch;
});

describe('BASE_PATH in the browser', () => {
  it('prefixes app paths once, leaves other URLs alone', () => {
    const { withBasePath } = load('/portal').navigation;
    expect(withBasePath('/api/blade-system/menu/routes')).toBe('/portal/api/blade-system/menu/routes');
    expect(withBasePath('/login?redirect=%2Fwel')).toBe('/portal/login?redirect=%2Fwel');
    expect(withBasePath('/portal/wel/index')).toBe('/portal/wel/index');
    expect(withBasePath('/portals')).toBe('/portal/portals');
    expect(withBasePath('//evil.example/x')).toBe('//evil.example/x');
    expect(withBasePath('https://other.example/')).toBe('https://other.example/');
    expect(load('').navigation.withBasePath('/login')).toBe('/login');
  });

  it('bladeRequest calls the prefixed path', async () => {
    const { bladeRequest } = load('/portal').fetcher;
    const seen: string[] = [];
    global.fetch = jest.fn(async (url: RequestInfo | URL) => {
      seen.push(String(url));
      return new Response(JSON.stringify({ code: 200, data: 1 }), { status: 200 });
    }) as typeof fetch;
    await bladeRequest('/api/blade-user/info', { params: { a: 1 } });
    expect(seen).toEqual(['/portal/api/blade-user/info?a=1']);
  });
});

describe('request id in the error toast', () => {
  it('appends the X-Request-Id of a failed call to the message and keeps it on the error', async () => {
    const { bladeRequest, configureFetcher, BladeError } = load('').fetcher;
    const onError = jest.fn();
    configureFetcher({ onError });
    global.fetch = jest.fn(
      async () =>
        new Response(JSON.stringify({ code: 500, msg: '服务器异常' }), {
          status: 500,
          headers: { 'x-request-id': '2f6c1f0e-1111-4a4a-9b9b-123456789abc' },
        }),
    ) as typeof fetch;
    const error = await bladeRequest('/api/x').catch((e: unknown) => e);
    expect(onError).toHaveBeenCalledWith('服务器异常 (ID: 2f6c1f0e-1111-4a4a-9b9b-123456789abc)');
    expect(error).toBeInstanceOf(BladeError);
    expect((error as InstanceType<typeof BladeError>).requestId).toBe('2f6c1f0e-1111-4a4a-9b9b-123456789abc');
    expect((error as Error).message).toBe('服务器异常');
  });

  it('shows the message alone when the answer has no id', async () => {
    const { bladeRequest, configureFetcher } = load('').fetcher;
    const onError = jest.fn();
    configureFetcher({ onError });
    global.fetch = jest.fn(
      async () => new Response(JSON.stringify({ code: 400, msg: '请求参数错误' }), { status: 400 }),
    ) as typeof fetch;
    await expect(bladeRequest('/api/x')).rejects.toThrow('请求参数错误');
    expect(onError).toHaveBeenCalledWith('请求参数错误');
  });
});
