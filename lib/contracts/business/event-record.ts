import { businessCalls, defineResource, menuAccess } from '../resource';
import { refField } from './refs';

/**
 * What happened on a project (事件记录): meetings, customer complaints, incidents, changes agreed. Reached like the
 * project (the `project` data scope, its department copied); recorded on a project in any state (a complaint may
 * come after acceptance). `eventLevel` 1 一般, 2 重要, 3 紧急 (dictionary `event_level`); `eventType` 1 会议, 2 投诉,
 * 3 事故, 4 其他 (dictionary `event_type`). The list answers `projectName` and `userName` (who handles it).
 */
export const eventRecordResource = defineResource({
  key: 'business.eventRecord',
  table: 'business_event_record',
  ownership: 'tenant',
  dataScope: { resource: 'project', dept: 'dept_id', owner: 'create_user' },
  defaultOrder: [{ column: 'event_date', direction: 'desc' }],
  stableOrder: true,
  fields: {
    projectId: refField('business.eventRecord.projectRequired'),
    eventTitle: {
      kind: 'text',
      max: 100,
      required: 'business.eventRecord.titleRequired',
      search: 'like',
      sort: true,
    },
    eventType: { kind: 'text', max: 2, dict: 'event_type', search: 'eq', sort: true },
    eventLevel: { kind: 'text', max: 1, dict: 'event_level', default: '1', search: 'eq', sort: true },
    eventDate: { kind: 'date', required: 'business.eventRecord.dateRequired', sort: true },
    // Who handles it: a live user of the tenant.
    userId: refField('business.eventRecord.userRequired'),
    content: { kind: 'textarea', max: 1000, required: 'business.eventRecord.contentRequired', list: false },
    remark: { kind: 'textarea', label: 'system.common.remark', max: 500, list: false },
  },
  calls: businessCalls('/business-service/eventRecord'),
  access: menuAccess('event_record', { listAlso: ['project'] }),
  menu: {
    code: 'event_record',
    name: '事件记录',
    path: '/administration/eventRecord',
    icon: 'event_note',
    parent: 'administration',
    sort: 8,
  },
});
