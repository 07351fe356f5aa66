import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { TenantPackageScreen } from '@/components/system/tenant-package-screen';
import { fakeBlade, page } from '../crud/fake-blade';
import { renderScreen } from '../crud/wrap';
import { buttonsWith } from './fixtures';

const buttons = buttonsWith(['tenantpackage_add', 'tenantpackage_edit', 'tenantpackage_delete']);
const menuTree = [
  {
    id: '10',
    parentId: '0',
    title: '系统管理',
    children: [
      { id: '11', parentId: '10', title: '用户管理' },
      { id: '12', parentId: '10', title: '部门管理' },
    ],
  },
];

describe('TenantPackageScreen (spec §2)', () => {
  it('shows package name, menu list and remark, pages by 100, and offers no view button', async () => {
    const blade = fakeBlade({
      '/api/blade-system/menu/buttons': buttons,
      '/api/blade-system/menu/grant-tree': { menu: menuTree, dataScope: [], apiScope: [] },
      '/api/blade-system/tenant-package/list': page([
        { id: '1', packageName: '基础包', menuId: '11,12', remark: '备注一' },
      ]),
    });
    renderScreen(<TenantPackageScreen />);
    expect(await screen.findByText('基础包')).toBeInTheDocument();
    expect(await screen.findByText('用户管理、部门管理')).toBeInTheDocument();
    expect(screen.getByText('备注一')).toBeInTheDocument();
    for (const header of ['产品包名称', '菜单列表', '备注']) {
      expect(screen.getByRole('columnheader', { name: header })).toBeInTheDocument();
    }
    expect(blade.to('/api/blade-system/tenant-package/list')[0].query.get('size')).toBe('100');
    await screen.findByRole('button', { name: '编辑' });
    expect(screen.queryByRole('button', { name: '查看' })).not.toBeInTheDocument();
    fireEvent.change(within(screen.getByRole('search')).getByLabelText('产品包名称'), {
      target: { value: '基础' },
    });
    fireEvent.click(screen.getByRole('button', { name: '搜索' }));
    await waitFor(() =>
      expect(blade.to('/api/blade-system/tenant-package/list').at(-1)?.query.get('packageName')).toBe('基础'),
    );
  });

  it('requires a name and menus with the spec texts and sends menuId comma-joined', async () => {
    const blade = fakeBlade({
      '/api/blade-system/menu/buttons': buttons,
      '/api/blade-system/menu/grant-tree': { menu: menuTree, dataScope: [], apiScope: [] },
      '/api/blade-system/tenant-package/list': page([]),
      'POST /api/blade-system/tenant-package/submit': {},
    });
    renderScreen(<TenantPackageScreen />);
    fireEvent.click(await screen.findByRole('button', { name: '新增' }));
    const dialog = await screen.findByRole('dialog');
    fireEvent.click(within(dialog).getByRole('button', { name: '保存' }));
    expect(await within(dialog).findByText('请输入产品包名称')).toBeInTheDocument();
    expect(within(dialog).getByText('请选择菜单')).toBeInTheDocument();
    expect(blade.to('/api/blade-system/tenant-package/submit')).toHaveLength(0);

    fireEvent.change(within(dialog).getByLabelText('产品包名称'), { target: { value: '标准包' } });
    // Checking the parent checks its children too.
    const parent = within(dialog).getByRole('treeitem', { name: /系统管理/ });
    // The tree's checkboxes are hidden from the accessibility tree (the item carries aria-checked instead).
    fireEvent.click(parent.querySelector('input[type="checkbox"]') as HTMLInputElement);
    await waitFor(() => expect(parent).toHaveAttribute('aria-checked', 'true'));
    await waitFor(() => expect(within(dialog).queryByText('请选择菜单')).not.toBeInTheDocument());
    fireEvent.click(within(dialog).getByRole('button', { name: '保存' }));
    expect(await screen.findByText('新增成功')).toBeInTheDocument();
    const body = blade.to('/api/blade-system/tenant-package/submit')[0].body as Record<string, string>;
    expect(body.packageName).toBe('标准包');
    expect(body.menuId.split(',').sort()).toEqual(['10', '11', '12']);
  });
});
