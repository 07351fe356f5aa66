import { clientResource } from '../../../../lib/contracts/system/client';
import { describeResource } from '../../../testing/contract';
import { SETUP_TIMEOUT, type Harness } from '../../../testing/harness';

const suite = describeResource(clientResource, {
  sample: (n) => ({
    clientId: `contract.client-${n}`,
    clientSecret: `contract-secret-${n}-0123456789`,
    scope: 'all',
    authorizedGrantTypes: n % 2 ? 'password,refresh_token' : 'captcha',
    accessTokenValidity: 3600 + n,
    refreshTokenValidity: 7200 + n,
    webServerRedirectUri: `https://example.test/${n}`,
    additionalInformation: `说明 ${n}`,
    resourceIds: '',
    authorities: '',
    autoapprove: '',
  }),
});

describe('clients (rules)', () => {
  let h: Harness;
  let admin: string;
  beforeAll(async () => {
    ({ harness: h, admin } = suite);
  }, SETUP_TIMEOUT);

  const submit = (body: Record<string, unknown>) => h.call('/blade-system/client/submit', admin, body);
  const stored = () =>
    h.blade.db
      .selectFrom('blade_client')
      .selectAll()
      .where('client_id', '=', 'rules')
      .where('is_deleted', '=', 0)
      .executeTakeFirstOrThrow();

  it('takes known grant types and sane lifetimes, and fills the defaults', async () => {
    const secret = 'rules-secret-0123456789';
    expect(await submit({ clientId: 'a b', clientSecret: secret })).toMatchObject({
      status: 400,
      msg: 'clientId:只能包含字母、数字、点、下划线和短横线',
    });
    expect(
      await submit({ clientId: 'rules', clientSecret: secret, authorizedGrantTypes: 'password,x' }),
    ).toMatchObject({
      status: 400,
      msg: '不支持的授权类型',
      errorCode: 'system.client.grantTypeUnsupported',
    });
    for (const [accessTokenValidity, refreshTokenValidity] of [
      [59, 600],
      [600, 599],
    ])
      expect(
        await submit({ clientId: 'rules', clientSecret: secret, accessTokenValidity, refreshTokenValidity }),
      ).toMatchObject({ status: 400, msg: '令牌有效期不正确' });
    expect(
      await submit({ clientId: 'rules', clientSecret: secret, authorizedGrantTypes: ' password , sms ' }),
    ).toMatchObject({ code: 200 });
    expect(await stored()).toMatchObject({
      scope: 'all',
      authorized_grant_types: 'password,sms',
      access_token_validity: 3600,
      refresh_token_validity: 604800,
    });
  });

  it('checks an edit of one lifetime against the other as stored, and keeps the secret when left blank', async () => {
    const before = await stored();
    expect(await submit({ id: before.id, clientId: 'rules', refreshTokenValidity: 3599 })).toMatchObject({
      status: 400,
      msg: '令牌有效期不正确',
    });
    expect(
      await submit({ id: before.id, clientId: 'rules', clientSecret: '', refreshTokenValidity: 3600 }),
    ).toMatchObject({ code: 200 });
    const after = await stored();
    expect(after).toMatchObject({ refresh_token_validity: 3600, client_secret: before.client_secret });
    expect(await submit({ id: before.id, clientId: 'rules', clientSecret: 'short' })).toMatchObject({
      status: 400,
      msg: 'clientSecret:长度不能少于16',
    });
  });
});
