import { tenantPackageResource } from '../../../../lib/contracts/system/tenant-package';
import { describeResource } from '../../../testing/contract';
import { SETUP_TIMEOUT, type Harness } from '../../../testing/harness';

const suite = describeResource(tenantPackageResource, {
  fixtures: async (db) => {
    const menus = await db.selectFrom('blade_menu').select('id').orderBy('id').limit(3).execute();
    return { menus: menus.map((m) => m.id).join(','), first: menus[0].id };
  },
  sample: (n, { menus, first }) => ({
    packageName: `产品包 ${n}`,
    menuId: n % 2 ? menus : first,
    remark: `备注 ${n}`,
  }),
});

describe('tenant packages (rules)', () => {
  let h: Harness;
  let admin: string;
  beforeAll(async () => {
    ({ harness: h, admin } = suite);
  }, SETUP_TIMEOUT);

  it('lists only live menus, sent as an array or comma-joined', async () => {
    const [menu] = await h.blade.db.selectFrom('blade_menu').select('id').limit(1).execute();
    const submit = (menuId: unknown) =>
      h.call('/blade-system/tenant-package/submit', admin, { packageName: '标准版', menuId });
    expect(await submit(`${menu.id},123`)).toMatchObject({ status: 400, msg: '菜单不存在' });
    expect(await submit(['abc'])).toMatchObject({ status: 400, msg: 'menuId:必须是有效的ID' });
    expect(await submit(',')).toMatchObject({ status: 400, msg: '请选择菜单' });
    expect(await submit([menu.id, menu.id])).toMatchObject({ code: 200 });
    const { records } = (await h.call('/blade-system/tenant-package/list?packageName=标准', admin)).data;
    expect(records).toMatchObject([{ packageName: '标准版', menuId: menu.id }]);
  });
});
