import { Hono } from 'hono';
import { sql } from 'kysely';
import { z } from 'zod';
import {
  certResource,
  EQUIPMENT_CODES,
  EQUIPMENT_FUNCTION,
  LIVE_USAGE_STATES,
  USAGE_ACTIONS,
  type EquipmentUsageVO,
  type UsageState,
} from '../../../lib/contracts/equipment/equipment';
import {
  deriveStatus,
  expiryInstant,
  localDay,
  type CertFacts,
} from '../../../lib/contracts/equipment/status';
import { actionRouter, recordStatusChanges } from '../../core/action';
import { heldCodes } from '../../core/permission';
import type { AuthUser, BladeEnv, Deps } from '../../core/context';
import { type CrudHooks } from '../../core/crud';
import { KeyedError, NotFoundError, ServiceError } from '../../core/errors';
import { zhText } from '../../core/refusal-keys';
import { formatDateTime } from '../../core/dates';
import { nextId } from '../../core/ids';
import { fetchPage, pageRequest, toPage } from '../../core/page';
import { registerRecordOwner, tableRecordOwner } from '../../core/record-access';
import type { Trx } from '../../db/tenant';
import { ensureRecordArchives, type DefaultFunction } from '../business/archives';
import { reach, userDisplayName, usersById } from '../business/rows';
import { fileOfRecord } from '../files/file.repository';
import { lockLiveRow } from '../../core/lock';

/**
 * Equipment, measurement certificates and bookings (README.md beside this file). The colour is derived on every read
 * from the certificates and the day; bookings are kept apart by the database's exclusion constraint
 * (business_equipment_usage_no_overlap), whose violation answers 400 naming the booking it collides with.
 */

/** An instrument's files: its certificate scans, one folder. */
export const EQUIPMENT_ARCHIVES: readonly DefaultFunction[] = [
  {
    functionCode: EQUIPMENT_FUNCTION,
    functionName: '仪器设备',
    usePosition: '实验室管理 → 仪器设备 → 设备详情 → 计量证书',
    root: {
      name: '设备档案',
      code: 'equipment',
      canUpload: 0,
      children: [{ name: '计量证书', code: 'equipment_cert', remark: '检定或校准证书的扫描件' }],
    },
  },
];

/** The files follow the instrument: read with the page, changed with the certificate button. */
registerRecordOwner(
  EQUIPMENT_FUNCTION,
  tableRecordOwner({
    table: 'business_equipment',
    codes: {
      read: [EQUIPMENT_CODES.page],
      upload: [EQUIPMENT_CODES.cert],
      edit: [EQUIPMENT_CODES.cert],
      delete: [EQUIPMENT_CODES.cert],
    },
  }),
);

type EquipmentRow = {
  id: string;
  out_of_service: number;
  asset_no: string;
  name: string;
  custodian_id: string;
};

/** The live certificates of the instruments, by instrument id. */
async function certsOf(trx: Trx, tenantId: string, ids: readonly string[]) {
  const map = new Map<string, CertFacts[]>();
  const unique = [...new Set(ids)];
  if (unique.length === 0) return map;
  const rows = await trx
    .selectFrom('business_equipment_cert')
    .select(['id', 'equipment_id', 'calibration_date', 'valid_to', 'result'])
    .where('tenant_id', '=', tenantId)
    .where('equipment_id', 'in', unique)
    .where('is_deleted', '=', 0)
    .execute();
  for (const r of rows) {
    const list = map.get(String(r.equipment_id)) ?? [];
    list.push({
      id: String(r.id),
      calibrationDate: String(r.calibration_date),
      validTo: String(r.valid_to),
      result: r.result,
    });
    map.set(String(r.equipment_id), list);
  }
  return map;
}

/**
 * Begin and end are the booking's: its user, the instrument's custodian, or whoever manages the instruments
 * (`equipment_edit`) — not anyone who holds the begin or end button. The exception end stays with its button: it is
 * how the laboratory closes a booking its user cannot.
 */
