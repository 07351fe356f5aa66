import { ThemeProvider } from '@mui/material/styles';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { ReactElement } from 'react';
import { MenuSearch } from '@/components/shell/menu-search';
import { PortalDialog } from '@/components/shell/portal-dialog';
import { TagsBar } from '@/components/shell/tags-bar';
import { ThemeDialog } from '@/components/shell/theme-dialog';
import { HOME_PATH } from '@/components/shell/tabs-model';
import { portalTheme } from '@/lib/theme/themes';
import { renderWithIntl } from '../render';

const themed = (ui: ReactElement) =>
  renderWithIntl(<ThemeProvider theme={portalTheme('theme-default')}>{ui}</ThemeProvider>);

// jsdom has no PointerEvent: a MouseEvent carries the coordinates the drag reads.
beforeAll(() => {
  if (!('PointerEvent' in window)) {
    class PointerEvent extends MouseEvent {
      pointerId: number;
      constructor(type: string, init: MouseEventInit & { pointerId?: number } = {}) {
        super(type, init);
        this.pointerId = init.pointerId ?? 0;
      }
    }
    Object.assign(window, { PointerEvent });
  }
});

describe('PortalDialog', () => {
  it('is 880 wide, ignores Escape and backdrop clicks, and closes by its button', () => {
    const onClose = jest.fn();
    themed(
      <PortalDialog open onClose={onClose} title="标题">
        内容
      </PortalDialog>,
    );
    const dialog = screen.getByRole('dialog');
    expect(dialog).toHaveStyle({ width: '880px' });
    fireEvent.keyDown(dialog, { key: 'Escape' });
    fireEvent.click(document.querySelector('.MuiBackdrop-root')!);
    expect(onClose).not.toHaveBeenCalled();
    expect(screen.getByRole('dialog')).toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: '关闭' }));
    expect(onClose).toHaveBeenCalledTimes(1);
  });

  it('moves with its title bar', () => {
    themed(
      <PortalDialog open onClose={() => undefined} title="拖我">
        x
      </PortalDialog>,
    );
    const title = screen.getByText('拖我');
    fireEvent.pointerDown(title, { clientX: 10, clientY: 10, pointerId: 1 });
    fireEvent.pointerMove(title, { clientX: 60, clientY: 30, pointerId: 1 });
    fireEvent.pointerUp(title, { pointerId: 1 });
    expect(screen.getByRole('dialog').style.transform).toBe('translate(50px, 20px)');
  });
});

