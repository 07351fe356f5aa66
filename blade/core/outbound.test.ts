import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { request } from 'undici';
import { ConfigError, parseConfig } from '@/lib/env';
import { messageText } from '@/lib/contracts/resource';
import { messageValues } from '@/lib/i18n/message-args';
import en from '@/messages/en.json';
import { bladeOptionsFrom } from '../options';
import {
  CONNECT_REFUSED,
  isPublicAddress,
  OutboundPolicy,
  OutboundRefused,
  parseEndpoint,
  type Resolve,
} from './outbound';

// The outbound-connection rule for endpoints a tenant configures (SECURITY 24). No network here: names resolve
// through an injected resolver, and the only server connected to is one this file starts on loopback.

const answers = (table: Record<string, string[]>): Resolve => {
  return async (hostname) => {
    const addresses = table[hostname];
    if (!addresses) throw Object.assign(new Error(`ENOTFOUND ${hostname}`), { code: 'ENOTFOUND' });
    return addresses.map((address) => ({ address, family: address.includes(':') ? 6 : 4 }));
  };
};

const refusal = async (promise: Promise<unknown>) => {
  try {
    await promise;
  } catch (err) {
    if (err instanceof OutboundRefused) return err.message;
    throw err;
  }
  return 'accepted';
};

describe('an endpoint is scheme, host and port', () => {
  it('normalises what it accepts', () => {
    expect(parseEndpoint('HTTP://MinIO.Example.com:9000/').origin).toBe('http://minio.example.com:9000');
    expect(parseEndpoint('https://s3.example.com:443').origin).toBe('https://s3.example.com');
    expect(parseEndpoint('http://[::1]:9000')).toMatchObject({ host: '::1', port: 9000 });
    expect(parseEndpoint('http://localhost.:9000')).toMatchObject({ host: 'localhost', port: 9000 });
    expect(parseEndpoint('http://0x7f000001:9000').origin).toBe('http://127.0.0.1:9000');
  });

  it.each([
    ['http://s3.example.com/bucket', '只能包含协议、主机和端口'],
    ['http://s3.example.com/internal/secret?x=', '只能包含协议、主机和端口'],
    ['http://s3.example.com?a=1', '只能包含协议、主机和端口'],
    ['http://s3.example.com/?', '只能包含协议、主机和端口'],
    ['http://s3.example.com#frag', '只能包含协议、主机和端口'],
    ['http://s3.example.com/#', '只能包含协议、主机和端口'],
    ['http://s3.exa\tmple.com', '只能包含协议、主机和端口'],
    ['http://s3.example.com\\admin', '只能包含协议、主机和端口'],
    ['http://user:pw@s3.example.com', '不能包含账号密码'],
    ['http://@s3.example.com', '不能包含账号密码'],
    ['ftp://s3.example.com', '必须是 http(s) 地址'],
    ['file:///etc/passwd', '必须是 http(s) 地址'],
    ['s3.example.com', '必须是 http(s) 地址'],
  ])('refuses %s', (value, reason) => {
    expect(() => parseEndpoint(value, 'ossEndpoint')).toThrow(`资源地址${reason}`);
  });

  it('names its key and the setting as a key, so the English portal says both in English', () => {
    let refused: unknown;
    try {
      parseEndpoint('ftp://s3.example.com', 'smsEndpoint');
    } catch (err) {
      refused = err;
    }
    expect(refused).toBeInstanceOf(OutboundRefused);
    expect(refused).toMatchObject({
      message: '短信服务地址必须是 http(s) 地址',
      errorCode: 'common.outbound.notHttp',
      errorArgs: { labelKey: 'common.outbound.label.smsEndpoint' },
    });
    const { errorCode, errorArgs } = refused as OutboundRefused;
    const english = (key: string) => messageText(en, key);
    const values = messageValues(errorArgs, english) ?? {};
    expect(english(errorCode!).replace(/\{(\w+)\}/g, (_, name: string) => String(values[name]))).toBe(
      'The SMS service address must be an http(s) address',
    );
  });
});

