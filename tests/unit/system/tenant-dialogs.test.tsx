import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { TenantScreen } from '@/components/system/tenant-screen';
import { fakeBlade, page } from '../crud/fake-blade';
import { renderScreen } from '../crud/wrap';
import { buttonsWith } from './fixtures';

const tenants = page([
  { id: 't0', tenantId: '000000', tenantName: '管理组', packageId: '' },
  { id: 't1', tenantId: '123456', tenantName: '检测公司', packageId: 'p1' },
]);
const rowOf = (name: string) => screen.getByText(name).closest('[role="row"]') as HTMLElement;

const pick = async (dialog: HTMLElement, label: string, option: string) => {
  fireEvent.mouseDown(within(dialog).getByRole('combobox', { name: label }));
  fireEvent.click(await screen.findByRole('option', { name: option }));
};

describe('TenantScreen: package of a tenant, and no datasource', () => {
  it('offers no datasource configuration: one database serves every tenant', async () => {
    // Even a role still holding the retired button's code gets no 数据源配置 (blade/ refuses tenant/datasource).
    const blade = fakeBlade({
      '/api/blade-system/menu/buttons': buttonsWith(['tenant_datasource', 'tenant_package']),
      '/api/blade-system/tenant-package/list': page([]),
      '/api/blade-system/tenant/list': tenants,
    });
    renderScreen(<TenantScreen />);
    expect(await screen.findByText('检测公司')).toBeInTheDocument();
    expect(within(rowOf('检测公司')).getByRole('button', { name: '产品包配置' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: '数据源配置' })).not.toBeInTheDocument();
    expect(blade.to('/api/blade-system/tenant/datasource')).toHaveLength(0);
  });

  it("opens on the tenant's package and binds another; none for the platform tenant", async () => {
    let current = 'p1';
    const blade = fakeBlade({
      '/api/blade-system/menu/buttons': buttonsWith(['tenant_package']),
      '/api/blade-system/tenant-package/list': page([
        { id: 'p1', packageName: '标准版' },
        { id: 'p2', packageName: '专业版' },
      ]),
      '/api/blade-system/tenant/list': tenants,
      '/api/blade-system/tenant/package-detail': () => ({ id: current }),
      'POST /api/blade-system/tenant/package-setting': (call: { query: URLSearchParams }) => {
        current = call.query.get('packageId') ?? '';
        return {};
      },
    });
    renderScreen(<TenantScreen />);
    expect(await screen.findByText('检测公司')).toBeInTheDocument();
    expect(within(rowOf('管理组')).queryByRole('button', { name: '产品包配置' })).not.toBeInTheDocument();
    expect(within(rowOf('检测公司')).queryByRole('button', { name: '数据源配置' })).not.toBeInTheDocument();
    fireEvent.click(within(rowOf('检测公司')).getByRole('button', { name: '产品包配置' }));
    const dialog = await screen.findByRole('dialog', { name: /产品包配置：检测公司/ });
    expect(within(dialog).getByRole('combobox', { name: '产品包' })).toHaveTextContent('标准版');
    expect(blade.to('/api/blade-system/tenant/package-detail')[0].query.get('tenantId')).toBe('123456');
    await pick(dialog, '产品包', '专业版');
    fireEvent.click(within(dialog).getByRole('button', { name: '保存' }));
    await waitFor(() => expect(blade.to('/api/blade-system/tenant/package-setting')).toHaveLength(1));
    expect(Object.fromEntries(blade.to('/api/blade-system/tenant/package-setting')[0].query)).toEqual({
      tenantId: '123456',
      packageId: 'p2',
    });
    expect(await screen.findByText('操作成功!')).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    // Opened again, it shows the package just bound, not the one it first read.
    fireEvent.click(within(rowOf('检测公司')).getByRole('button', { name: '产品包配置' }));
    const again = await screen.findByRole('dialog', { name: /产品包配置：检测公司/ });
    expect(within(again).getByRole('combobox', { name: '产品包' })).toHaveTextContent('专业版');
  });
});
