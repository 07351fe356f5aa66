import { formatDateTime } from './dates';

interface AuditRow {
  id: string;
  create_user: string | null;
  create_dept: string | null;
  create_time: Date | string;
  update_user: string | null;
  update_time: Date | string;
  status: number;
  is_deleted: number;
}

/** BaseEntity fields in their JSON form: ids as strings, dates formatted, nulls as ''. */
export function auditFields(row: AuditRow) {
  return {
    id: row.id,
    createUser: row.create_user ?? '',
    createDept: row.create_dept ?? '',
    createTime: formatDateTime(row.create_time),
    updateUser: row.update_user ?? '',
    updateTime: formatDateTime(row.update_time),
    status: row.status,
    isDeleted: row.is_deleted,
  };
}
