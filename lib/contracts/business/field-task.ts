import { businessCalls, defineResource, menuAccess } from '../resource';
import { refField } from './refs';

/**
 * Engineers' on-site work for a project (现场任务): factory inspections, sampling, witness tests, installation
 * checks. The project must be one the caller's data scope reaches; the task takes its department, so the `project`
 * data scope governs tasks as it does the project. `taskStatus` 1 待执行, 2 执行中, 3 已完成 (dictionary
 * `field_task_status`) is set in the form; the end day is not before the start. A terminated project takes no new
 * tasks. The list answers `projectName` and `userName` (the responsible engineer's name).
 */
export const fieldTaskResource = defineResource({
  key: 'business.fieldTask',
  table: 'business_field_task',
  ownership: 'tenant',
  dataScope: { resource: 'project', dept: 'dept_id', owner: 'create_user' },
  defaultOrder: [{ column: 'start_date', direction: 'desc' }],
  stableOrder: true,
  fields: {
    projectId: refField('business.fieldTask.projectRequired'),
    taskName: {
      kind: 'text',
      max: 100,
      required: 'business.fieldTask.nameRequired',
      search: 'like',
      sort: true,
    },
    taskType: { kind: 'text', max: 2, dict: 'field_task_type', search: 'eq', sort: true },
    taskStatus: { kind: 'text', max: 1, dict: 'field_task_status', default: '1', search: 'eq', sort: true },
    startDate: { kind: 'date', required: 'business.fieldTask.startRequired', sort: true },
    endDate: { kind: 'date', sort: true },
    location: { kind: 'text', max: 200, search: 'like' },
    // The responsible engineer: a live user of the tenant.
    userId: refField('business.fieldTask.userRequired'),
    content: { kind: 'textarea', max: 1000, list: false },
    remark: { kind: 'textarea', label: 'system.common.remark', max: 500, list: false },
  },
  calls: businessCalls('/business-service/fieldTask'),
  access: menuAccess('field_task', { listAlso: ['project'] }),
  menu: {
    code: 'field_task',
    name: '现场任务',
    path: '/administration/fieldTask',
    icon: 'engineering',
    parent: 'administration',
    sort: 7,
  },
});