async function assertOperates(deps: Deps, trx: Trx, auth: AuthUser, booking: Record<string, unknown>) {
  if (String(booking.user_id) === auth.userId) return;
  const equipment = await lockEquipment(trx, auth, String(booking.equipment_id), 'share');
  if (String(equipment.custodian_id ?? '') === auth.userId) return;
  if ((await heldCodes(deps, auth, trx)).has(EQUIPMENT_CODES.edit)) return;
  throw new ServiceError(zhText('equipment.usage.notYours'), 403, 'equipment.usage.notYours');
}

/** Locks a live instrument of the caller's tenant (404 otherwise); `share` lets bookings of it run side by side. */
async function lockEquipment(trx: Trx, auth: AuthUser, id: string, mode: 'update' | 'share') {
  const q = trx
    .selectFrom('business_equipment')
    .select(['id', 'out_of_service', 'asset_no', 'name', 'custodian_id'])
    .where('tenant_id', '=', auth.tenantId)
    .where('id', '=', id)
    .where('is_deleted', '=', 0);
  const row = await (mode === 'update' ? q.forUpdate() : q.forShare()).executeTakeFirst();
  if (!row) throw new NotFoundError();
  return row as EquipmentRow;
}

/** The instrument's colour today. */
async function statusNow(trx: Trx, auth: AuthUser, equipment: EquipmentRow) {
  const certs = (await certsOf(trx, auth.tenantId, [String(equipment.id)])).get(String(equipment.id)) ?? [];
  return deriveStatus(certs, equipment.out_of_service === 1, localDay(new Date()));
}

/** `dueWithinDays`: a whole number of days, 0–3650; blank = no filter. */
const dueWithinDays = z.preprocess(
  (v) => (v === '' || v === undefined || v === null ? undefined : String(v).trim()),
  z
    .string()
    .regex(/^\d{1,4}$/, zhText('equipment.equipment.dueDaysInvalid'))
    .transform(Number)
    .refine((n) => n <= 3650, zhText('equipment.equipment.dueDaysInvalid'))
    .optional(),
);

