import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { MenuScreen } from '@/components/system/menu-screen';
import { TenantScreen } from '@/components/system/tenant-screen';
import { fakeBlade, page } from '../crud/fake-blade';
import { renderScreen } from '../crud/wrap';
import { buttonsWith, fillIn, Sidebar } from './fixtures';

describe('MenuScreen', () => {
  it('lists the tree indented, picks an icon from the local set, and refreshes the navigation after saving', async () => {
    const blade = fakeBlade({
      '/api/blade-system/menu/buttons': buttonsWith(['menu_add', 'menu_edit']),
      '/api/blade-system/menu/routes': [],
      '/api/blade-system/menu/tree': [],
      '/api/blade-system/menu/list': [
        {
          id: '1',
          parentId: '0',
          code: 'system',
          name: '系统管理',
          path: '/system',
          source: 'settings',
          sort: 1,
          category: 1,
          children: [
            {
              id: '2',
              parentId: '1',
              code: 'user',
              name: '用户管理',
              path: '/system/user',
              source: 'person',
              sort: 1,
              category: 1,
            },
          ],
        },
      ],
      'POST /api/blade-system/menu/submit': {},
    });
    renderScreen(
      <>
        <Sidebar />
        <MenuScreen />
      </>,
    );
    expect(await screen.findByText('用户管理')).toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: '新增' }));
    const dialog = await screen.findByRole('dialog');
    fillIn(dialog, { 菜单名称: '报表', 菜单编号: 'report' });
    fireEvent.click(within(dialog).getByRole('button', { name: '选择图标' }));
    fireEvent.click(await screen.findByRole('option', { name: 'bar_chart' }));
    expect(within(dialog).getByLabelText('菜单图标')).toHaveValue('bar_chart');
    const before = blade.to('/api/blade-system/menu/routes').length;
    fireEvent.click(within(dialog).getByRole('button', { name: '保存' }));
    await waitFor(() => expect(blade.to('/api/blade-system/menu/submit')).toHaveLength(1));
    expect(blade.to('/api/blade-system/menu/submit')[0].body).toMatchObject({
      name: '报表',
      code: 'report',
      source: 'bar_chart',
      parentId: '0',
      category: 1,
    });
    await waitFor(() => expect(blade.to('/api/blade-system/menu/routes').length).toBeGreaterThan(before));
  });
});

describe('TenantScreen', () => {
  it('sets the account quota and expiry of the selected tenants', async () => {
    const blade = fakeBlade({
      '/api/blade-system/menu/buttons': buttonsWith(['tenant_add', 'tenant_setting', 'tenant_delete']),
      '/api/blade-system/tenant-package/list': page([]),
      '/api/blade-system/tenant/list': page([
        {
          id: 't1',
          tenantId: '123456',
          tenantName: '检测公司',
          accountNumber: -1,
          expireTime: '',
          packageId: '',
        },
      ]),
      'POST /api/blade-system/tenant/setting': {},
    });
    renderScreen(<TenantScreen />);
    expect(await screen.findByText('检测公司')).toBeInTheDocument();
    fireEvent.click(
      within(screen.getByText('检测公司').closest('[role="row"]') as HTMLElement).getByRole('checkbox'),
    );
    fireEvent.click(screen.getByRole('button', { name: '授权配置' }));
    const dialog = await screen.findByRole('dialog');
    fillIn(dialog, { 账号额度: '20', 过期时间: '2027-01-31T18:00' });
    fireEvent.click(within(dialog).getByRole('button', { name: '保存' }));
    await waitFor(() => expect(blade.to('/api/blade-system/tenant/setting')).toHaveLength(1));
    const call = blade.to('/api/blade-system/tenant/setting')[0];
    expect(call.query.get('ids')).toBe('t1');
    expect(call.query.get('accountNumber')).toBe('20');
    expect(call.query.get('expireTime')).toBe('2027-01-31 18:00:00');
  });
});
