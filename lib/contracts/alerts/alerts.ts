import { z } from '../../zod';
import { defineAction } from '../action';
import type { ApplicationState } from '../application/machine';
import { blank, calendarDay, idSchema, pagingInput } from '../inputs';
import { defineResource, NO_WRITES } from '../resource';

/**
 * Certificate-expiry alerts (证书到期提醒) and node-progress alerts (节点进度提醒): issue 17, DOMAIN §3, spec 001 §7.6,
 * blade/modules/alerts/README.md. The configurations are a resource; the tracks are read-only pages over the
 * applications and their state history; the scheduler (blade/modules/alerts/alert-scheduler.ts) raises the alerts.
 */

const BASE = '/blade-cqst';

export const ALERT_CODES = {
  certPage: 'cert_expire_alert',
  certAdd: 'cert_expire_alert_add',
  certEdit: 'cert_expire_alert_edit',
  certRemove: 'cert_expire_alert_delete',
  certStatus: 'cert_expire_alert_status',
  nodePage: 'node_progress_alert',
  nodeEdit: 'node_progress_alert_edit',
} as const;

/** The navigation group of the alert pages (seeded, blade/db/seed-data.ts; migration 20261128T130100). */
export const ALERT_GROUP = 'alert_center';

/** Longest lead time a configuration accepts (ten years). */
export const MAX_LEAD_DAYS = 3650;
const LEAD_DAYS = /^\s*\d{1,4}\s*(,\s*\d{1,4}\s*)*$/;

/**
 * A configuration's lead times as the scheduler reads them: distinct whole days 1…MAX_LEAD_DAYS, longest first; null
 * when the text is not such a list.
 */
export function parseLeadDays(text: string): number[] | null {
  if (!LEAD_DAYS.test(text)) return null;
  const days = text.split(',').map((d) => Number(d.trim()));
  if (days.some((d) => d < 1 || d > MAX_LEAD_DAYS)) return null;
  return [...new Set(days)].sort((a, b) => b - a);
}

export const certConfigResource = defineResource({
  key: 'alerts.config',
  table: 'business_alert_cert_config',
  ownership: 'tenant',
  defaultOrder: [{ column: 'id', direction: 'desc' }],
  fields: {
    configName: {
      kind: 'text',
      max: 100,
      required: 'alerts.config.configNameRequired',
      search: 'like',
      sort: true,
    },
    leadDays: {
      kind: 'text',
      max: 100,
      required: 'alerts.config.leadDaysRequired',
      pattern: { regex: LEAD_DAYS, message: 'alerts.config.leadDaysInvalid' },
    },
    notifyPortal: { kind: 'flag', default: 1 },
    notifySms: { kind: 'flag', default: 0 },
    notifyEmail: { kind: 'flag', default: 0 },
    enabled: { kind: 'flag', default: 1, form: false, search: 'eq' },
    remark: { kind: 'textarea', max: 500, list: false },
  },
  unique: [{ fields: ['configName'], message: 'alerts.config.configNameTaken' }],
  calls: {
    list: { method: 'GET', path: `${BASE}/certExpireAlert/getCertConfigPage` },
    submit: { method: 'POST', path: `${BASE}/certExpireAlert/saveCertConfig` },
    // The spec's GET (deleteCertConfig?id): served as an action that writes (lib/contracts/writing-calls.ts).
    remove: { method: 'GET', path: `${BASE}/certExpireAlert/deleteCertConfig` },
  },
  access: {
    read: { codes: [ALERT_CODES.certPage] },
    add: { codes: [ALERT_CODES.certAdd] },
    edit: { codes: [ALERT_CODES.certEdit] },
    remove: { codes: [ALERT_CODES.certRemove] },
  },
  menu: {
    code: ALERT_CODES.certPage,
    name: '证书到期提醒',
    path: '/alerts/certExpire',
    icon: 'notification_important',
    parent: ALERT_GROUP,
    sort: 1,
    view: false,
    buttons: [{ code: ALERT_CODES.certStatus, name: '启用/停用', alias: 'status', action: 2 }],
  },
});

export const CERT_CONFIG_CALLS = {
  remove: { method: 'GET', path: `${BASE}/certExpireAlert/deleteCertConfig` },
  status: { method: 'GET', path: `${BASE}/certExpireAlert/updateCertConfigStatus` },
} as const;

export const certConfigIdInput = z.object({ id: idSchema });

