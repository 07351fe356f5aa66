import { textShade } from '@/lib/theme/contrast';
import {
  applyDesktopShell,
  avatarSource,
  debounce,
  desktopShellFromObject,
  desktopShellFromQuery,
  layoutFlags,
  screenClass,
  toLayoutMode,
} from '@/components/shell/layout-model';
import {
  filterByRoles,
  iframeHref,
  indexRedirect,
  isExternalPath,
  leafEntries,
  menuHref,
  safeFrameSource,
  searchMenu,
  type ShellMenuNode,
} from '@/components/shell/menu-model';
import {
  closeAll,
  closeOthers,
  closeTab,
  HOME_PATH,
  neighbourAfterClose,
  openTab,
  tabHref,
  type Tab,
} from '@/components/shell/tabs-model';
import { guestProblem } from '@/components/shell/register-guest-dialog';
import { avatarProblem, phoneProblem } from '@/components/info/profile-rules';
import { portalTheme, THEMES } from '@/lib/theme/themes';

describe('layout modes', () => {
  it('maps 1–6 to the spec’s flags and defaults to 6', () => {
    expect(layoutFlags(1)).toEqual({ top: false, left: false, tags: false });
    expect(layoutFlags(2)).toEqual({ top: true, left: false, tags: false });
    expect(layoutFlags(3)).toEqual({ top: false, left: true, tags: false });
    expect(layoutFlags(4)).toEqual({ top: false, left: true, tags: true });
    expect(layoutFlags(5)).toEqual({ top: true, left: true, tags: false });
    expect(layoutFlags(6)).toEqual({ top: true, left: true, tags: true });
    expect(toLayoutMode('9')).toBe(6);
    expect(toLayoutMode(3)).toBe(3);
  });

  it('computes the screen class at 1200/992/768', () => {
    expect([1200, 1199, 992, 991, 768, 767, 320].map(screenClass)).toEqual([3, 2, 2, 1, 1, 0, 0]);
  });

  it('debounces to the last call after the quiet time', () => {
    jest.useFakeTimers();
    const fn = jest.fn();
    const d = debounce(fn, 300);
    d(1);
    jest.advanceTimersByTime(200);
    d(2);
    jest.advanceTimersByTime(299);
    expect(fn).not.toHaveBeenCalled();
    jest.advanceTimersByTime(1);
    expect(fn).toHaveBeenCalledTimes(1);
    expect(fn).toHaveBeenCalledWith(2);
    jest.useRealTimers();
  });

  it('lets the desktop shell override top, left and tags and supply the avatar', () => {
    expect(desktopShellFromQuery('?x=1')).toBeNull();
    const shell = desktopShellFromQuery('?desktopShell=1&shellTop=0&shellTags=1&shellAvatar=/a.png');
    expect(shell).toEqual({ top: false, left: undefined, tags: true, avatar: '/a.png' });
    expect(applyDesktopShell(layoutFlags(2), shell)).toEqual({ top: false, left: false, tags: true });
    expect(desktopShellFromObject({ left: false, avatar: 'https://x/y.png' })).toEqual({
      top: undefined,
      left: false,
      tags: undefined,
      avatar: 'https://x/y.png',
    });
    expect(desktopShellFromObject('yes')).toBeNull();
    expect(applyDesktopShell(layoutFlags(6), null)).toEqual(layoutFlags(6));
  });

  it('shows a 32-character avatar through the file service, a URL as is, else the default logo', () => {
    const id = 'a'.repeat(32);
    expect(avatarSource(id)).toBe(`/api/blade-resource/file/getFileById?fileId=${id}`);
    expect(avatarSource('https://example.test/a.png')).toBe('https://example.test/a.png');
    expect(avatarSource('')).toBe('/logo.svg');
    expect(avatarSource(null)).toBe('/logo.svg');
  });
});

const node = (id: string, name: string, path: string, extra: Partial<ShellMenuNode> = {}): ShellMenuNode => ({
  id,
  parentId: '0',
  code: id,
  name,
  path,
  ...extra,
});

const tree: ShellMenuNode[] = [
  node('desk', '工作台', '/wel', { children: [node('wel', '首页', '/wel/index')] }),
  node('system', '系统管理', '/system', {
    children: [
      node('user', '用户管理', '/system/user'),
      node('role', 'Role admin', '/system/role', { meta: { roles: ['administrator'] } }),
      node('docs', 'Docs', 'https://docs.example.com/a', { query: { lang: 'zh' } }),
    ],
  }),
  node('report', '报表', '/report'),
];

