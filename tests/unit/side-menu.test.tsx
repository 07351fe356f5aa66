import { fireEvent, screen } from '@testing-library/react';
import { SideMenu } from '@/components/layout/side-menu';
import { avatarSource } from '@/components/layout/top-bar';
import type { MenuNode } from '@/lib/shared/menu';
import { renderWithIntl } from './render';

jest.mock('next/navigation', () => ({
  useSearchParams: () => new URLSearchParams(),
  usePathname: () => '/wel/index',
  useRouter: () => ({ refresh: jest.fn() }),
}));

const menu: MenuNode[] = [
  {
    id: '1',
    parentId: '0',
    code: 'desk',
    name: '工作台',
    path: '/wel',
    children: [
      { id: '2', parentId: '1', code: 'wel', name: '首页', path: '/wel/index' },
      { id: '3', parentId: '1', code: 'custom_page', name: '自定义页面', path: '/custom/index' },
    ],
  },
];

describe('SideMenu', () => {
  it('shows the empty-menu tip', () => {
    renderWithIntl(<SideMenu menu={[]} loading={false} collapsed={false} />);
    expect(screen.getByRole('note')).toHaveTextContent('没有发现菜单');
  });

  it('opens the submenu of the current page and marks it current; collapses on click', () => {
    renderWithIntl(<SideMenu menu={menu} loading={false} collapsed={false} />);
    const current = screen.getByRole('link', { name: '首页' });
    expect(current).toHaveAttribute('aria-current', 'page');
    expect(current).toHaveAttribute('href', '/wel/index');
    fireEvent.click(screen.getByRole('button', { name: '工作台' }));
    expect(screen.getByRole('button', { name: '工作台' })).toHaveAttribute('aria-expanded', 'false');
  });

  it('shows the stored names in zh, so that a renamed seeded menu shows its new name', () => {
    const renamed: MenuNode[] = [{ ...menu[0], name: '我的工作台' }];
    renderWithIntl(<SideMenu menu={renamed} loading={false} collapsed={false} />);
    expect(screen.getByRole('button', { name: '我的工作台' })).toBeInTheDocument();
  });

  it('translates menu codes that have a message and keeps stored names otherwise', () => {
    renderWithIntl(<SideMenu menu={menu} loading={false} collapsed={false} />, 'en');
    expect(screen.getByRole('button', { name: 'Workbench' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Home' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: '自定义页面' })).toBeInTheDocument();
  });
});

describe('avatarSource', () => {
  it('treats a 32-character value as a file id, else a URL, else the default logo', () => {
    expect(avatarSource('a'.repeat(32))).toBe(
      `/api/blade-resource/file/getFileById?fileId=${'a'.repeat(32)}`,
    );
    expect(avatarSource('https://example.test/a.png')).toBe('https://example.test/a.png');
    expect(avatarSource('')).toBe('/logo.svg');
    expect(avatarSource(undefined)).toBe('/logo.svg');
  });
});
