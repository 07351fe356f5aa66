import { readdirSync, statSync } from 'node:fs';
import path from 'node:path';
import { MENUS, type SeedMenu } from '@/blade/db/seed-data';
import type { ShellMenuNode } from '@/components/shell/menu-model';
import { routeLabel, routeLabelTable } from '@/components/shell/route-labels';
import { RESOURCE_MENUS } from '@/lib/contracts/registry';
import en from '@/messages/en.json';
import zh from '@/messages/zh.json';

type Messages = Record<string, unknown>;
const ROUTE_LABELS = routeLabelTable(RESOURCE_MENUS);
const lookup = (messages: Messages, key: string): unknown =>
  key.split('.').reduce<unknown>((at, part) => (at as Messages | undefined)?.[part], messages);

/** Static page routes under app/(portal) (dynamic segments are the catch-all and the frame page). */
function pageRoutes(dir: string, prefix = ''): string[] {
  return readdirSync(dir).flatMap((name) => {
    const full = path.join(dir, name);
    if (!statSync(full).isDirectory()) return name === 'page.tsx' && prefix ? [prefix] : [];
    if (name.startsWith('[')) return [];
    return pageRoutes(full, `${prefix}/${name}`);
  });
}

describe('route labels', () => {
  it('names every page of the portal, in zh and en', () => {
    const routes = pageRoutes(path.join(process.cwd(), 'app/(portal)'));
    expect(routes).toEqual(expect.arrayContaining(['/dict-horizontal/index', '/info/index', '/system/user']));
    const unnamed = routes.filter((r) => !ROUTE_LABELS[r]);
    expect(unnamed).toEqual([]);
    for (const key of Object.values(ROUTE_LABELS)) {
      expect([key, typeof lookup(zh, key)]).toEqual([key, 'string']);
      expect([key, typeof lookup(en, key)]).toEqual([key, 'string']);
    }
  });

  it('has an English name for every seeded menu', () => {
    const codes: string[] = [];
    const walk = (menus: SeedMenu[]) =>
      menus.forEach((m) => {
        if ((m.category ?? 1) === 1) codes.push(m.code);
        walk(m.children ?? []);
      });
    walk(MENUS);
    expect(codes.filter((code) => typeof lookup(en, `menu.${code}`) !== 'string')).toEqual([]);
  });

  const menu: ShellMenuNode[] = [
    {
      id: '1',
      parentId: '0',
      code: 'system',
      name: '系统管理',
      path: '/system',
      children: [{ id: '2', parentId: '1', code: 'user', name: '账号', path: '/system/user' }],
    },
    { id: '3', parentId: '0', code: 'report', name: '报表', path: '/report' },
  ];
  const sources = {
    menu,
    menuLabel: (n: ShellMenuNode) => `menu:${n.name}`,
    message: (key: string) => `msg:${key}`,
    labels: ROUTE_LABELS,
  };
  const label = (p: string, q = '') => routeLabel(p, new URLSearchParams(q), sources);

  it('takes a menu entry’s name first, then the route’s message', () => {
    // The tenant renamed the user menu: its name wins over the route table.
    expect(label('/system/user')).toBe('menu:账号');
    // A top-level leaf is opened at its /index child.
    expect(label('/report/index')).toBe('menu:报表');
    expect(label('/dict-horizontal/index')).toBe('msg:shell.routes.dictHorizontal');
    expect(label('/system/dept')).toBe('msg:menu.dept');
    expect(label('/no/such')).toBe('msg:shell.routes.page');
  });

  it('names a frame page by the item it shows, else generically', () => {
    expect(label('/myiframe/urlPath', 'src=https%3A%2F%2Fx.example&name=Docs')).toBe('Docs');
    expect(label('/myiframe/urlPath', 'src=https%3A%2F%2Fx.example')).toBe('msg:shell.routes.myiframe');
  });
});
