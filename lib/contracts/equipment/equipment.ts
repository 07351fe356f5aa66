import { z } from '../../zod';
import { defineAction } from '../action';
import { idSchema, pagingInput } from '../inputs';
import { defineResource, NO_WRITES, standardCalls } from '../resource';

/**
 * Laboratory equipment (仪器设备), its measurement certificates (计量证书) and usage bookings (设备使用预约): issue 17,
 * DOMAIN §7, blade/modules/equipment/README.md. Equipment and certificates are plain resources; bookings are a state
 * machine served by actions (requested → in_use → ended | exception_ended; cancelled exists for the database only).
 */

const BASE = '/blade-combusiness';

/** Menu and button codes: the page codes read, each button one verb. */
export const EQUIPMENT_CODES = {
  page: 'equipment',
  add: 'equipment_add',
  edit: 'equipment_edit',
  remove: 'equipment_delete',
  cert: 'equipment_cert',
  use: 'equipment_use',
  usagePage: 'equipment_usage',
  usageAdd: 'equipment_usage_add',
  usageEdit: 'equipment_usage_edit',
  usageBegin: 'equipment_usage_begin',
  usageEnd: 'equipment_usage_end',
  usageException: 'equipment_usage_exception',
} as const;

/** The archive function of an instrument's files (certificate scans); dataId = the equipment id. */
export const EQUIPMENT_FUNCTION = 'equipment';

/** The navigation group of the laboratory pages (seeded, blade/db/seed-data.ts). */
export const LABORATORY_GROUP = 'laboratory';

export const CERT_RESULTS = ['合格', '准用', '不合格'] as const;
export type CertResult = (typeof CERT_RESULTS)[number];

/** The three-colour label (DOMAIN §7): derived on read, never stored. */
export const STATUS_COLORS = ['green', 'yellow', 'red'] as const;
export type StatusColor = (typeof STATUS_COLORS)[number];
/** Why an instrument has its colour (message key `equipment.reason.<reason>`). */
export type StatusReason = 'ok' | 'limited' | 'noCertificate' | 'failed' | 'expired' | 'outOfService';
/** Days before valid-to from which a usable instrument is flagged due soon. */
export const DUE_SOON_DAYS = 30;

export const USAGE_STATES = ['requested', 'in_use', 'ended', 'exception_ended', 'cancelled'] as const;
export type UsageState = (typeof USAGE_STATES)[number];
/** States that hold the instrument's time (the exclusion constraint's). */
export const LIVE_USAGE_STATES: readonly UsageState[] = ['requested', 'in_use'];

export const equipmentResource = defineResource({
  key: 'equipment.equipment',
  table: 'business_equipment',
  ownership: 'tenant',
  defaultOrder: [{ column: 'id', direction: 'desc' }],
  stableOrder: true,
  fields: {
    assetNo: {
      kind: 'text',
      max: 64,
      required: 'equipment.equipment.assetNoRequired',
      search: 'like',
      sort: true,
    },
    name: {
      kind: 'text',
      max: 100,
      required: 'equipment.equipment.nameRequired',
      search: 'like',
      sort: true,
    },
    model: { kind: 'text', max: 100 },
    serialNo: { kind: 'text', max: 100, list: false },
    location: { kind: 'text', max: 200, search: 'like' },
    custodianId: {
      kind: 'text',
      max: 20,
      acceptsNumber: true,
      list: false,
      pattern: { regex: /^[1-9]\d{0,18}$/, message: 'equipment.equipment.custodianInvalid' },
    },
    range: { kind: 'text', column: 'measure_range', max: 200, list: false },
    accuracy: { kind: 'text', max: 100, list: false },
    cycleMonths: { kind: 'int', default: 12, list: false },
    outOfService: { kind: 'flag', default: 0, list: false },
    remark: { kind: 'textarea', max: 500, list: false },
  },
  unique: [{ fields: ['assetNo'], message: 'equipment.equipment.assetNoTaken' }],
  calls: standardCalls(`${BASE}/equipment`, { list: 'page', submit: 'save', update: 'update' }),
  access: {
    read: { codes: [EQUIPMENT_CODES.page] },
    add: { codes: [EQUIPMENT_CODES.add] },
    edit: { codes: [EQUIPMENT_CODES.edit] },
    remove: { codes: [EQUIPMENT_CODES.remove] },
    // The booking page picks an instrument from this list.
    list: { codes: [EQUIPMENT_CODES.page, EQUIPMENT_CODES.usagePage] },
  },
  menu: {
    code: EQUIPMENT_CODES.page,
    name: '仪器设备',
    path: '/laboratory/equipment',
    icon: 'biotech',
    parent: LABORATORY_GROUP,
    sort: 1,
    view: false,
    buttons: [
      { code: EQUIPMENT_CODES.cert, name: '计量证书', alias: 'certificate', action: 2 },
      { code: EQUIPMENT_CODES.use, name: '开始使用', alias: 'use', action: 2 },
    ],
  },
});

