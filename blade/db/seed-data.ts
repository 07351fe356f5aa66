/** First-start data: contract §9, reduced to what the portal has screens for so far. */

export const PLATFORM_TENANT = { tenantId: '000000', tenantName: '管理组' };

export const DEPTS = { root: '总部', children: ['综合管理部', '检验检测部'] };

export const ROLES = [
  { key: 'administrator', name: '超级管理员', alias: 'administrator', sort: 1 },
  { key: 'user', name: '用户', alias: 'user', sort: 2 },
] as const;

export const POSTS = [{ category: 1, code: 'ceo', name: '首席执行官', sort: 1 }];

export const PARAMS = [{ name: '是否开启注册功能', key: 'account.registerUser', value: 'true' }];

/** Menus as a tree; `grant` lists the role keys holding the menu (administrator holds everything). */
export interface SeedMenu {
  code: string;
  name: string;
  path: string;
  source: string;
  sort: number;
  grant: ReadonlyArray<(typeof ROLES)[number]['key']>;
  children?: SeedMenu[];
}

export const MENUS: SeedMenu[] = [
  {
    code: 'desk',
    name: '工作台',
    path: '/wel',
    source: 'dashboard',
    sort: 1,
    grant: ['administrator'],
    children: [
      {
        code: 'wel',
        name: '首页',
        path: '/wel/index',
        source: 'home',
        sort: 1,
        grant: ['administrator', 'user'],
      },
    ],
  },
];

export const DICTS: Array<{ code: string; name: string; items: Array<[string, string]> }> = [
  {
    code: 'sex',
    name: '性别',
    items: [
      ['1', '男'],
      ['2', '女'],
    ],
  },
  {
    code: 'notice',
    name: '通知类型',
    items: [
      ['1', '发布通知'],
      ['2', '批转通知'],
      ['3', '转发通知'],
      ['4', '指示通知'],
      ['5', '任免通知'],
      ['6', '事务通知'],
    ],
  },
  {
    code: 'menu_category',
    name: '菜单类型',
    items: [
      ['1', '菜单'],
      ['2', '按钮'],
    ],
  },
  {
    code: 'button_func',
    name: '按钮功能',
    items: [
      ['1', '工具栏'],
      ['2', '操作栏'],
      ['3', '工具操作栏'],
    ],
  },
  {
    code: 'yes_no',
    name: '是否',
    items: [
      ['1', '否'],
      ['2', '是'],
    ],
  },
  {
    code: 'data_scope_type',
    name: '数据权限',
    items: [
      ['1', '全部可见'],
      ['2', '本人可见'],
      ['3', '所在机构可见'],
      ['4', '所在机构及子级可见'],
      ['5', '自定义'],
    ],
  },
  {
    code: 'api_scope_type',
    name: '接口权限',
    items: [
      ['1', '系统接口'],
      ['2', '业务接口'],
    ],
  },
  {
    code: 'post_category',
    name: '岗位类型',
    items: [
      ['1', '高层'],
      ['2', '中层'],
      ['3', '基层'],
      ['4', '其他'],
    ],
  },
  {
    code: 'region',
    name: '行政区划',
    items: [
      ['0', '国家'],
      ['1', '省份/直辖市'],
      ['2', '地市'],
      ['3', '区县'],
      ['4', '乡镇'],
      ['5', '村委'],
    ],
  },
];
