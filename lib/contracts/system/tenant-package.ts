import { defineResource, menuAccess, standardCalls } from '../resource';

/**
 * Tenant packages (spec §2): the menu sets new tenants are provisioned with. A platform-wide table, so every call is
 * the platform administrator's.
 */
export const tenantPackageResource = defineResource({
  key: 'system.tenantPackage',
  table: 'blade_tenant_package',
  ownership: 'global',
  fields: {
    packageName: {
      kind: 'text',
      max: 50,
      required: 'system.tenantPackage.nameRequired',
      search: 'like',
      sort: true,
    },
    menuId: { kind: 'ids', required: 'system.tenantPackage.menuRequired' },
    remark: { kind: 'textarea', label: 'system.common.remark', max: 255 },
  },
  calls: standardCalls('/blade-system/tenant-package'),
  access: menuAccess('tenantpackage', { role: 'platform' }),
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