export const certResource = defineResource({
  key: 'equipment.cert',
  table: 'business_equipment_cert',
  ownership: 'tenant',
  defaultOrder: [
    { column: 'calibration_date', direction: 'desc' },
    { column: 'id', direction: 'desc' },
  ],
  fields: {
    equipmentId: {
      kind: 'text',
      max: 20,
      acceptsNumber: true,
      required: 'equipment.cert.equipmentRequired',
      search: 'eq',
      pattern: { regex: /^[1-9]\d{0,18}$/, message: 'equipment.cert.equipmentRequired' },
    },
    certNo: { kind: 'text', max: 64, required: 'equipment.cert.certNoRequired', search: 'like' },
    agency: { kind: 'text', max: 200, required: 'equipment.cert.agencyRequired' },
    calibrationDate: { kind: 'date', required: 'equipment.cert.calibrationDateRequired', sort: true },
    validTo: { kind: 'date', required: 'equipment.cert.validToRequired', sort: true },
    result: {
      kind: 'text',
      max: 8,
      required: 'equipment.cert.resultRequired',
      pattern: { regex: /^(合格|准用|不合格)$/, message: 'equipment.cert.resultInvalid' },
    },
    fileId: {
      kind: 'text',
      max: 32,
      list: false,
      pattern: { regex: /^[0-9a-f]{32}$/, message: 'equipment.cert.fileInvalid' },
    },
    remark: { kind: 'textarea', max: 500, list: false },
  },
  calls: {
    ...standardCalls(
      `${BASE}/equipmentMeasurementCertificate`,
      { list: 'selectEquipmentMeasurementCertificateList', submit: 'save', detail: null },
      { list: 'POST' },
    ),
  },
  access: {
    read: { codes: [EQUIPMENT_CODES.page] },
    add: { codes: [EQUIPMENT_CODES.cert] },
    edit: { codes: [EQUIPMENT_CODES.cert] },
    remove: { codes: [EQUIPMENT_CODES.cert] },
  },
});

/** A booking as the calls answer it. */
export interface EquipmentUsageVO {
  id: string;
  equipmentId: string;
  assetNo: string;
  equipmentName: string;
  userId: string;
  userName: string;
  startTime: string;
  endTime: string;
  purpose: string;
  usageState: UsageState;
  beganAt: string;
  endedAt: string;
  exceptionReason: string;
  createTime: string;
}

export const USAGE_CALLS = {
  page: { method: 'GET', path: `${BASE}/equipmentUsage/page` },
  list: { method: 'GET', path: `${BASE}/equipmentUsage/list` },
  save: { method: 'POST', path: `${BASE}/equipmentUsage/save` },
  update: { method: 'POST', path: `${BASE}/equipmentUsage/update` },
  begin: { method: 'POST', path: `${BASE}/equipmentUsage/beginEquipmentUsage` },
  end: { method: 'POST', path: `${BASE}/equipmentUsage/selectEndEquipmentUsage` },
  exceptionEnd: { method: 'POST', path: `${BASE}/equipmentUsage/exceptionEnd` },
  beginUseEquipment: { method: 'POST', path: `${BASE}/equipment/beginUseEquipment` },
} as const;

/** The bookings page (its list and every call are the module's routes). */
export const usagePage = defineResource({
  key: 'equipment.usage',
  table: 'business_equipment_usage',
  ownership: 'tenant',
  readOnly: true,
  fields: {},
  calls: { list: USAGE_CALLS.page, ...NO_WRITES.calls },
  access: { read: { codes: [EQUIPMENT_CODES.usagePage] }, ...NO_WRITES.access },
  menu: {
    code: EQUIPMENT_CODES.usagePage,
    name: '设备使用预约',
    path: '/laboratory/equipmentUsage',
    icon: 'event_available',
    parent: LABORATORY_GROUP,
    sort: 2,
    view: false,
    buttons: [
      { code: EQUIPMENT_CODES.usageAdd, name: '新增预约', alias: 'add', action: 1 },
      { code: EQUIPMENT_CODES.usageEdit, name: '修改预约', alias: 'edit', action: 2 },
      { code: EQUIPMENT_CODES.usageBegin, name: '开始使用', alias: 'begin', action: 2 },
      { code: EQUIPMENT_CODES.usageEnd, name: '结束使用', alias: 'end', action: 2 },
      { code: EQUIPMENT_CODES.usageException, name: '异常结束', alias: 'exception', action: 2 },
    ],
  },
});

/**
 * A time as the form sends it: `yyyy-MM-dd HH:mm[:ss]` (or with `T`), in the server's time zone unless it carries an
 * offset (`Z`, `+08:00`), the zone the answers' times are written in (formatDateTime).
 */
