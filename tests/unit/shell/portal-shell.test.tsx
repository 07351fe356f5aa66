import { ThemeProvider } from '@mui/material/styles';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { SWRConfig } from 'swr';
import { PortalShell } from '@/components/layout/portal-shell';
import { routeLabelTable } from '@/components/shell/route-labels';
import { RESOURCE_MENUS } from '@/lib/contracts/registry';
import { layoutModeStore, topMenuStore } from '@/components/shell/settings';
import type { ShellMenuNode } from '@/components/shell/menu-model';
import { swrFetcher } from '@/lib/client/fetcher';
import { portalTheme } from '@/lib/theme/themes';
import { renderWithIntl } from '../render';

const push = jest.fn();
jest.mock('next/navigation', () => ({
  usePathname: () => '/system/user',
  useRouter: () => ({ push, replace: jest.fn(), refresh: jest.fn() }),
  useSearchParams: () => new URLSearchParams(),
}));

// jsdom measures nothing; the shell only needs the observer to exist.
beforeAll(() => {
  global.ResizeObserver ??= class {
    observe() {}
    unobserve() {}
    disconnect() {}
  } as unknown as typeof ResizeObserver;
});

const ok = (data: unknown) =>
  new Response(JSON.stringify({ code: 200, success: true, data, msg: '操作成功' }), {
    status: 200,
    headers: { 'content-type': 'application/json' },
  });

const node = (
  id: string,
  code: string,
  name: string,
  path: string,
  source: string,
  children?: ShellMenuNode[],
) => ({ id, parentId: '0', code, name, path, source, children }) as ShellMenuNode;
const desk = node('1', 'desk', '工作台', '/wel', 'dashboard', [
  node('2', 'wel', '首页', '/wel/index', 'home'),
]);
const system = node('3', 'system', '系统管理', '/system', 'settings', [
  node('4', 'user', '用户管理', '/system/user', 'person'),
  node('5', 'dept', '部门管理', '/system/dept', 'no_such_icon'),
]);

/** blade/ as the shell sees it: the top menu "系统" (id 30) holds the system menus only. */
function serve() {
  const calls: string[] = [];
  global.fetch = jest.fn(async (input: RequestInfo | URL) => {
    const url = String(input);
    calls.push(url);
    if (url.includes('oauth/user-info'))
      return ok({ tenant_id: '000000', user_id: '1', real_name: '管理员', role_name: 'administrator' });
    if (url.includes('menu/top-menu'))
      return ok([{ id: '30', code: 'sys', name: '系统', source: 'settings', path: '', sort: 1 }]);
    if (url.includes('menu/routes?topMenuId=30')) return ok([system]);
    if (url.includes('menu/routes')) return ok([desk, system]);
    return ok({});
  }) as typeof fetch;
  return calls;
}

const renderShell = () =>
  renderWithIntl(
    <SWRConfig value={{ fetcher: swrFetcher }}>
      <ThemeProvider theme={portalTheme('theme-default')}>
        <PortalShell routeLabels={routeLabelTable(RESOURCE_MENUS)}>
          <p>page</p>
        </PortalShell>
      </ThemeProvider>
    </SWRConfig>,
  );

const sideMenu = () => within(screen.getByRole('navigation', { name: '菜单' }));

beforeEach(() => {
  localStorage.clear();
  sessionStorage.clear();
  layoutModeStore.set(6);
  topMenuStore.set('');
});

