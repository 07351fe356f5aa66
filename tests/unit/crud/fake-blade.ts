/**
 * A fake `fetch` for screen tests: answers Blade envelopes by path and records every call, so a test can assert
 * the exact query string and body a screen sends.
 */
export interface RecordedCall {
  method: string;
  path: string;
  query: URLSearchParams;
  body: unknown;
}

type Handler = (call: RecordedCall) => unknown;

export function fakeBlade(routes: Record<string, Handler | unknown>) {
  const calls: RecordedCall[] = [];
  const fetchMock = jest.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = new URL(String(input), 'http://portal.test');
    let body: unknown = init?.body;
    if (typeof body === 'string') {
      try {
        body = JSON.parse(body);
      } catch {
        /* a form body stays a string */
      }
    }
    const call: RecordedCall = {
      method: init?.method ?? 'GET',
      path: url.pathname,
      query: url.searchParams,
      body,
    };
    calls.push(call);
    const route = routes[`${call.method} ${call.path}`] ?? routes[call.path];
    if (route === undefined) {
      return new Response(
        JSON.stringify({ code: 404, success: false, data: {}, msg: `no route ${call.path}` }),
        {
          status: 404,
        },
      );
    }
    const data = typeof route === 'function' ? (route as Handler)(call) : route;
    // A handler may answer a whole response (a refusal with its own status and envelope).
    if (data instanceof Response) return data;
    return new Response(JSON.stringify({ code: 200, success: true, data, msg: '操作成功' }), {
      status: 200,
      headers: { 'content-type': 'application/json' },
    });
  });
  global.fetch = fetchMock as unknown as typeof fetch;
  return {
    calls,
    fetchMock,
    /** Calls to one path (any method). */
    to: (path: string) => calls.filter((c) => c.path === path),
  };
}

export const page = <T>(records: T[], total = records.length) => ({
  records,
  total,
  size: 10,
  current: 1,
  pages: 1,
});
