import type { Selectable } from 'kysely';
import type { TrainerFileVO, TrainerState, TrainerVO } from '../../../lib/contracts/application/trainers';
import { formatDateTime } from '../../core/dates';
import type { CnexTrainerTable } from '../../db/schema';
import type { Trx } from '../../db/tenant';

export type TrainerRow = Selectable<CnexTrainerTable>;

/** A person's row with the names of its two linked files (null when a link is empty or its file was removed). */
type TrainerWithFiles = TrainerRow & { scan_name: string | null; student_name: string | null };

/** The live persons of a tenant (never another's: the filter is here and row-level security stands behind it). */
export function liveTrainers(trx: Trx, tenantId: string) {
  return trx
    .selectFrom('business_cnex_trainer as t')
    .where('t.tenant_id', '=', tenantId)
    .where('t.is_deleted', '=', 0);
}

/** The persons of one CNEx record with their files' names, oldest first (the order they were entered in). */
export async function trainersWithFiles(
  trx: Trx,
  tenantId: string,
  where: { cnexId: string } | { id: string },
): Promise<TrainerWithFiles[]> {
  let query = liveTrainers(trx, tenantId)
    .leftJoin('blade_file as scan', (join) =>
      join
        .onRef('scan.id', '=', 't.register_form_scan_id')
        .on('scan.tenant_id', '=', tenantId)
        .on('scan.is_deleted', '=', 0),
    )
    .leftJoin('blade_file as student', (join) =>
      join
        .onRef('student.id', '=', 't.train_student_file_id')
        .on('student.tenant_id', '=', tenantId)
        .on('student.is_deleted', '=', 0),
    )
    .selectAll('t')
    .select(['scan.original_filename as scan_name', 'student.original_filename as student_name']);
  query =
    'cnexId' in where ? query.where('t.cnex_id', '=', where.cnexId) : query.where('t.id', '=', where.id);
  return query.orderBy('t.create_time').orderBy('t.id').execute();
}

export function trainerVO(row: TrainerWithFiles): TrainerVO {
  return {
    id: row.id,
    cnexId: row.cnex_id,
    companyId: row.company_id ?? '',
    name: row.name,
    idCardNo: row.id_card_no,
    gender: row.gender,
    education: row.education,
    employer: row.employer,
    units: row.units,
    experienceYears: row.experience_years,
    phone: row.phone,
    registerFormScanId: row.register_form_scan_id ?? '',
    registerFormScanName: row.scan_name ?? '',
    trainStudentFileId: row.train_student_file_id ?? '',
    trainStudentFileName: row.student_name ?? '',
    trainerState: row.trainer_state as TrainerState,
    submittedAt: formatDateTime(row.submitted_at),
    createTime: formatDateTime(row.create_time),
    updateTime: formatDateTime(row.update_time),
  };
}

/** The linked files of a record's persons: register forms first, then training-student files, by person. */
export async function trainerFiles(trx: Trx, tenantId: string, cnexId: string): Promise<TrainerFileVO[]> {
  const rows = await liveTrainers(trx, tenantId)
    .innerJoin('blade_file as f', (join) =>
      join
        .on((eb) =>
          eb.or([
            eb('f.id', '=', eb.ref('t.register_form_scan_id')),
            eb('f.id', '=', eb.ref('t.train_student_file_id')),
          ]),
        )
        .on('f.tenant_id', '=', tenantId)
        .on('f.is_deleted', '=', 0),
    )
    .select([
      't.id as trainer_id',
      't.name',
      't.register_form_scan_id',
      'f.id as file_id',
      'f.original_filename',
      'f.size',
      'f.create_time',
    ])
    .where('t.cnex_id', '=', cnexId)
    .orderBy('t.create_time')
    .orderBy('t.id')
    .execute();
  const out = rows.map((r): TrainerFileVO => ({
    trainerId: r.trainer_id,
    name: r.name,
    kind: r.file_id === r.register_form_scan_id ? 'registerForm' : 'trainStudent',
    fileId: r.file_id,
    fileName: r.original_filename,
    fileSize: Number(r.size),
    createTime: formatDateTime(r.create_time),
  }));
  // Stable: the persons' order is kept within each kind.
  return [...out.filter((f) => f.kind === 'registerForm'), ...out.filter((f) => f.kind === 'trainStudent')];
}
