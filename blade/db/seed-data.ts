import { RESOURCE_DEFINITIONS } from '../../lib/contracts/registry';
import type { ResourceDef } from '../../lib/contracts/resource';

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
  /** 1 menu (default), 2 button. */
  category?: 1 | 2;
  /** Button keyword (`add`, `edit`, …); `menu` for menus. */
  alias?: string;
  /** Buttons: 1 toolbar, 2 row, 3 both. */
  action?: number;
  /**
   * Platform administrator only: never granted to a tenant's `admin` role on provisioning, whatever the package says
   * (pages over platform tables, and the write buttons of global tables such as menus, system dictionaries, parameters,
   * regions and scopes). Children inherit it.
   */
  platform?: boolean;
  children?: SeedMenu[];
}

type ButtonSpec = [code: string, name: string, alias: string, action: number, platform?: boolean];

/** Button menus (category 2) of one page; `path` is the page path plus the button's keyword. */
function buttons(page: string, specs: ButtonSpec[]): SeedMenu[] {
  return specs.map(([code, name, alias, action, platform], i) => ({
    code,
    name,
    path: `${page}/${alias}`,
    source: '',
    sort: i + 1,
    grant: [],
    category: 2,
    alias,
    action,
    ...(platform ? { platform } : {}),
  }));
}

/** The usual four buttons of a CRUD page: `<prefix>_add`, `_edit`, `_delete`, `_view`. */
function crud(prefix: string, page: string, platformWrites = false, extra: ButtonSpec[] = []): SeedMenu[] {
  return buttons(page, [
    [`${prefix}_add`, '新增', 'add', 1, platformWrites],
    [`${prefix}_edit`, '修改', 'edit', 2, platformWrites],
    [`${prefix}_delete`, '删除', 'delete', 3, platformWrites],
    [`${prefix}_view`, '查看', 'view', 2],
    ...extra,
  ]);
}

function page(
  code: string,
  name: string,
  path: string,
  source: string,
  sort: number,
  children: SeedMenu[],
  platform = false,
): SeedMenu {
  return { code, name, path, source, sort, grant: [], children, ...(platform ? { platform } : {}) };
}

const HAND_WRITTEN_MENUS: SeedMenu[] = [
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
  // The institute's own business (issue 13): projects, contracts, receipts — pages from their definitions
  // (lib/contracts/business).
  page('administration', '经营管理', '/administration', 'business_center', 20, []),
  // The customer's certification applications (issue 15): pages from lib/contracts/application/customer-pages.ts.
  page('application_center', '认证申请', '/application', 'assignment', 15, []),
  // The certification body's staff work on applications (issue 15): pages from lib/contracts/application/staff.ts.
  page('business_management', '业务管理', '/businessManagement', 'work', 30, []),
  // 仪器设备 and 设备使用预约 come from their resource definitions (lib/contracts/equipment/equipment.ts).
  page('laboratory', '实验室管理', '/laboratory', 'science', 40, []),
  // 证书到期提醒 and 节点进度提醒 come from their definitions (lib/contracts/alerts/alerts.ts).
  page('alert_center', '提醒管理', '/alerts', 'notifications_active', 45, []),
  page('system', '系统管理', '/system', 'settings', 90, [
    // The user page (1) is the definition's (lib/contracts/system/user.ts).
    page(
      'tenant',
      '租户管理',
      '/system/tenant',
      'apartment',
      9,
      crud('tenant', '/system/tenant', true, [
        ['tenant_setting', '授权配置', 'setting', 1, true],
        ['tenant_package', '产品包配置', 'package', 1, true],
      ]),
      true,
    ),
    page('region', '行政区划', '/system/region', 'public', 12, crud('region', '/system/region', true)),
    // The external user page (13) is the definition's (lib/contracts/system/external-user.ts).
    page(
      'dept_lab_user',
      '实验室外部用户',
      '/system/deptLaboratoryExternalUser',
      'science',
      14,
      buttons('/system/deptLaboratoryExternalUser', [
        ['dept_lab_user_add', '新增', 'add', 1],
        ['dept_lab_user_edit', '修改', 'edit', 2],
        ['dept_lab_user_delete', '删除', 'delete', 3],
      ]),
    ),
  ]),
  // 数据权限 and 接口权限 come from their resource definitions (lib/contracts/system/scope.ts).
  page('authority', '权限管理', '/authority', 'security', 91, []),
  page('monitor', '系统监控', '/monitor', 'monitor_heart', 92, [
    // 通用日志, 接口日志 and 错误日志 come from their resource definitions (lib/contracts/system/log.ts).
    page('log', '日志管理', '/monitor/log', 'receipt_long', 1, []),
  ]),
  // Code generation is the platform administrator's (blade-develop refuses everyone else): the whole group is.
  page('tool', '研发工具', '/tool', 'build', 93, [], true),
  // 对象存储 (oss, sort 1) comes from its resource definition (lib/contracts/system/oss.ts).
  // 短信配置 (sms, sort 3) comes from its resource definition (lib/contracts/system/sms.ts).
  page('resource', '资源管理', '/resource', 'folder', 94, [
    page(
      'attach',
      '附件管理',
      '/resource/attach',
      'attach_file',
      2,
      buttons('/resource/attach', [
        ['attach_upload', '上传', 'upload', 1],
        ['attach_download', '下载', 'download', 2],
        ['attach_delete', '删除', 'delete', 3],
        ['attach_view', '查看', 'view', 2],
      ]),
    ),
  ]),
  // Archives and files (files-ui): the archive query view, a record's file tree page, the file configuration.
  {
    code: 'archive_manage',
    name: '档案管理',
    path: '/documents',
    source: 'folder_open',
    sort: 10,
    grant: ['user'],
    children: [
      {
        code: 'archive_query',
        name: '档案查询',
        path: '/documents/query',
        source: 'search',
        sort: 1,
        grant: ['user'],
      },
      {
        code: 'archive_tree',
        name: '档案目录',
        path: '/archives',
        source: 'account_tree',
        sort: 2,
        grant: ['user'],
        // Changing a record's files where no business module owns the function (modules/files/access.ts).
        children: buttons('/archives', [
          ['archive_upload', '上传', 'upload', 1],
          ['archive_edit', '修改', 'edit', 3],
          ['archive_delete', '删除', 'delete', 2],
        ]),
      },
      page('file_configuration', '文件配置', '/system/fileConfiguration_detail', 'tune', 3, []),
    ],
  },
];