describe('PortalShell top menu', () => {
  it('shows a home item plus the server’s top menus; picking one filters the side menu', async () => {
    const calls = serve();
    renderShell();
    const top = within(await screen.findByRole('tablist', { name: '顶部菜单' }));
    await waitFor(() => expect(top.getAllByRole('tab').map((t) => t.textContent)).toEqual(['首页', '系统']));
    expect(top.getByRole('tab', { name: '首页' })).toHaveAttribute('aria-selected', 'true');
    await waitFor(() => expect(sideMenu().getByRole('button', { name: '工作台' })).toBeInTheDocument());
    expect(sideMenu().getByRole('button', { name: '系统管理' })).toBeInTheDocument();

    fireEvent.click(top.getByRole('tab', { name: '系统' }));
    await waitFor(() => expect(sideMenu().queryByRole('button', { name: '工作台' })).toBeNull());
    expect(sideMenu().getByRole('button', { name: '系统管理' })).toBeInTheDocument();
    expect(calls.some((u) => u.includes('/api/blade-system/menu/routes?topMenuId=30'))).toBe(true);
    // The tab of the current page keeps the name of its menu entry.
    expect(screen.getByTestId('tags-bar')).toHaveTextContent('用户管理');

    fireEvent.click(top.getByRole('tab', { name: '首页' }));
    await waitFor(() => expect(sideMenu().getByRole('button', { name: '工作台' })).toBeInTheDocument());
  });

  it('remembers the picked top menu over a reload; one no longer offered falls back to the home item', async () => {
    serve();
    const first = renderShell();
    fireEvent.click(
      await within(await screen.findByRole('tablist', { name: '顶部菜单' })).findByRole('tab', {
        name: '系统',
      }),
    );
    await waitFor(() => expect(sideMenu().queryByRole('button', { name: '工作台' })).toBeNull());
    first.unmount();

    const second = renderShell();
    const top = within(await screen.findByRole('tablist', { name: '顶部菜单' }));
    await waitFor(() =>
      expect(top.getByRole('tab', { name: '系统' })).toHaveAttribute('aria-selected', 'true'),
    );
    expect(sideMenu().queryByRole('button', { name: '工作台' })).toBeNull();
    expect(sideMenu().getByRole('button', { name: '系统管理' })).toBeInTheDocument();
    second.unmount();

    act(() => topMenuStore.set('99'));
    renderShell();
    const again = within(await screen.findByRole('tablist', { name: '顶部菜单' }));
    await waitFor(() =>
      expect(again.getByRole('tab', { name: '首页' })).toHaveAttribute('aria-selected', 'true'),
    );
    await waitFor(() => expect(sideMenu().getByRole('button', { name: '工作台' })).toBeInTheDocument());
  });

  it('shows every menu when the layout has no top bar to pick one with', async () => {
    serve();
    const view = renderShell();
    const top = within(await screen.findByRole('tablist', { name: '顶部菜单' }));
    fireEvent.click(await top.findByRole('tab', { name: '系统' }));
    await waitFor(() => expect(sideMenu().queryByRole('button', { name: '工作台' })).toBeNull());
    // Mode 3: left only.
    act(() => layoutModeStore.set(3));
    await waitFor(() => expect(screen.queryByTestId('top-bar')).toBeNull());
    await waitFor(() => expect(sideMenu().getByRole('button', { name: '工作台' })).toBeInTheDocument());
    view.unmount();
  });

  it('shows each menu’s own icon, and a folder or page icon when it has none the portal knows', async () => {
    serve();
    renderShell();
    await screen.findByRole('navigation', { name: '菜单' });
    const system = sideMenu().getByRole('button', { name: '系统管理' });
    expect(within(system).getByTestId('SettingsIcon')).toBeInTheDocument();
    expect(
      within(sideMenu().getByRole('link', { name: '用户管理' })).getByTestId('PersonIcon'),
    ).toBeInTheDocument();
    expect(
      within(sideMenu().getByRole('link', { name: '部门管理' })).getByTestId('InsertDriveFileOutlinedIcon'),
    ).toBeInTheDocument();
    // The top menu shows its icon too.
    const top = within(screen.getByRole('tablist', { name: '顶部菜单' }));
    expect(within(top.getByRole('tab', { name: '系统' })).getByTestId('SettingsIcon')).toBeInTheDocument();
  });
});
