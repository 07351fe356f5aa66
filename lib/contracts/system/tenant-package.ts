import { defineResource } from '../resource';

/**
 * Tenant packages (spec §2): the menu sets new tenants are provisioned with. A platform-wide table, so every call is
 * the platform administrator's.
 */
const platform = (code: string) => ({ role: 'platform', codes: [code] }) as const;

export const tenantPackageResource = defineResource({
  key: 'system.tenantPackage',
  table: 'blade_tenant_package',
  ownership: 'global',
  fields: {
    packageName: {
      column: 'package_name',
      kind: 'text',
      label: 'system.tenantPackage.packageName',
      max: 50,
      required: 'system.tenantPackage.nameRequired',
      search: 'like',
      sort: true,
    },
    menuId: {
      column: 'menu_id',
      kind: 'ids',
      label: 'system.tenantPackage.menuId',
      required: 'system.tenantPackage.menuRequired',
    },
    remark: { column: 'remark', kind: 'textarea', label: 'system.common.remark', max: 255 },
  },
  calls: {
    list: { method: 'GET', path: '/blade-system/tenant-package/list' },
    detail: { method: 'GET', path: '/blade-system/tenant-package/detail' },
    submit: { method: 'POST', path: '/blade-system/tenant-package/submit' },
    remove: { method: 'POST', path: '/blade-system/tenant-package/remove' },
  },
  access: {
    read: platform('tenantpackage'),
    add: platform('tenantpackage_add'),
    edit: platform('tenantpackage_edit'),
    remove: platform('tenantpackage_delete'),
  },
  menu: {
    code: 'tenantpackage',
    name: '租户产品包',
    path: '/system/tenantpackage',
    icon: 'inventory',
    parent: 'system',
    sort: 10,
    platform: true,
    platformWrites: true,
    view: false,
  },
});