export const equipmentHooks: CrudHooks = {
  /**
   * `dueWithinDays=N`: instruments in service whose current certificate (the status rule's: latest calibration, then
   * later valid-to, then later id) runs out on or before the server's today + N days — those already expired
   * included, as they are overdue. Instruments without a live certificate or out of service are not listed.
   */
  async listCondition(_ctx, params) {
    const days = dueWithinDays.parse(params.dueWithinDays);
    if (days === undefined) return undefined;
    const today = localDay(new Date());
    return sql<boolean>`(business_equipment.out_of_service = 0 and (
      select c.valid_to from business_equipment_cert c
       where c.equipment_id = business_equipment.id and c.tenant_id = business_equipment.tenant_id and c.is_deleted = 0
       order by c.calibration_date desc, c.valid_to desc, c.id desc limit 1) <= ${today}::date + ${days}::int)`;
  },
  async beforeWrite({ trx, auth }, values, id) {
    if (id) await lockEquipment(trx, auth, id, 'update');
    if (Number(values.cycle_months ?? 0) < 0) throw new KeyedError('equipment.equipment.cycleInvalid');
    const custodian = String(values.custodian_id ?? '');
    if (custodian) {
      const user = await trx
        .selectFrom('blade_user')
        .select('id')
        .where('tenant_id', '=', auth.tenantId)
        .where('id', '=', custodian)
        .where('is_deleted', '=', 0)
        .executeTakeFirst();
      if (!user) throw new KeyedError('equipment.equipment.custodianUnknown');
    }
  },
  async afterWrite({ trx, auth }, _values, _id, added) {
    // The certificate scans' folder exists before the first certificate is added.
    if (added) await ensureRecordArchives(trx, auth.tenantId, EQUIPMENT_ARCHIVES);
  },
  async beforeRemove({ trx, auth }, ids) {
    const live = await trx
      .selectFrom('business_equipment_usage')
      .select('id')
      .where('tenant_id', '=', auth.tenantId)
      .where('equipment_id', 'in', ids)
      .where('usage_state', 'in', [...LIVE_USAGE_STATES])
      .where('is_deleted', '=', 0)
      .executeTakeFirst();
    if (live) throw new KeyedError('equipment.equipment.hasBookings');
  },
  async afterRemove({ trx, auth }, ids) {
    await trx
      .updateTable('business_equipment_cert')
      .set({ is_deleted: 1, update_user: auth.userId, update_time: sql`now()` })
      .where('tenant_id', '=', auth.tenantId)
      .where('equipment_id', 'in', ids)
      .execute();
  },
  async presentAll({ trx, auth }, rows) {
    const certs = await certsOf(
      trx,
      auth.tenantId,
      rows.map((r) => String(r.id)),
    );
    const users = await usersById(trx, rows.map((r) => String(r.custodian_id ?? '')).filter(Boolean));
    const today = localDay(new Date());
    return rows.map((r) => {
      const s = deriveStatus(certs.get(String(r.id)) ?? [], Number(r.out_of_service) === 1, today);
      return {
        statusColor: s.color,
        statusReason: s.reason,
        dueSoon: s.dueSoon,
        validTo: s.validTo,
        custodianName: userDisplayName(users.get(String(r.custodian_id))),
      };
    });
  },
  async presentDetail({ trx, auth }, row) {
    const certs = await trx
      .selectFrom('business_equipment_cert as c')
      .leftJoin('blade_file as f', (j) =>
        j.onRef('f.id', '=', 'c.file_id').on('f.tenant_id', '=', auth.tenantId),
      )
      .selectAll('c')
      .select('f.original_filename as file_name')
      .where('c.tenant_id', '=', auth.tenantId)
      .where('c.equipment_id', '=', String(row.id))
      .where('c.is_deleted', '=', 0)
      .orderBy('c.calibration_date', 'desc')
      .orderBy('c.id', 'desc')
      .execute();
    return { certificates: certs.map(presentCert) };
  },
};

function presentCert(c: {
  id: string;
  equipment_id: string;
  cert_no: string;
  agency: string;
  calibration_date: string;
  valid_to: string;
  result: string;
  file_id: string;
  remark: string;
  file_name?: string | null;
}) {
  return {
    id: String(c.id),
    equipmentId: String(c.equipment_id),
    certNo: c.cert_no,
    agency: c.agency,
    calibrationDate: String(c.calibration_date),
    validTo: String(c.valid_to),
    result: c.result,
    fileId: c.file_id,
    fileName: c.file_name ?? '',
    remark: c.remark,
  };
}

export const certHooks: CrudHooks = {
  async beforeWrite({ trx, auth }, values, id) {
    const equipmentId = String(values.equipment_id);
    if (id) {
      const row = await reach(trx, certResource, auth, id);
      if (String(row.equipment_id) !== equipmentId) throw new KeyedError('equipment.cert.equipmentFixed');
    }
    // The certificate decides the colour: bookings of the instrument wait for it (they lock it FOR SHARE).
    await lockEquipment(trx, auth, equipmentId, 'update');
    if (String(values.valid_to) <= String(values.calibration_date))
      throw new KeyedError('equipment.cert.validToBeforeCalibration');
    const fileId = String(values.file_id ?? '');
    if (fileId)
      await fileOfRecord(
        trx,
        auth.tenantId,
        fileId,
        { functionCode: EQUIPMENT_FUNCTION, dataId: equipmentId },
        'equipment.cert.fileNotInEquipment',
      );
  },
  async beforeRemove({ trx, auth }, ids) {
    const owners = await trx
      .selectFrom('business_equipment_cert')
      .select('equipment_id')
      .distinct()
      .where('tenant_id', '=', auth.tenantId)
      .where('id', 'in', ids)
      .execute();
    for (const o of owners.sort((a, b) => String(a.equipment_id).localeCompare(String(b.equipment_id))))
      await lockEquipment(trx, auth, String(o.equipment_id), 'update').catch(() => undefined);
  },
  async presentAll({ trx, auth }, rows) {
    const ids = rows.map((r) => String(r.file_id ?? '')).filter(Boolean);
    const names = new Map<string, string>();
    if (ids.length)
      for (const f of await trx
        .selectFrom('blade_file')
        .select(['id', 'original_filename'])
        .where('tenant_id', '=', auth.tenantId)
        .where('id', 'in', ids)
        .execute())
        names.set(f.id, f.original_filename);
    return rows.map((r) => ({ fileName: names.get(String(r.file_id)) ?? '' }));
  },
};