const TIME = /^(\d{4}-\d{2}-\d{2})[ T](\d{2}:\d{2}(?::\d{2})?)(?:\.\d{1,3})?(Z|[+-]\d{2}:?\d{2})?$/;
export const timeSchema = (message: string) =>
  z
    .string({ error: message })
    .trim()
    .regex(TIME, message)
    .transform((v) => {
      const m = TIME.exec(v)!;
      return new Date(`${m[1]}T${m[2].length === 5 ? `${m[2]}:00` : m[2]}${m[3] ?? ''}`);
    })
    .refine((d) => !Number.isNaN(d.getTime()), message);

const reason = (message: string) =>
  z.string({ error: message }).trim().min(1, message).max(500, '长度不能超过500');

export const usageSaveInput = z.object({
  equipmentId: idSchema,
  startTime: timeSchema('请输入正确的开始时间'),
  endTime: timeSchema('请输入正确的结束时间'),
  purpose: z.string().trim().max(500, '长度不能超过500').optional().default(''),
  /** Another user the booking is for (default: the caller). */
  userId: idSchema.optional(),
});
export const usageUpdateInput = usageSaveInput.extend({ id: idSchema });
export const usageIdInput = z.object({ id: idSchema });
export const usageExceptionInput = z.object({ id: idSchema, reason: reason('请输入异常原因') });
export const beginUseInput = z.object({
  id: idSchema,
  endTime: timeSchema('请输入正确的结束时间'),
  purpose: z.string().trim().max(500, '长度不能超过500').optional().default(''),
});

export const usagePageQuery = z.object({
  ...pagingInput,
  equipmentId: z.preprocess((v) => (v === '' ? undefined : v), idSchema.optional()),
  usageState: z.preprocess((v) => (v === '' ? undefined : v), z.enum(USAGE_STATES).optional()),
  /** Bookings that overlap [from, to): a calendar's window. */
  from: z.preprocess((v) => (v === '' ? undefined : v), timeSchema('请输入正确的开始时间').optional()),
  to: z.preprocess((v) => (v === '' ? undefined : v), timeSchema('请输入正确的结束时间').optional()),
});

export const USAGE_ACTIONS = [
  defineAction({
    name: 'page',
    call: USAGE_CALLS.page,
    input: usagePageQuery,
    access: { codes: [EQUIPMENT_CODES.usagePage, EQUIPMENT_CODES.page] },
    writes: false,
  }),
  defineAction({
    name: 'list',
    call: USAGE_CALLS.list,
    input: usagePageQuery,
    access: { codes: [EQUIPMENT_CODES.usagePage, EQUIPMENT_CODES.page] },
    writes: false,
  }),
  defineAction({
    name: 'save',
    call: USAGE_CALLS.save,
    input: usageSaveInput,
    access: { codes: [EQUIPMENT_CODES.usageAdd] },
    writes: true,
  }),
  defineAction({
    name: 'update',
    call: USAGE_CALLS.update,
    input: usageUpdateInput,
    access: { codes: [EQUIPMENT_CODES.usageEdit] },
    writes: true,
  }),
  defineAction({
    name: 'begin',
    call: USAGE_CALLS.begin,
    input: usageIdInput,
    access: { codes: [EQUIPMENT_CODES.usageBegin] },
    writes: true,
    transition: {
      table: 'business_equipment_usage',
      ownership: 'tenant',
      column: 'usage_state',
      from: ['requested'],
      to: 'in_use',
      id: (input) => input.id,
    },
  }),
  defineAction({
    name: 'end',
    call: USAGE_CALLS.end,
    input: usageIdInput,
    access: { codes: [EQUIPMENT_CODES.usageEnd] },
    writes: true,
    transition: {
      table: 'business_equipment_usage',
      ownership: 'tenant',
      column: 'usage_state',
      from: ['in_use'],
      to: 'ended',
      id: (input) => input.id,
    },
  }),
  defineAction({
    name: 'exceptionEnd',
    call: USAGE_CALLS.exceptionEnd,
    input: usageExceptionInput,
    access: { codes: [EQUIPMENT_CODES.usageException] },
    writes: true,
    transition: {
      table: 'business_equipment_usage',
      ownership: 'tenant',
      column: 'usage_state',
      from: ['requested', 'in_use'],
      to: 'exception_ended',
      id: (input) => input.id,
      comment: (input) => input.reason,
    },
  }),
  defineAction({
    name: 'beginUse',
    call: USAGE_CALLS.beginUseEquipment,
    input: beginUseInput,
    access: { codes: [EQUIPMENT_CODES.use] },
    writes: true,
  }),
] as const;

/** The equipment answer's derived fields (list rows and detail). */
export interface EquipmentStatusVO {
  statusColor: StatusColor;
  statusReason: StatusReason;
  dueSoon: boolean;
  /** The current certificate's valid-to (`yyyy-MM-dd`), or ''. */
  validTo: string;
  custodianName: string;
}
