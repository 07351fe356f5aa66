import { z } from '../../zod';
import { ID_PATTERN } from '../inputs';
import { businessCalls, defineResource, menuAccess } from '../resource';
import { refField } from './refs';

/**
 * Devops records (运维记录, spec 000 §3 Devops record): a project's maintenance visit — the day, what was done, and
 * `devUserList`, the engineers with each one's workload in person-days; the record's `workload` is their sum, kept
 * by the server. `devUserList` is not a column: the hooks store it as rows of their own and answer it with each row
 * (`[{ devUserId, label, workload }]`, the label being the user's real name). No call in the catalogue names these
 * records: they are served as business-service's verbs under `/business-service/devopsRecord`.
 */
export const devopsRecordResource = defineResource({
  key: 'business.devops',
  table: 'business_devops_record',
  ownership: 'tenant',
  dataScope: { resource: 'project', dept: 'dept_id', owner: 'create_user' },
  defaultOrder: [{ column: 'devops_date', direction: 'desc' }],
  stableOrder: true,
  fields: {
    projectId: refField('business.devops.projectRequired'),
    devopsDate: { kind: 'date', required: 'business.devops.dateRequired', sort: true },
    devopsContent: {
      kind: 'textarea',
      max: 2000,
      required: 'business.devops.contentRequired',
      search: 'like',
    },
    workload: { kind: 'money', form: false, sort: true },
    remark: { kind: 'textarea', label: 'system.common.remark', max: 500, list: false },
  },
  calls: businessCalls('/business-service/devopsRecord'),
  exportExtras: [{ name: 'projectName', label: 'business.project.projectName' }],
  access: menuAccess('devops_record', { listAlso: ['project'] }),
  menu: {
    code: 'devops_record',
    name: '运维记录',
    path: '/administration/devopsRecord',
    icon: 'engineering',
    parent: 'administration',
    sort: 12,
  },
});

/** Person-days with at most two decimals, more than zero (the same texts as the amounts). */
const workload = z
  .union([z.string(), z.number()], { error: '必须为非负数（最多两位小数）' })
  .transform((v) => String(v).trim())
  .refine((v) => /^\d{1,6}(\.\d{1,2})?$/.test(v), '必须为非负数（最多两位小数）')
  .refine((v) => Number(v) > 0, '工作量必须大于0');

/** The engineers of a record as the form sends them: an array, or its JSON text (form-encoded bodies). */
export const devUserListSchema = z.preprocess(
  (v) => {
    if (typeof v !== 'string') return v;
    try {
      return JSON.parse(v) as unknown;
    } catch {
      return v;
    }
  },
  z
    .array(
      z.object({
        devUserId: z
          .union([z.string(), z.number()])
          .transform(String)
          .pipe(z.string().regex(ID_PATTERN, '请选择运维人员')),
        workload,
      }),
      { error: '请添加运维人员' },
    )
    .min(1, '请添加运维人员')
    .max(50, '运维人员最多50人')
    .refine((list) => new Set(list.map((u) => u.devUserId)).size === list.length, '运维人员不能重复'),
);
