import { dataScopeResource } from '../../../../lib/contracts/system/scope';
import { describeResource } from '../../../testing/contract';
import { userMenu } from './scope.fixtures';

const suite = describeResource(dataScopeResource, {
  fixtures: userMenu,
  sample: (n, { menuId }) => ({
    menuId,
    resourceCode: `res_${n}`,
    scopeName: `权限 ${n}`,
    scopeType: (n % 4) + 1,
    scopeColumn: `col_${n}`,
    remark: `备注 ${n}`,
  }),
});

describe('data scope rules', () => {
  const submit = (body: Record<string, unknown>) =>
    suite.harness.call('/blade-system/data-scope/submit', suite.admin, body);
  const base = async () => ({
    ...(await userMenu(suite.harness.blade.db)),
    resourceCode: 'user',
    scopeName: '自定义',
  });

  it('names the type, and needs dept ids for a custom scope', async () => {
    expect(await submit({ ...(await base()), scopeType: 5 })).toMatchObject({
      status: 400,
      msg: '请输入自定义部门ID',
    });
    expect(await submit({ ...(await base()), scopeType: 5, scopeValue: '1,x' })).toMatchObject({
      status: 400,
    });
    expect(await submit({ ...(await base()), scopeType: 6 })).toMatchObject({
      status: 400,
      msg: '不支持的权限类型',
    });
    expect(await submit({ ...(await base()), scopeType: 5, scopeValue: '1,2' })).toMatchObject({ code: 200 });
    const list = await suite.harness.call('/blade-system/data-scope/list?scopeType=5', suite.admin);
    expect(list.data.records).toEqual([
      expect.objectContaining({ scopeValue: '1,2', scopeTypeName: '自定义' }),
    ]);
  });

  it('refuses a menu that does not exist, and a malformed menu filter', async () => {
    expect(await submit({ ...(await base()), menuId: '123' })).toMatchObject({
      status: 400,
      msg: '菜单不存在',
    });
    expect(await submit({ ...(await base()), menuId: '' })).toMatchObject({ status: 400, msg: '请选择菜单' });
    const bad = await suite.harness.call('/blade-system/data-scope/list?menuId=abc', suite.admin);
    expect(bad.status).toBe(400);
    const other = await suite.harness.call('/blade-system/data-scope/list?menuId=123', suite.admin);
    expect(other.data.total).toBe(0);
  });
});