/** A resource definition's page and its buttons: add, edit and delete by its access codes, view, and its own. */
export function resourcePage(def: ResourceDef): SeedMenu {
  const menu = def.menu!;
  const writes = menu.platformWrites ?? false;
  const code = (rule: { codes?: readonly string[] }, fallback: string) => rule.codes?.[0] ?? fallback;
  return page(
    menu.code,
    menu.name,
    menu.path,
    menu.icon,
    menu.sort,
    buttons(menu.path, [
      ...(def.readOnly
        ? []
        : ([
            [code(def.access.add, `${menu.code}_add`), '新增', 'add', 1, writes],
            [code(def.access.edit, `${menu.code}_edit`), '修改', 'edit', 2, writes],
            [code(def.access.remove, `${menu.code}_delete`), '删除', 'delete', 3, writes],
          ] as ButtonSpec[])),
      ...(menu.view === false ? [] : [[`${menu.code}_view`, '查看', 'view', 2] as ButtonSpec]),
      ...(menu.buttons ?? []).map((b): ButtonSpec => [b.code, b.name, b.alias, b.action, b.platform]),
    ]),
    menu.platform,
  );
}

/** `menus` with each definition's page placed under its parent (by code), in sort order. */
function withResourcePages(menus: SeedMenu[], defs: readonly ResourceDef[]): SeedMenu[] {
  return menus.map((menu) => {
    const own = defs.filter((def) => def.menu?.parent === menu.code).map(resourcePage);
    const children = withResourcePages(menu.children ?? [], defs);
    if (own.length === 0) return menu.children ? { ...menu, children } : menu;
    return { ...menu, children: [...children, ...own].sort((a, b) => a.sort - b.sort) };
  });
}

/** Every seeded menu: the hand-written ones and the pages of the resource definitions (lib/contracts/registry.ts). */
export const MENUS: SeedMenu[] = withResourcePages(HAND_WRITTEN_MENUS, RESOURCE_DEFINITIONS);