// ---- Bookings ----

type UsageRow = {
  id: string;
  equipment_id: string;
  user_id: string;
  start_time: Date;
  end_time: Date;
  purpose: string;
  usage_state: string;
  began_at: Date | null;
  ended_at: Date | null;
  exception_reason: string;
  create_time: Date;
  asset_no: string | null;
  equipment_name: string | null;
};

function visibleUsages(trx: Trx, auth: AuthUser) {
  return trx
    .selectFrom('business_equipment_usage as u')
    .leftJoin('business_equipment as e', (j) =>
      j.onRef('e.id', '=', 'u.equipment_id').on('e.tenant_id', '=', auth.tenantId),
    )
    .where('u.tenant_id', '=', auth.tenantId)
    .where('u.is_deleted', '=', 0);
}

async function presentUsages(trx: Trx, rows: UsageRow[]): Promise<EquipmentUsageVO[]> {
  const users = await usersById(
    trx,
    rows.map((r) => String(r.user_id)),
  );
  return rows.map((r) => ({
    id: String(r.id),
    equipmentId: String(r.equipment_id),
    assetNo: r.asset_no ?? '',
    equipmentName: r.equipment_name ?? '',
    userId: String(r.user_id),
    userName: userDisplayName(users.get(String(r.user_id))),
    startTime: formatDateTime(r.start_time),
    endTime: formatDateTime(r.end_time),
    purpose: r.purpose,
    usageState: r.usage_state as UsageState,
    beganAt: formatDateTime(r.began_at),
    endedAt: formatDateTime(r.ended_at),
    exceptionReason: r.exception_reason,
    createTime: formatDateTime(r.create_time),
  }));
}

async function usageById(trx: Trx, auth: AuthUser, id: string): Promise<EquipmentUsageVO> {
  const row = await visibleUsages(trx, auth)
    .selectAll('u')
    .select(['e.asset_no', 'e.name as equipment_name'])
    .where('u.id', '=', id)
    .executeTakeFirst();
  if (!row) throw new NotFoundError();
  return (await presentUsages(trx, [row as unknown as UsageRow]))[0];
}

/**
 * What a booking of the instrument for [start, end) must meet besides not overlapping (the constraint's): a usable
 * instrument (not red) and an end within the current certificate's validity.
 */
async function checkBookable(trx: Trx, auth: AuthUser, equipment: EquipmentRow, start: Date, end: Date) {
  if (end <= start) throw new KeyedError('equipment.usage.endBeforeStart');
  const status = await statusNow(trx, auth, equipment);
  if (status.color === 'red')
    throw new KeyedError('equipment.usage.redEquipment', {
      reason: `${equipment.asset_no}：${reasonText(status.reason)}`,
    });
  if (end > expiryInstant(status.validTo))
    throw new KeyedError('equipment.usage.pastValidTo', { validTo: status.validTo });
}

const reasonText = (reason: string) => zhText(`equipment.reason.${reason}`);

const EXCLUSION_VIOLATION = '23P01';
const isOverlap = (err: unknown) =>
  (err as { code?: unknown } | null)?.code === EXCLUSION_VIOLATION ||
  /business_equipment_usage_no_overlap/.test(String((err as Error | null)?.message ?? ''));