/** The coarse track's stages: each groups the application states (the fine track's nodes) it is made of. */
export const COARSE_STAGES = [
  { code: 'acceptance', states: ['submitted', 'accepted', 'fee_noticed'] },
  { code: 'samples', states: ['samples_sent', 'samples_received'] },
  { code: 'testing', states: ['testing', 'rectification'] },
  { code: 'factory', states: ['factory_inspection', 'nc_correction'] },
  { code: 'evaluation', states: ['evaluation', 'decision'] },
] as const satisfies readonly { code: string; states: readonly ApplicationState[] }[];
export type CoarseStage = (typeof COARSE_STAGES)[number]['code'];
/** The fine track's nodes: the states an application waits in for the body's work. */
export const FINE_NODES: readonly ApplicationState[] = COARSE_STAGES.flatMap((s) => s.states);
export const TRACK_LEVELS = ['coarse', 'fine'] as const;
export type TrackLevel = (typeof TRACK_LEVELS)[number];

export const coarseStageOf = (state: string): CoarseStage | undefined =>
  COARSE_STAGES.find((s) => (s.states as readonly string[]).includes(state))?.code;

export const NODE_CALLS = {
  coarsePage: { method: 'GET', path: `${BASE}/nodeProgressAlert/getCoarseTrackPage` },
  finePage: { method: 'GET', path: `${BASE}/nodeProgressAlert/getFineTrackPage` },
  update: { method: 'POST', path: `${BASE}/nodeProgressAlert/update` },
  coarseDetail: { method: 'POST', path: `${BASE}/nodeProgressAlert/getCoarseTrackDetail` },
} as const;

const trackPageQuery = z.object({
  ...pagingInput,
  /** Only applications over a node's limit now. */
  overdue: blank(z.enum(['0', '1']).optional()),
  productName: blank(z.string().trim().max(100).optional()),
});
export const coarsePageQuery = trackPageQuery;
export const finePageQuery = trackPageQuery;

export const nodeLimitInput = z.object({
  trackLevel: z.enum(TRACK_LEVELS, { error: '请选择粗跟踪或细跟踪' }),
  nodeCode: z.string({ error: '请选择节点' }).trim().min(1, '请选择节点').max(64),
  limitDays: z.coerce
    .number({ error: '时限应为1至3650天' })
    .int('时限应为1至3650天')
    .min(1, '时限应为1至3650天')
    .max(MAX_LEAD_DAYS, '时限应为1至3650天'),
  enabled: z.coerce.number().int().min(0).max(1).optional().default(1),
});
export const coarseDetailInput = z.object({ id: idSchema });

/** A node's row on a track: where an application is and for how long, against the node's limit. */
export interface TrackRowVO {
  applicationId: string;
  applicationNo: string;
  productName: string;
  flowState: string;
  /** The coarse stage (coarse track) or the state (fine track). */
  nodeCode: string;
  enteredAt: string;
  elapsedDays: number;
  /** 0: no limit set for the node. */
  limitDays: number;
  overdue: boolean;
}

/** A node limit as `update` answers it and the track pages list it (`limits`). */
export interface NodeLimitVO {
  id: string;
  trackLevel: TrackLevel;
  nodeCode: string;
  limitDays: number;
  enabled: number;
}

/** One node of an application's coarse track (getCoarseTrackDetail). */
export interface TrackNodeVO {
  nodeCode: string;
  enteredAt: string;
  /** '' while the application is still there. */
  leftAt: string;
  elapsedDays: number;
  limitDays: number;
  overdue: boolean;
}

/** The track pages (their calls are the module's routes). */
export const nodeProgressPage = defineResource({
  key: 'alerts.track',
  table: 'business_alert_node_limit',
  ownership: 'tenant',
  readOnly: true,
  fields: {},
  calls: { list: NODE_CALLS.coarsePage, ...NO_WRITES.calls },
  access: { read: { codes: [ALERT_CODES.nodePage] }, ...NO_WRITES.access },
  menu: {
    code: ALERT_CODES.nodePage,
    name: '节点进度提醒',
    path: '/alerts/nodeProgress',
    icon: 'timeline',
    parent: ALERT_GROUP,
    sort: 2,
    view: false,
    buttons: [{ code: ALERT_CODES.nodeEdit, name: '设置时限', alias: 'limit', action: 1 }],
  },
});

// ---- The delivery log (提醒记录) ----

/** The log's codes: apart from ALERT_CODES, whose pages the first menus migration (20261128T130100) made. */
export const ALERT_LOG_CODES = {
  logPage: 'alert_delivery_log',
  logRetry: 'alert_delivery_retry',
} as const;

/**
 * What a delivery is about: a certificate's lead time (cert), an application over a node's limit (node), a certificate
 * without supervision for more than 12 months (supervision), a certificate past its valid-to, recorded as expired in
 * its history (expiry).
 */
export const ALERT_KINDS = ['cert', 'node', 'supervision', 'expiry'] as const;
export type AlertKind = (typeof ALERT_KINDS)[number];
export const DELIVERY_CHANNELS = ['portal', 'sms', 'email'] as const;
export type DeliveryChannel = (typeof DELIVERY_CHANNELS)[number];
/** The log's outcome filter: `pending` includes a channel being sent right now (`sending`). */
export const DELIVERY_OUTCOMES = ['sent', 'failed', 'pending'] as const;
/** A channel's state as stored: `skipped` when the channel was off or nobody had an address. */
export type ChannelState = 'pending' | 'sending' | 'sent' | 'failed' | 'skipped';

