import { apiScopeResource } from '../../../../lib/contracts/system/scope';
import { describeResource } from '../../../testing/contract';
import { userMenu } from './scope.fixtures';

const suite = describeResource(apiScopeResource, {
  fixtures: userMenu,
  sample: (n, { menuId }) => ({
    menuId,
    resourceCode: `api_${n}`,
    scopeName: `接口 ${n}`,
    scopePath: `/blade-contract/p${n}/**`,
    scopeType: (n % 2) + 1,
    remark: `备注 ${n}`,
  }),
});

describe('API scope rules', () => {
  const submit = (body: Record<string, unknown>) =>
    suite.harness.call('/blade-system/api-scope/submit', suite.admin, body);

  it('stores the path normalised and refuses one that is no call path', async () => {
    const base = { ...(await userMenu(suite.harness.blade.db)), resourceCode: 'x', scopeName: '接口' };
    expect(await submit({ ...base, scopePath: '/api/blade-norm/page/' })).toMatchObject({ code: 200 });
    const list = await suite.harness.call('/blade-system/api-scope/list?resourceCode=x', suite.admin);
    expect(list.data.records[0]).toMatchObject({ scopePath: '/blade-norm/page', scopeTypeName: '系统接口' });
    for (const scopePath of ['/api', '/a b', ''])
      expect(await submit({ ...base, scopePath })).toMatchObject({
        status: 400,
        msg: '请输入正确的接口地址',
      });
    expect(await submit({ ...base, scopePath: '/blade-x/y', scopeType: 3 })).toMatchObject({
      status: 400,
      msg: '不支持的接口类型',
    });
  });
});