describe('public addresses', () => {
  it.each([
    '127.0.0.1',
    '127.255.0.9',
    '10.1.2.3',
    '172.16.0.1',
    '172.31.255.255',
    '192.168.1.1',
    '100.64.0.1',
    '100.127.255.254',
    '169.254.169.254',
    '0.0.0.0',
    '224.0.0.1',
    '255.255.255.255',
    '198.18.0.1',
    '::',
    '::1',
    '::7f00:1',
    '::127.0.0.1',
    '::ffff:127.0.0.1',
    '::ffff:7f00:1',
    '0:0:0:0:0:ffff:a9fe:a9fe',
    '::ffff:10.0.0.1',
    '::ffff:0:7f00:1',
    '64:ff9b::127.0.0.1',
    '64:ff9b::a00:1',
    '64:ff9b:1::1',
    'fc00::1',
    'fd12:3456::1',
    'fe80::1',
    'fe80::1%eth0',
    'fec0::1',
    'ff02::1',
    '2001:db8::1',
    '2002:7f00:1::1',
    '2001:0:4136:e378:8000:63bf:3fff:fdd2',
    'localhost',
    'not an address',
  ])('%s is not public', (address) => {
    expect(isPublicAddress(address)).toBe(false);
  });

  it.each([
    '8.8.8.8',
    '93.184.215.14',
    '172.32.0.1',
    '100.128.0.1',
    '::ffff:8.8.8.8',
    '64:ff9b::808:808',
    '2606:4700::1111',
  ])('%s is public', (address) => {
    expect(isPublicAddress(address)).toBe(true);
  });
});

describe('on save', () => {
  const opsOnly = new OutboundPolicy(
    { allowedHosts: ['minio.internal:9000', 'https://s3.corp', 'files.corp'] },
    ['http://minio.ops:9000/'],
  );
  const accept = (policy: OutboundPolicy, value: string) => refusal(policy.accept(value, 'ossEndpoint'));

  it('takes the names ops allow, with their ports, and nothing else unless public endpoints are permitted', async () => {
    expect(await opsOnly.accept('http://minio.internal:9000/', 'ossEndpoint')).toBe(
      'http://minio.internal:9000',
    );
    expect(await accept(opsOnly, 'http://minio.ops:9000')).toBe('accepted');
    expect(await accept(opsOnly, 'https://s3.corp')).toBe('accepted');
    expect(await accept(opsOnly, 'https://files.corp')).toBe('accepted');
    expect(await accept(opsOnly, 'http://files.corp')).toBe('accepted');
    for (const value of [
      'http://minio.internal:9001',
      'http://s3.corp',
      'https://s3.corp:8443',
      'https://s3.example.com',
    ])
      expect(await accept(opsOnly, value)).toBe('资源地址不在运维允许的范围内');
  });

  it.each([
    'http://localhost:9000',
    'http://LOCALHOST.:9000',
    'http://minio.localhost',
    'http://127.1:9000',
    'http://2130706433:9000',
    'http://0x7f000001:9000',
    'http://0177.0.0.1:9000',
    'http://[::7f00:1]:9000',
    'http://[::ffff:127.0.0.1]:9000',
    'http://[::1]:9000',
    'http://169.254.169.254',
    'http://10.0.0.5:9000',
    'http://0.0.0.0:9000',
  ])('refuses %s as internal, whether or not public endpoints are permitted', async (value) => {
    expect(await accept(opsOnly, value)).toBe('资源地址不能指向内部网络');
    expect(await accept(new OutboundPolicy({ allowPublic: true, resolve: answers({}) }), value)).toBe(
      '资源地址不能指向内部网络',
    );
  });

  it('resolves a public name once and refuses it when any address is internal', async () => {
    const policy = new OutboundPolicy({
      allowPublic: true,
      resolve: answers({
        's3.example.com': ['93.184.215.14'],
        'rebind.example.com': ['10.1.2.3'],
        'mixed.example.com': ['93.184.215.14', '127.0.0.1'],
        'v6.example.com': ['::ffff:169.254.169.254'],
      }),
    });
    expect(await accept(policy, 'https://s3.example.com')).toBe('accepted');
    expect(await accept(policy, 'https://rebind.example.com')).toBe('资源地址不能指向内部网络');
    expect(await accept(policy, 'https://mixed.example.com')).toBe('资源地址不能指向内部网络');
    expect(await accept(policy, 'https://v6.example.com')).toBe('资源地址不能指向内部网络');
    // A name that does not resolve now is left to the connection, which checks it again.
    expect(await accept(policy, 'https://later.example.com')).toBe('accepted');
  });
});

