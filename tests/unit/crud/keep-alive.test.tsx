import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { z } from 'zod';
import { CrudScreen } from '@/components/crud/crud-screen';
import { clearKeepAlive } from '@/components/shell/shell-context';
import { fakeBlade, page } from './fake-blade';
import { renderScreen } from './wrap';

// The grid's state is kept per tab, and a tab is the page's path.
jest.mock('next/navigation', () => ({
  useSearchParams: () => new URLSearchParams(),
  usePathname: () => '/thing',
}));

function Screen() {
  return (
    <CrudScreen<{ id: string; name: string }>
      title="物品"
      api={{ list: '/api/x/list' }}
      columns={[{ field: 'name', headerName: '名称', flex: 1 }]}
      fields={[{ name: 'name', label: '名称' }]}
      schema={z.object({ name: z.string() })}
      emptyValues={{ name: '' }}
      searchFields={[{ name: 'name', label: '名称' }]}
      buttons={{ add: false, edit: false, delete: false, view: false }}
    />
  );
}

describe('CrudScreen keep-alive', () => {
  it('finds its search and page again when its tab is re-opened, and forgets them once the tab is closed', async () => {
    const blade = fakeBlade({
      '/api/blade-system/menu/buttons': [],
      '/api/x/list': page([{ id: 'a', name: '甲' }], 31),
    });
    const first = renderScreen(<Screen />);
    await screen.findByText('甲');
    fireEvent.change(within(screen.getByRole('search')).getByLabelText('名称'), { target: { value: '甲' } });
    fireEvent.click(screen.getByRole('button', { name: '搜索' }));
    await waitFor(() => expect(blade.to('/api/x/list').at(-1)?.query.get('name')).toBe('甲'));
    fireEvent.click(screen.getByRole('button', { name: /next page|下一页/i }));
    await waitFor(() => expect(blade.to('/api/x/list').at(-1)?.query.get('current')).toBe('2'));
    first.unmount();

    // Another tab was shown meanwhile; coming back mounts the page afresh.
    const calls = blade.to('/api/x/list').length;
    const second = renderScreen(<Screen />);
    await waitFor(() => expect(blade.to('/api/x/list').length).toBeGreaterThan(calls));
    const back = blade.to('/api/x/list')[calls].query;
    expect(back.get('name')).toBe('甲');
    expect(back.get('current')).toBe('2');
    expect(within(screen.getByRole('search')).getByLabelText('名称')).toHaveValue('甲');
    second.unmount();

    clearKeepAlive('/thing');
    const after = blade.to('/api/x/list').length;
    renderScreen(<Screen />);
    await waitFor(() => expect(blade.to('/api/x/list').length).toBeGreaterThan(after));
    const fresh = blade.to('/api/x/list')[after].query;
    expect(fresh.get('name')).toBeNull();
    expect(fresh.get('current')).toBe('1');
    expect(within(screen.getByRole('search')).getByLabelText('名称')).toHaveValue('');
  });
});
