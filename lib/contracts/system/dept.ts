import { defineResource } from '../resource';
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
  defaultOrder: [
    { column: 'sort', direction: 'asc' },
    { column: 'id', direction: 'asc' },
  ],
  fields: {
    deptName: {
      column: 'dept_name',
      kind: 'text',
      label: 'system.dept.deptName',
      max: 45,
      required: 'system.dept.nameRequired',
      search: 'like',
      sort: true,
    },
    // Blank: the dept name.
    fullName: {
      column: 'full_name',
      kind: 'text',
      label: 'system.dept.fullName',
      max: 45,
      search: 'like',
      sort: true,
    },
    parentId: parentField('system.dept.parent'),
    deptCategory: { column: 'dept_category', kind: 'int', label: 'system.dept.category', default: 1 },
    sort: { column: 'sort', kind: 'int', label: 'system.common.sort', default: 0, sort: true },
    remark: { column: 'remark', kind: 'textarea', label: 'system.common.remark', max: 255, list: false },
    ancestors: {
      column: 'ancestors',
      kind: 'text',
      label: 'system.dept.parent',
      max: 2000,
      form: false,
      list: false,
    },
  },
  calls: {
    list: { method: 'GET', path: '/blade-system/dept/list' },
    detail: { method: 'GET', path: '/blade-system/dept/detail' },
    submit: { method: 'POST', path: '/blade-system/dept/submit' },
    remove: { method: 'POST', path: '/blade-system/dept/remove' },
  },
  access: {
    read: { codes: ['dept'] },
    add: { codes: ['dept_add'] },
    edit: { codes: ['dept_edit'] },
    remove: { codes: ['dept_delete'] },
  },
  menu: {
    code: 'dept',
    name: '部门管理',
    path: '/system/dept',
    icon: 'account_tree',
    parent: 'system',
    sort: 2,
  },
});
