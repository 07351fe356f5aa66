import { spawn, type ChildProcess } from 'node:child_process';
import { copyFileSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { closedPort } from '../bff/helpers';

// scripts/server.mjs in front of a stand-in for Next (a build is not needed to see what the wrapper itself does): the
// lines the process writes, Next's own `console` reports included, are JSON objects with the request's id, and a
// malformed %-encoded API path gets the Blade envelope.

const FAKE_NEXT = `
module.exports = function next() {
  return {
    prepare: async () => {},
    getRequestHandler: () => async (req, res) => {
      if (req.url === '/boom') {
        console.error('⨯ render failed', new Error('boom in next'));
        console.warn('a warning\\nover two lines');
        res.statusCode = 500;
        return res.end('Internal Server Error');
      }
      res.end('next served ' + req.url);
    },
  };
};
`;

let dir: string;
let server: ChildProcess;
let base: string;
const lines: string[] = [];

beforeAll(async () => {
  dir = mkdtempSync(path.join(tmpdir(), 'portal-server-'));
  copyFileSync(path.join(process.cwd(), 'scripts', 'server.mjs'), path.join(dir, 'server.mjs'));
  // A standalone output's layout: server.js beside server.mjs, the build's configuration, Next in node_modules.
  writeFileSync(path.join(dir, 'server.js'), '');
  mkdirSync(path.join(dir, '.next'));
  writeFileSync(path.join(dir, '.next', 'required-server-files.json'), JSON.stringify({ config: {} }));
  mkdirSync(path.join(dir, 'node_modules', 'next'), { recursive: true });
  writeFileSync(path.join(dir, 'node_modules', 'next', 'index.js'), FAKE_NEXT);
  const port = await closedPort();
  base = `http://127.0.0.1:${port}`;
  server = spawn(process.execPath, [path.join(dir, 'server.mjs')], {
    env: {
      NODE_ENV: 'production',
      PATH: process.env.PATH,
      PORT: String(port),
      HOST: '127.0.0.1',
      SHUTDOWN_DRAIN_DELAY_MS: '0',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let pending = '';
  const collect = (chunk: Buffer) => {
    pending += chunk.toString('utf8');
    const complete = pending.split('\n');
    pending = complete.pop() ?? '';
    lines.push(...complete.filter(Boolean));
  };
  server.stdout!.on('data', collect);
  server.stderr!.on('data', collect);
  await new Promise<void>((resolve, reject) => {
    const started = Date.now();
    const poll = setInterval(() => {
      if (lines.some((line) => line.includes('listening'))) {
        clearInterval(poll);
        resolve();
      } else if (Date.now() - started > 20_000 || server.exitCode !== null) {
        clearInterval(poll);
        reject(new Error(`server.mjs did not start:\n${lines.join('\n')}`));
      }
    }, 50);
  });
}, 30_000);

afterAll(async () => {
  if (server && server.exitCode === null) {
    const exited = new Promise((resolve) => server.once('exit', resolve));
    server.kill('SIGTERM');
    await exited;
  }
  rmSync(dir, { recursive: true, force: true });
});

const records = () => lines.map((line) => JSON.parse(line) as Record<string, unknown>);

it("writes Next's console reports as one JSON line each, with the request id and the stack as a field", async () => {
  const res = await fetch(`${base}/boom`);
  expect(res.status).toBe(500);
  const id = res.headers.get('x-request-id');
  expect(id).toMatch(/^[0-9a-f-]{36}$/);
  await new Promise((resolve) => setTimeout(resolve, 200));
  // Every line the process wrote parses on its own: no stack frame or continuation line of its own.
  const all = records();
  const error = all.find((r) => r.level === 'error' && r.reqId === id && r.msg === '⨯ render failed');
  expect(error).toMatchObject({ service: 'portal', err: { type: 'Error', message: 'boom in next' } });
  expect((error!.err as { stack: string }).stack).toMatch(/boom in next\n\s+at /);
  expect(all.find((r) => r.level === 'warn' && r.reqId === id)).toMatchObject({
    msg: 'a warning\nover two lines',
  });
  expect(all.find((r) => r.msg === 'request' && r.reqId === id)).toMatchObject({
    route: '/boom',
    status: 500,
  });
});

it('answers a malformed %-encoded API path 400 with the Blade envelope, leaving the rest to Next', async () => {
  for (const bad of ['/api/blade-system/dict/%E0%A4%A', '/api/blade-system/%zz/list']) {
    const res = await fetch(`${base}${bad}`);
    expect([bad, res.status]).toEqual([bad, 400]);
    expect(res.headers.get('cache-control')).toBe('no-store');
    expect(await res.json()).toEqual({ code: 400, success: false, data: null, msg: '请求路径不合法' });
  }
  expect(await (await fetch(`${base}/api/blade-system/dict/%E4%B8%AD`)).text()).toBe(
    'next served /api/blade-system/dict/%E4%B8%AD',
  );
});