/**
 * Runs a booking write under a savepoint: when the exclusion constraint refuses it, the savepoint is rolled back (the
 * transaction stays usable), the live booking it collides with is read (committed by now: the constraint waited for
 * it) and the refusal names its time.
 */
async function guardedWrite(
  trx: Trx,
  auth: AuthUser,
  equipmentId: string,
  start: Date,
  end: Date,
  ownId: string,
  write: () => Promise<unknown>,
) {
  await sql`savepoint equipment_usage_write`.execute(trx);
  try {
    await write();
  } catch (err) {
    if (!isOverlap(err)) throw err;
    await sql`rollback to savepoint equipment_usage_write`.execute(trx);
    const other = await trx
      .selectFrom('business_equipment_usage')
      .select(['start_time', 'end_time'])
      .where('tenant_id', '=', auth.tenantId)
      .where('equipment_id', '=', equipmentId)
      .where('id', '<>', ownId)
      .where('usage_state', 'in', [...LIVE_USAGE_STATES])
      .where('is_deleted', '=', 0)
      .where('start_time', '<', end)
      .where('end_time', '>', start)
      .orderBy('start_time')
      .executeTakeFirst();
    throw other
      ? new KeyedError('equipment.usage.overlap', {
          start: formatDateTime(other.start_time),
          end: formatDateTime(other.end_time),
        })
      : new KeyedError('equipment.usage.overlapUnknown');
  }
  await sql`release savepoint equipment_usage_write`.execute(trx);
}

async function bookingUser(trx: Trx, auth: AuthUser, userId: string | undefined) {
  if (!userId || userId === auth.userId) return auth.userId;
  const user = await trx
    .selectFrom('blade_user')
    .select('id')
    .where('tenant_id', '=', auth.tenantId)
    .where('id', '=', userId)
    .where('is_deleted', '=', 0)
    .executeTakeFirst();
  if (!user) throw new KeyedError('equipment.usage.userUnknown');
  return userId;
}

const [pageAction, listAction, saveAction, updateAction, beginAction, endAction, exceptionAction, useAction] =
  USAGE_ACTIONS;

