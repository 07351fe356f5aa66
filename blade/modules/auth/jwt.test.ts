import { createHmac } from 'node:crypto';
import { JwtError, signJwt, verifyJwt } from './jwt';
import { signAccessToken, signRefreshToken, verifyAccessToken, verifyRefreshToken } from './tokens';

const KEY = 'unit-test-signing-key-5b0e1f7a9c3d2e4f6a8b0c1d2e3f4a5b';
const now = () => Math.floor(Date.now() / 1000);
const b64 = (value: unknown) => Buffer.from(JSON.stringify(value)).toString('base64url');

function forge(header: object, payload: object, key = KEY, alg = 'sha512'): string {
  const input = `${b64(header)}.${b64(payload)}`;
  return `${input}.${createHmac(alg, key).update(input).digest('base64url')}`;
}

const valid = () => ({ iss: 'issuser', aud: 'audience', exp: now() + 60, nbf: now() - 1, sub: 'x' });

describe('verifyJwt', () => {
  it('accepts what signJwt produced, with iss and aud set', () => {
    const claims = verifyJwt(signJwt({ exp: now() + 60, a: 1 }, KEY), KEY);
    expect(claims).toMatchObject({ a: 1, iss: 'issuser', aud: 'audience' });
  });

  it('accepts aud as an array (jjwt >= 0.12 form)', () => {
    expect(() => verifyJwt(forge({ alg: 'HS512' }, { ...valid(), aud: ['audience'] }), KEY)).not.toThrow();
  });

  it.each([
    ['alg none, empty signature', () => `${b64({ alg: 'none' })}.${b64(valid())}.`],
    ['alg none with a signature', () => forge({ alg: 'none' }, valid())],
    ['alg HS256 with the right key', () => forge({ alg: 'HS256' }, valid(), KEY, 'sha256')],
    ['alg RS256', () => forge({ alg: 'RS256' }, valid())],
    ['a crit header', () => forge({ alg: 'HS512', crit: ['exp'] }, valid())],
    ['the wrong key', () => forge({ alg: 'HS512' }, valid(), 'another-key-of-sufficient-length-0123456789')],
    ['an expired token', () => forge({ alg: 'HS512' }, { ...valid(), exp: now() - 1 })],
    ['no exp', () => forge({ alg: 'HS512' }, { ...valid(), exp: undefined })],
    ['nbf in the future', () => forge({ alg: 'HS512' }, { ...valid(), nbf: now() + 60 })],
    ['a wrong issuer', () => forge({ alg: 'HS512' }, { ...valid(), iss: 'someone' })],
    ['a wrong audience', () => forge({ alg: 'HS512' }, { ...valid(), aud: ['other'] })],
    ['two segments', () => forge({ alg: 'HS512' }, valid()).split('.').slice(0, 2).join('.')],
    ['junk', () => 'not-a-token'],
  ])('refuses %s', (_name, make) => {
    expect(() => verifyJwt(make(), KEY)).toThrow(JwtError);
  });

  it('refuses a payload changed after signing', () => {
    const [h, , s] = signJwt({ exp: now() + 60, role_name: 'user' }, KEY).split('.');
    const tampered = `${h}.${b64({ ...valid(), role_name: 'administrator' })}.${s}`;
    expect(() => verifyJwt(tampered, KEY)).toThrow('bad signature');
  });
});

describe('token types', () => {
  const user = {
    tenantId: '000000',
    userId: '1',
    account: 'a',
    roleIds: ['2', '3'],
    roleAliases: ['user', 'admin2'],
    deptIds: ['4'],
    postIds: [],
    clientId: 'portal',
    sid: '9',
  };

  it('round-trips an access token into the caller', () => {
    expect(verifyAccessToken(signAccessToken(user, KEY, 60), KEY)).toEqual(user);
  });

  it('refuses a refresh token as an access token and the other way round', () => {
    const refresh = signRefreshToken(
      { tenant_id: '000000', user_id: '1', client_id: 'portal', sid: '9', jti: 'j' },
      KEY,
      60,
    );
    expect(() => verifyAccessToken(refresh, KEY)).toThrow(JwtError);
    expect(() => verifyRefreshToken(signAccessToken(user, KEY, 60), KEY)).toThrow(JwtError);
    expect(verifyRefreshToken(refresh, KEY).jti).toBe('j');
  });

  it('keeps a 20-role access token and its refresh token small (they live in one cookie)', () => {
    const many = {
      ...user,
      roleIds: Array.from({ length: 20 }, (_, i) => `21240421542210682${String(i).padStart(2, '0')}`),
      roleAliases: Array.from({ length: 20 }, (_, i) => `role_alias_${i}`),
    };
    const access = signAccessToken(many, KEY, 3600);
    const refresh = signRefreshToken(
      {
        tenant_id: '000000',
        user_id: '2124042154237845504',
        client_id: 'portal',
        sid: '2124042154791493632',
        jti: '9d97c4e8-0db0-4b88-b609-54cacf66381a',
      },
      KEY,
      3600,
    );
    expect(access.length + refresh.length).toBeLessThan(2000);
  });
});