/** Codes of every seeded menu that only the platform administrator may hold (a flagged menu and all below it). */
export function platformMenuCodes(menus: SeedMenu[] = MENUS, inherited = false): Set<string> {
  const codes = new Set<string>();
  for (const menu of menus) {
    const platform = inherited || Boolean(menu.platform);
    if (platform) codes.add(menu.code);
    for (const code of platformMenuCodes(menu.children ?? [], platform)) codes.add(code);
  }
  return codes;
}

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
    code: 'project_type',
    name: '项目类型',
    items: [
      ['1', '检验检测'],
      ['2', '科研'],
      ['3', '工程'],
      ['4', '运维'],
    ],
  },
  {
    code: 'project_status',
    name: '项目状态',
    items: [
      ['1', '立项'],
      ['2', '执行中'],
      ['3', '已验收'],
      ['4', '终止'],
    ],
  },
  {
    code: 'contract_type',
    name: '合同类型',
    items: [
      ['1', '收入合同'],
      ['2', '支出合同'],
    ],
  },
  {
    code: 'contract_status',
    name: '合同状态',
    items: [
      ['1', '执行中'],
      ['2', '已验收'],
      ['3', '已终止'],
    ],
  },
  {
    code: 'cost_type',
    name: '成本类型',
    items: [
      ['1', '材料费'],
      ['2', '外协费'],
      ['3', '差旅费'],
      ['4', '人工费'],
      ['5', '设备折旧'],
      ['6', '其他'],
    ],
  },
  {
    code: 'invoice_type',
    name: '发票类型',
    items: [
      ['1', '增值税专用发票'],
      ['2', '增值税普通发票'],
      ['3', '电子发票'],
    ],
  },
  {
    code: 'invoice_situation',
    name: '开票情况',
    items: [
      ['1', '正常'],
      ['2', '红冲'],
      ['3', '作废'],
    ],
  },
  {
    code: 'team_role',
    name: '团队角色',
    items: [
      ['1', '组长'],
      ['2', '成员'],
      ['3', '顾问'],
    ],
  },
  {
    code: 'message_category',
    name: '消息类型',
    items: [
      ['1', '邮件'],
      ['2', '消息'],
      ['3', '通知'],
    ],
  },
  {
    code: 'payment_method',
    name: '付款方式',
    items: [
      ['1', '银行转账'],
      ['2', '承兑汇票'],
      ['3', '支票'],
      ['4', '现金'],
    ],
  },
  {
    code: 'customer_type',
    name: '客户类型',
    items: [
      ['1', '制造企业'],
      ['2', '检测机构'],
      ['3', '其他'],
    ],
  },
  {
    code: 'field_task_type',
    name: '现场任务类型',
    items: [
      ['1', '工厂检查'],
      ['2', '抽样'],
      ['3', '见证试验'],
      ['4', '其他'],
    ],
  },
  {
    code: 'field_task_status',
    name: '现场任务状态',
    items: [
      ['1', '待执行'],
      ['2', '执行中'],
      ['3', '已完成'],
    ],
  },
  {
    code: 'event_type',
    name: '事件类型',
    items: [
      ['1', '会议'],
      ['2', '投诉'],
      ['3', '事故'],
      ['4', '其他'],
    ],
  },
  {
    code: 'event_level',
    name: '事件级别',
    items: [
      ['1', '一般'],
      ['2', '重要'],
      ['3', '紧急'],
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
  // Standards by group (blade/modules/customer, standards/selectStandardsVoByGroupName): every dictionary whose code
  // starts with `standard_` is one group (its name is the group's name), an item's key the standard's number and its
  // value the title. The GB/T 3836 series in force from 2022-05-01 (shared/DOMAIN.md §0); administrators add groups
  // and revisions as dictionaries.
  {
    code: 'standard_gbt3836',
    name: 'GB/T 3836 防爆电气设备',
    items: [
      ['GB/T 3836.1-2021', '爆炸性环境 第1部分：设备 通用要求'],
      ['GB/T 3836.2-2021', '爆炸性环境 第2部分：由隔爆外壳“d”保护的设备'],
      ['GB/T 3836.3-2021', '爆炸性环境 第3部分：由增安型“e”保护的设备'],
      ['GB/T 3836.4-2021', '爆炸性环境 第4部分：由本质安全型“i”保护的设备'],
      ['GB/T 3836.5-2021', '爆炸性环境 第5部分：由正压外壳“p”保护的设备'],
      ['GB/T 3836.8-2021', '爆炸性环境 第8部分：由“n”型保护的设备'],
      ['GB/T 3836.9-2021', '爆炸性环境 第9部分：由浇封型“m”保护的设备'],
      ['GB/T 3836.31-2021', '爆炸性环境 第31部分：由防粉尘点燃外壳“t”保护的设备'],
    ],
  },
];
