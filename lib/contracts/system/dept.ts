import { defineResource, menuAccess, SORT_ORDER, standardCalls } from '../resource';
import { parentField } from './tree-parent';

/**
 * Departments (contract §7.2), tenant-owned and a tree. The `dept` data scope names the depts themselves: a restricted
 * caller sees and changes only its scope's depts. A dept keeps the path of its ancestors (`ancestors`, set by blade/).
 */
export const deptResource = defineResource({
  key: 'system.dept',
  table: 'blade_dept',
  ownership: 'tenant',
  tree: { name: 'deptName' },
  dataScope: { resource: 'dept', dept: 'id' },
  defaultOrder: SORT_ORDER,
  fields: {
    deptName: { kind: 'text', max: 45, required: 'system.dept.nameRequired', search: 'like', sort: true },
    // Blank: the dept name.
    fullName: { kind: 'text', max: 45, search: 'like', sort: true },
    parentId: parentField('system.dept.parent'),
    deptCategory: { kind: 'int', label: 'system.dept.category', default: 1 },
    sort: { kind: 'int', label: 'system.common.sort', default: 0, sort: true },
    remark: { kind: 'textarea', label: 'system.common.remark', max: 255, list: false },
    ancestors: { kind: 'text', label: 'system.dept.parent', max: 2000, form: false, list: false },
  },
  calls: standardCalls('/blade-system/dept'),
  access: menuAccess('dept'),
  menu: {
    code: 'dept',
    name: '部门管理',
    path: '/system/dept',
    icon: 'account_tree',
    parent: 'system',
    sort: 2,
  },
});