describe('at connect time', () => {
  let server: Server;
  let port: number;
  let hits = 0;

  beforeAll(async () => {
    server = createServer((req, res) => {
      hits++;
      if (req.url === '/redirect') {
        res.writeHead(302, { location: `http://other.example.com:${port}/` }).end();
        return;
      }
      res.end('internal response');
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    port = (server.address() as AddressInfo).port;
  });
  afterAll(async () => {
    await new Promise((resolve) => server.close(resolve));
  });

  // Every name answers with the loopback server, as DNS rebinding or a hosts-file alias would.
  let table: Record<string, string[]>;
  const policyWith = () =>
    new OutboundPolicy({
      allowedHosts: [`minio.internal:${port}`],
      allowPublic: true,
      resolve: async (hostname) => answers(table)(hostname),
    });
  const get = async (policy: OutboundPolicy, endpoint: string, path = '/bucket/key') => {
    const { origin, dispatcher } = policy.route(endpoint, 'ossEndpoint');
    const res = await request(`${origin}${path}`, { dispatcher });
    return { status: res.statusCode, body: await res.body.text() };
  };

  it('refuses a public name that resolves to loopback, and reaches the same server by an allowed name', async () => {
    table = {
      'files.example.com': ['93.184.215.14'],
      'minio.internal': ['127.0.0.1'],
    };
    const policy = policyWith();
    // Accepted when saved: the name was public then.
    expect(await policy.accept(`http://files.example.com:${port}`, 'ossEndpoint')).toBe(
      `http://files.example.com:${port}`,
    );
    table['files.example.com'] = ['127.0.0.1'];
    const before = hits;
    await expect(get(policy, `http://files.example.com:${port}`)).rejects.toThrow(CONNECT_REFUSED);
    table['files.example.com'] = ['::1'];
    await expect(get(policy, `http://files.example.com:${port}`)).rejects.toThrow(CONNECT_REFUSED);
    table['files.example.com'] = ['::ffff:127.0.0.1'];
    await expect(get(policy, `http://files.example.com:${port}`)).rejects.toThrow(CONNECT_REFUSED);
    expect(hits).toBe(before);

    expect(await get(policy, `http://minio.internal:${port}`)).toEqual({
      status: 200,
      body: 'internal response',
    });
    expect(hits).toBe(before + 1);
    await policy.close();
  });

  it('judges literal addresses on the public dispatcher too, and follows no redirect', async () => {
    table = { 'files.example.com': ['93.184.215.14'], 'minio.internal': ['127.0.0.1'] };
    const policy = policyWith();
    const { dispatcher } = policy.route(`http://files.example.com:${port}`, 'ossEndpoint');
    const before = hits;
    for (const host of ['127.0.0.1', '[::ffff:7f00:1]', '[::1]'])
      await expect(request(`http://${host}:${port}/`, { dispatcher })).rejects.toThrow(CONNECT_REFUSED);
    expect(hits).toBe(before);
    expect(() => policy.route(`http://127.0.0.1:${port}`, 'ossEndpoint')).toThrow('资源地址不能指向内部网络');
    expect(() => policy.route(`http://files.example.com:${port}/internal`, 'ossEndpoint')).toThrow(
      '资源地址只能包含协议、主机和端口',
    );

    expect(await get(policy, `http://minio.internal:${port}`, '/redirect')).toMatchObject({ status: 302 });
    expect(hits).toBe(before + 1);
    await policy.close();
  });
});

describe('configured by ops', () => {
  const env = {
    APP_ENV: 'test',
    SESSION_SECRET: 'a-session-secret-that-is-long-enough-0123',
    JWT_SIGNING_KEY: 'a-jwt-signing-key-that-is-long-enough-456789',
    CLIENT_SECRET: 'client-secret-0123456789',
  };

  it('reads OUTBOUND_ALLOWED_HOSTS and OUTBOUND_ALLOW_PUBLIC (off unless set) into the blade options', () => {
    expect(bladeOptionsFrom(parseConfig(env)).outbound).toEqual({ allowedHosts: [], allowPublic: false });
    const config = parseConfig({
      ...env,
      OUTBOUND_ALLOWED_HOSTS: 'minio.internal:9000, https://s3.corp,files.corp,[fd00::5]:9000',
      OUTBOUND_ALLOW_PUBLIC: 'true',
    });
    expect(bladeOptionsFrom(config).outbound).toEqual({
      allowedHosts: ['minio.internal:9000', 'https://s3.corp', 'files.corp', '[fd00::5]:9000'],
      allowPublic: true,
    });
  });

  it.each([
    'minio.internal:9000/bucket',
    'http://minio.internal?x',
    'key@minio.internal',
    'ftp://minio.internal',
  ])('refuses the entry %s at start-up', (entry) => {
    expect(() => parseConfig({ ...env, OUTBOUND_ALLOWED_HOSTS: entry })).toThrow(ConfigError);
  });
});