export const DELIVERY_CALLS = {
  page: { method: 'GET', path: `${BASE}/alertDelivery/getDeliveryPage` },
  retry: { method: 'POST', path: `${BASE}/alertDelivery/retry` },
} as const;

const dayFilter = (message: string) => blank(calendarDay(message));

export const deliveryPageQuery = z.object({
  ...pagingInput,
  alertKind: blank(z.enum(ALERT_KINDS, { error: '提醒类型不存在' }).optional()),
  channel: blank(z.enum(DELIVERY_CHANNELS, { error: '渠道不存在' }).optional()),
  outcome: blank(z.enum(DELIVERY_OUTCOMES, { error: '发送结果不存在' }).optional()),
  /** `yyyy-MM-dd`: from its 00:00:00, server time (spec 000 §5). */
  createTimeStart: dayFilter('请输入正确的开始日期'),
  /** `yyyy-MM-dd`: through its 23:59:59. */
  createTimeEnd: dayFilter('请输入正确的结束日期'),
});

export const retryInput = z.object({
  id: idSchema,
  channel: z.enum(['sms', 'email'], { error: '只能重新发送短信或邮件' }),
});

/** One row of the log. */
export interface DeliveryVO {
  id: string;
  alertKind: AlertKind;
  title: string;
  content: string;
  /** The certificate (cert, supervision, expiry) or the application (node) it concerns. */
  subjectId: string;
  certNumber: string;
  applicationNo: string;
  productName: string;
  /** The certificate's or application's company, and the engineer in charge. */
  companyName: string;
  engineerName: string;
  portalCount: number;
  smsState: ChannelState;
  smsReason: string;
  /** Masked phones. */
  smsTo: string;
  emailState: ChannelState;
  emailReason: string;
  emailTo: string;
  createTime: string;
  updateTime: string;
}

/** 提醒记录: the deliveries' log (its calls are the module's routes). */
export const deliveryLogPage = defineResource({
  key: 'alerts.delivery',
  table: 'business_alert_delivery',
  ownership: 'tenant',
  readOnly: true,
  fields: {},
  calls: { list: DELIVERY_CALLS.page, ...NO_WRITES.calls },
  access: { read: { codes: [ALERT_LOG_CODES.logPage] }, ...NO_WRITES.access },
  menu: {
    code: ALERT_LOG_CODES.logPage,
    name: '提醒记录',
    path: '/alerts/deliveries',
    icon: 'history',
    parent: ALERT_GROUP,
    sort: 3,
    view: false,
    buttons: [{ code: ALERT_LOG_CODES.logRetry, name: '重新发送', alias: 'retry', action: 2 }],
  },
});

export const ALERT_ACTIONS = [
  defineAction({
    name: 'deleteCertConfig',
    call: CERT_CONFIG_CALLS.remove,
    input: certConfigIdInput,
    access: { codes: [ALERT_CODES.certRemove] },
    writes: true,
  }),
  defineAction({
    name: 'updateCertConfigStatus',
    call: CERT_CONFIG_CALLS.status,
    input: certConfigIdInput,
    access: { codes: [ALERT_CODES.certStatus] },
    writes: true,
  }),
  defineAction({
    name: 'coarsePage',
    call: NODE_CALLS.coarsePage,
    input: coarsePageQuery,
    access: { codes: [ALERT_CODES.nodePage] },
    writes: false,
  }),
  defineAction({
    name: 'finePage',
    call: NODE_CALLS.finePage,
    input: finePageQuery,
    access: { codes: [ALERT_CODES.nodePage] },
    writes: false,
  }),
  defineAction({
    name: 'update',
    call: NODE_CALLS.update,
    input: nodeLimitInput,
    access: { codes: [ALERT_CODES.nodeEdit] },
    writes: true,
  }),
  defineAction({
    name: 'coarseDetail',
    call: NODE_CALLS.coarseDetail,
    input: coarseDetailInput,
    access: { codes: [ALERT_CODES.nodePage] },
    // A read although a POST.
    writes: false,
  }),
  defineAction({
    name: 'deliveryPage',
    call: DELIVERY_CALLS.page,
    input: deliveryPageQuery,
    access: { codes: [ALERT_LOG_CODES.logPage] },
    writes: false,
  }),
  defineAction({
    name: 'retryDelivery',
    call: DELIVERY_CALLS.retry,
    input: retryInput,
    access: { codes: [ALERT_LOG_CODES.logRetry] },
    writes: true,
  }),
] as const;
