import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { TopMenuScreen } from '@/components/system/topmenu-screen';
import { fakeBlade, page } from '../crud/fake-blade';
import { renderScreen } from '../crud/wrap';
import { buttonsWith } from './fixtures';

const buttons = buttonsWith(['topmenu_add', 'topmenu_edit', 'topmenu_delete', 'topmenu_setting']);
const office = { id: '7', code: 'office', name: '办公', path: '', source: 'apps', sort: 1 };
const menuTree = [
  {
    id: '10',
    parentId: '0',
    title: '系统管理',
    children: [{ id: '11', parentId: '10', title: '用户管理' }],
  },
];

describe('TopMenuScreen', () => {
  it('shows the icon column first and the name before the code, and requires both with their texts', async () => {
    fakeBlade({
      '/api/blade-system/menu/buttons': buttons,
      '/api/blade-system/topmenu/list': page([office]),
    });
    renderScreen(<TopMenuScreen />);
    expect(await screen.findByText('办公')).toBeInTheDocument();
    const headers = screen.getAllByRole('columnheader').map((h) => h.textContent);
    expect(headers.filter((h) => ['菜单图标', '菜单名称', '菜单编号'].includes(h ?? ''))).toEqual([
      '菜单图标',
      '菜单名称',
      '菜单编号',
    ]);
    fireEvent.click(screen.getByRole('button', { name: '新增' }));
    const dialog = await screen.findByRole('dialog');
    const labels = within(dialog)
      .getAllByRole('textbox')
      .map((input) => input.getAttribute('name'));
    expect(labels.slice(0, 2)).toEqual(['name', 'code']);
    expect(within(dialog).getByLabelText('排序')).toHaveValue(1);
    fireEvent.click(within(dialog).getByRole('button', { name: '保存' }));
    expect(await within(dialog).findByText('请输入顶部菜单名称')).toBeInTheDocument();
    expect(within(dialog).getByText('请输入顶部菜单编号')).toBeInTheDocument();
  });

  it('sets a top menu’s menus through topmenu/grant, with the ancestors of each pick', async () => {
    const blade = fakeBlade({
      '/api/blade-system/menu/buttons': buttons,
      '/api/blade-system/topmenu/list': page([office]),
      '/api/blade-system/menu/grant-top-tree': { menu: menuTree },
      '/api/blade-system/menu/top-tree-keys': { menu: [] },
      'POST /api/blade-system/topmenu/grant': {},
    });
    renderScreen(<TopMenuScreen />);
    fireEvent.click(await screen.findByRole('button', { name: '菜单配置' }));
    const dialog = await screen.findByRole('dialog', { name: /菜单配置：办公/ });
    const user = within(dialog).getByRole('treeitem', { name: '用户管理' });
    fireEvent.click(user.querySelector('input[type="checkbox"]') as HTMLInputElement);
    fireEvent.click(within(dialog).getByRole('button', { name: '保存' }));
    await waitFor(() => expect(blade.to('/api/blade-system/topmenu/grant')).toHaveLength(1));
    const body = blade.to('/api/blade-system/topmenu/grant')[0].body as {
      topMenuIds: string[];
      menuIds: string[];
    };
    expect(body.topMenuIds).toEqual(['7']);
    expect([...body.menuIds].sort()).toEqual(['10', '11']);
  });
});