describe('menus', () => {
  it('sends external paths to /myiframe with the item’s fields and top-level leaves to /index', () => {
    expect(isExternalPath('https://x')).toBe(true);
    expect(isExternalPath('/static/page.html')).toBe(true);
    expect(isExternalPath('/system/user')).toBe(false);
    expect(iframeHref({ path: 'https://docs.example.com/a', name: 'Docs', query: { lang: 'zh' } })).toBe(
      '/myiframe/urlPath?lang=zh&src=https%3A%2F%2Fdocs.example.com%2Fa&name=Docs',
    );
    expect(menuHref(tree[2], true)).toBe('/report/index');
    expect(menuHref(tree[1].children![0] as ShellMenuNode, false)).toBe('/system/user');
    expect(indexRedirect(tree, '/report')).toBe('/report/index');
    expect(indexRedirect(tree, '/system')).toBeNull();
    expect(indexRedirect(tree, '/nope')).toBeNull();
  });

  it('accepts only http(s) and same-site frame sources', () => {
    expect(safeFrameSource('javascript:alert(1)')).toBeNull();
    expect(safeFrameSource('//evil.example')).toBeNull();
    expect(safeFrameSource('/docs/a.html')).toBe('/docs/a.html');
    expect(safeFrameSource('https://x.example')).toBe('https://x.example');
  });

  it('shows items with meta.roles only to those roles', () => {
    const names = (nodes: ShellMenuNode[]) => leafEntries(nodes).map((e) => e.name);
    expect(names(filterByRoles(tree, ['user']))).toEqual(['首页', '用户管理', 'Docs', '报表']);
    expect(names(filterByRoles(tree, ['administrator']))).toContain('Role admin');
  });

  it('searches leaf entries by name prefix, ignoring case', () => {
    const entries = leafEntries(tree);
    expect(searchMenu(entries, 'role').map((e) => e.name)).toEqual(['Role admin']);
    expect(searchMenu(entries, 'DO').map((e) => e.href)).toEqual([
      '/myiframe/urlPath?lang=zh&src=https%3A%2F%2Fdocs.example.com%2Fa&name=Docs',
    ]);
    expect(searchMenu(entries, 'admin')).toEqual([]);
    expect(searchMenu(entries, '用户').map((e) => e.path)).toEqual(['/system/user']);
    expect(searchMenu(entries, '  ')).toEqual([]);
  });
});

describe('tabs', () => {
  const home: Tab = { label: '首页', value: HOME_PATH, query: '' };
  it('opens a tab per page, refreshes its query, and closes by value ignoring the query', () => {
    let tabs = openTab([home], { label: 'A', value: '/a', query: 'x=1' });
    tabs = openTab(tabs, { label: 'B', value: '/b', query: '' });
    tabs = openTab(tabs, { label: 'A', value: '/a', query: 'x=2' });
    expect(tabs.map(tabHref)).toEqual([HOME_PATH, '/a?x=2', '/b']);
    expect(closeTab(tabs, '/a?x=9').map((t) => t.value)).toEqual([HOME_PATH, '/b']);
    expect(closeTab(tabs, HOME_PATH)).toHaveLength(3);
    expect(openTab(tabs, { label: '404', value: '/404', query: '' })).toBe(tabs);
  });

  it('closes others and all but keeps home, and picks a neighbour', () => {
    const tabs = [home, { label: 'A', value: '/a', query: '' }, { label: 'B', value: '/b', query: '' }];
    expect(closeOthers(tabs, '/b').map((t) => t.value)).toEqual([HOME_PATH, '/b']);
    expect(closeAll(tabs).map((t) => t.value)).toEqual([HOME_PATH]);
    expect(neighbourAfterClose(tabs, '/a')?.value).toBe('/b');
    expect(neighbourAfterClose(tabs, '/b')?.value).toBe('/a');
  });
});

describe('forms', () => {
  it('checks the phone in the spec’s order', () => {
    expect(phoneProblem('')).toBe('phoneRequired');
    expect(phoneProblem('1380013800')).toBe('phoneLength');
    expect(phoneProblem('2380013800a')).toBe('phoneFormat');
    expect(phoneProblem('13800138000')).toBeNull();
  });

  it('accepts jpg/png avatars of at most 500 kb', () => {
    expect(avatarProblem({ name: 'a.gif', type: 'image/gif', size: 10 })).toBe('avatarType');
    expect(avatarProblem({ name: 'a.png', type: 'image/png', size: 500 * 1024 + 1 })).toBe('avatarSize');
    expect(avatarProblem({ name: 'a.JPG', type: 'image/jpeg', size: 500 * 1024 })).toBeNull();
  });

  it('validates guest registration in the spec’s order', () => {
    const form = { tenantId: '', name: '', account: '', password: '', password2: '' };
    expect(guestProblem(form, true)).toBe('tenantRequired');
    expect(guestProblem(form, false)).toBe('accountRequired');
    expect(guestProblem({ ...form, account: 'a', password: 'x' }, false)).toBe('passwordRequired');
    expect(guestProblem({ ...form, account: 'a', password: 'x', password2: 'y' }, false)).toBe('mismatch');
    expect(
      guestProblem({ ...form, tenantId: '000000', account: 'a', password: 'x', password2: 'x' }, true),
    ).toBeNull();
  });
});

describe('themes', () => {
  it('has the spec’s eleven themes as real MUI palettes', () => {
    expect(THEMES.map((t) => t.key)).toEqual([
      'default',
      'white',
      'dark',
      'star',
      'smart',
      'iview',
      'vip',
      'cool',
      'd2',
      'hey',
      'lte',
    ]);
    expect(portalTheme('theme-default').palette.brand).toBe('#409EFF');
    expect(portalTheme('theme-dark').palette.mode).toBe('dark');
    // The smart theme's blue header, a shade darker so that its white text reads (issue 18, WCAG AA).
    expect(portalTheme('theme-bule').palette.shell.headerBg).toBe(textShade('#1e6fff', ['#fff']));
    expect(portalTheme('nonsense')).toBe(portalTheme('theme-default'));
  });
});