export function usageRoutes(deps: Deps): Hono<BladeEnv> {
  const { router, serve } = actionRouter(deps);

  for (const action of [pageAction, listAction])
    serve(action, async ({ trx, auth, input }) => {
      const page = pageRequest(input);
      let base = visibleUsages(trx, auth);
      if (input.equipmentId) base = base.where('u.equipment_id', '=', input.equipmentId);
      if (input.usageState) base = base.where('u.usage_state', '=', input.usageState);
      if (input.from) base = base.where('u.end_time', '>', input.from);
      if (input.to) base = base.where('u.start_time', '<', input.to);
      const { rows, total } = await fetchPage(
        base,
        (qb) => qb.selectAll('u').select(['e.asset_no', 'e.name as equipment_name']),
        page,
        [],
        [
          { column: 'u.start_time', direction: 'desc' },
          { column: 'u.id', direction: 'desc' },
        ],
      );
      return toPage(await presentUsages(trx, rows as unknown as UsageRow[]), total, page);
    });

  serve(saveAction, async ({ trx, auth, input }) => {
    const equipment = await lockEquipment(trx, auth, input.equipmentId, 'share');
    const userId = await bookingUser(trx, auth, input.userId);
    await checkBookable(trx, auth, equipment, input.startTime, input.endTime);
    if (input.endTime <= new Date()) throw new KeyedError('equipment.usage.endInPast');
    const id = nextId();
    await guardedWrite(trx, auth, input.equipmentId, input.startTime, input.endTime, id, () =>
      trx
        .insertInto('business_equipment_usage')
        .values({
          id,
          tenant_id: auth.tenantId,
          equipment_id: input.equipmentId,
          user_id: userId,
          start_time: input.startTime,
          end_time: input.endTime,
          purpose: input.purpose,
          create_user: auth.userId,
          create_dept: auth.deptIds[0] ?? null,
          update_user: auth.userId,
        })
        .execute(),
    );
    return usageById(trx, auth, id);
  });

  serve(updateAction, async ({ trx, auth, input }) => {
    const row = await lockLiveRow(trx, 'business_equipment_usage', auth.tenantId, input.id);
    // Only a booking not yet begun may move; one in use is ended instead.
    if (row.usage_state !== 'requested') throw new KeyedError('common.transition.notAllowed');
    const equipment = await lockEquipment(trx, auth, input.equipmentId, 'share');
    const userId = await bookingUser(trx, auth, input.userId);
    await checkBookable(trx, auth, equipment, input.startTime, input.endTime);
    if (input.endTime <= new Date()) throw new KeyedError('equipment.usage.endInPast');
    await guardedWrite(trx, auth, input.equipmentId, input.startTime, input.endTime, input.id, () =>
      trx
        .updateTable('business_equipment_usage')
        .set({
          equipment_id: input.equipmentId,
          user_id: userId,
          start_time: input.startTime,
          end_time: input.endTime,
          purpose: input.purpose,
          update_user: auth.userId,
          update_time: sql`now()`,
        })
        .where('id', '=', input.id)
        .execute(),
    );
    return usageById(trx, auth, input.id);
  });

  serve(beginAction, async ({ trx, auth, input, record }) => {
    await assertOperates(deps, trx, auth, record!);
    // The state has changed in this transaction; a refusal here rolls it back with the history row.
    const equipment = await lockEquipment(trx, auth, String(record!.equipment_id), 'share');
    const status = await statusNow(trx, auth, equipment);
    if (status.color === 'red')
      throw new KeyedError('equipment.usage.redEquipment', {
        reason: `${equipment.asset_no}：${reasonText(status.reason)}`,
      });
    await trx
      .updateTable('business_equipment_usage')
      .set({ began_at: sql`now()` })
      .where('id', '=', input.id)
      .execute();
    return usageById(trx, auth, input.id);
  });

  serve(endAction, async ({ trx, auth, input, record }) => {
    await assertOperates(deps, trx, auth, record!);
    await trx
      .updateTable('business_equipment_usage')
      .set({ ended_at: sql`now()` })
      .where('id', '=', input.id)
      .execute();
    return usageById(trx, auth, input.id);
  });

  serve(exceptionAction, async ({ trx, auth, input }) => {
    await trx
      .updateTable('business_equipment_usage')
      .set({ ended_at: sql`now()`, exception_reason: input.reason })
      .where('id', '=', input.id)
      .execute();
    return usageById(trx, auth, input.id);
  });

  // Walk-up use: a booking from now to the given end, in use at once (same checks and constraint as a booking).
  serve(useAction, async ({ trx, auth, input }) => {
    const equipment = await lockEquipment(trx, auth, input.id, 'share');
    const now = new Date();
    await checkBookable(trx, auth, equipment, now, input.endTime);
    const id = nextId();
    await guardedWrite(trx, auth, input.id, now, input.endTime, id, () =>
      trx
        .insertInto('business_equipment_usage')
        .values({
          id,
          tenant_id: auth.tenantId,
          equipment_id: input.id,
          user_id: auth.userId,
          start_time: now,
          end_time: input.endTime,
          purpose: input.purpose,
          usage_state: 'in_use',
          began_at: now,
          create_user: auth.userId,
          create_dept: auth.deptIds[0] ?? null,
          update_user: auth.userId,
        })
        .execute(),
    );
    await recordStatusChanges(trx, auth, [
      {
        resource: 'business_equipment_usage',
        recordId: id,
        action: 'beginUse',
        field: 'usage_state',
        from: '',
        to: 'in_use',
      },
    ]);
    return usageById(trx, auth, id);
  });

  return router;
}