describe('TagsBar', () => {
  const tabs = [
    { label: '首页', value: HOME_PATH, query: '' },
    { label: '用户', value: '/system/user', query: 'a=1' },
  ];
  const handlers = () => ({
    onSelect: jest.fn(),
    onClose: jest.fn(),
    onCloseOthers: jest.fn(),
    onCloseAll: jest.fn(),
    onClearCache: jest.fn(),
    onSearch: jest.fn(),
  });

  it('has a right-click menu with clear cache, close others and close all', () => {
    const h = handlers();
    themed(<TagsBar tabs={tabs} current="/system/user" {...h} />);
    fireEvent.contextMenu(screen.getAllByTestId('tag')[1]);
    const menu = screen.getByRole('menu');
    expect(
      within(menu)
        .getAllByRole('menuitem')
        .map((i) => i.textContent),
    ).toEqual(['清除缓存', '关闭其他', '关闭全部']);
    fireEvent.click(within(menu).getByText('关闭其他'));
    expect(h.onCloseOthers).toHaveBeenCalledWith('/system/user');
  });

  it('has a dropdown with search, close others, close all and clear cache', () => {
    const h = handlers();
    themed(<TagsBar tabs={tabs} current="/system/user" {...h} />);
    fireEvent.click(screen.getByRole('button', { name: '标签操作' }));
    const menu = screen.getByRole('menu');
    expect(
      within(menu)
        .getAllByRole('menuitem')
        .map((i) => i.textContent),
    ).toEqual(['搜索', '关闭其他', '关闭全部', '清除缓存']);
    fireEvent.click(within(menu).getByText('搜索'));
    expect(h.onSearch).toHaveBeenCalledTimes(1);
  });

  it.each([
    ['the right-click menu', () => fireEvent.contextMenu(screen.getAllByTestId('tag')[1])],
    ['the dropdown', () => fireEvent.click(screen.getByRole('button', { name: '标签操作' }))],
  ])('asks 是否需要清除缓存? before clearing from %s', async (_, open) => {
    const h = handlers();
    themed(<TagsBar tabs={tabs} current="/system/user" {...h} />);
    open();
    fireEvent.click(within(screen.getByRole('menu')).getByText('清除缓存'));
    const ask = await screen.findByRole('dialog');
    expect(ask).toHaveTextContent('是否需要清除缓存?');
    fireEvent.click(within(ask).getByRole('button', { name: '取消' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(h.onClearCache).not.toHaveBeenCalled();
    open();
    fireEvent.click(within(screen.getByRole('menu')).getByText('清除缓存'));
    fireEvent.click(within(await screen.findByRole('dialog')).getByRole('button', { name: '确定' }));
    await waitFor(() => expect(h.onClearCache).toHaveBeenCalledTimes(1));
  });

  it('closes a tab by its close mark; home has none', () => {
    const h = handlers();
    themed(<TagsBar tabs={tabs} current="/system/user" {...h} />);
    expect(screen.queryByRole('button', { name: '关闭 首页' })).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: '关闭 用户' }));
    expect(h.onClose).toHaveBeenCalledWith('/system/user');
    expect(h.onSelect).not.toHaveBeenCalled();
  });
});

describe('MenuSearch', () => {
  const entries = [
    { id: '1', name: 'User admin', path: '/system/user', href: '/system/user' },
    { id: '2', name: 'Role admin', path: '/system/role', href: '/system/role' },
  ];
  it('filters by prefix, opens with Enter and closes with Escape', async () => {
    const onPick = jest.fn();
    const onClose = jest.fn();
    themed(<MenuSearch open entries={entries} onClose={onClose} onPick={onPick} />);
    const input = screen.getByRole('combobox', { name: '菜单搜索' });
    fireEvent.change(input, { target: { value: 'ro' } });
    expect(screen.getAllByRole('option').map((o) => o.textContent)).toEqual(['Role admin/system/role']);
    fireEvent.keyDown(input, { key: 'Enter' });
    expect(onPick).toHaveBeenCalledWith(entries[1]);
    expect(onClose).toHaveBeenCalled();
  });

  it('shows the empty text and closes on Escape', async () => {
    const onClose = jest.fn();
    themed(<MenuSearch open entries={entries} onClose={onClose} onPick={jest.fn()} />);
    const input = screen.getByRole('combobox', { name: '菜单搜索' });
    fireEvent.change(input, { target: { value: 'zzz' } });
    expect(screen.getByText('没有匹配的菜单')).toBeInTheDocument();
    fireEvent.keyDown(input, { key: 'Escape' });
    await waitFor(() => expect(onClose).toHaveBeenCalled());
  });
});

describe('ThemeDialog', () => {
  it('lists the eleven themes and the six layout modes', () => {
    const onTheme = jest.fn();
    const onLayoutMode = jest.fn();
    themed(
      <ThemeDialog
        open
        onClose={() => undefined}
        themeName="theme-default"
        onTheme={onTheme}
        layoutMode={6}
        onLayoutMode={onLayoutMode}
      />,
    );
    const group = screen.getByRole('radiogroup', { name: '主题' });
    expect(within(group).getAllByRole('radio')).toHaveLength(11);
    expect(within(group).getByRole('radio', { name: '默认主题' })).toHaveAttribute('aria-checked', 'true');
    fireEvent.click(within(group).getByRole('radio', { name: '黑色主题' }));
    expect(onTheme).toHaveBeenCalledWith('theme-dark');
    fireEvent.click(screen.getByLabelText('3 · 仅左侧'));
    expect(onLayoutMode).toHaveBeenCalledWith(3);
  });
});
