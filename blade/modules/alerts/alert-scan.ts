import { sql } from 'kysely';
import {
  coarseStageOf,
  FINE_NODES,
  parseLeadDays,
  type AlertKind,
  type TrackLevel,
} from '../../../lib/contracts/alerts/alerts';
import { localDay } from '../../../lib/contracts/equipment/status';
import type { Deps } from '../../core/context';
import { formatDateTime } from '../../core/dates';
import { ServiceError, KeyedError, NotFoundError } from '../../core/errors';
import { nextId } from '../../core/ids';
import { withTenant, type Db } from '../../db/tenant';
import { companyUsers } from '../customer/customer.repository';
import { MESSAGE_CATEGORY, sendMessage, tenantAdminIds } from '../message/message.repository';
import { smsSender } from '../sms/sms.deliver';
import { maskPhone } from '../sms/sms.providers';
import { sendMail } from '../verify/mail-config.resource';
import { HISTORY_RESOURCE } from '../application/transition';
import { CERTIFICATE_HISTORY_RESOURCE } from '../application/certificate-status';
import { recordStatusChanges } from '../../core/action';

/**
 * One pass of the alert scheduler over every live tenant (blade/modules/alerts/README.md). An alert is a row of
 * business_alert_delivery whose unique key (tenant, kind, subject, config, key) is inserted ON CONFLICT DO NOTHING in
 * the same transaction as its portal messages: whichever replica inserts it delivers it, every other one finds the
 * key taken and does nothing, so concurrent passes on one database deliver each alert once. SMS and e-mail go out
 * after that commit, each claimed first (pending → sending) so that two passes never both send it, and their outcome
 * is written back: sent, or failed with the reason.
 */

const SENDER = '提醒';
const DAY_MS = 86_400_000;

export interface ScanResult {
  /** Alerts this pass raised (delivery rows it inserted). */
  raised: number;
}

interface Raised {
  tenantId: string;
  deliveryId: string;
  actorId: string;
  title: string;
  content: string;
  sms?: { phones: string[]; params: Record<string, string> };
  email?: { to: string[] };
}

/** blade_status_history.user_id of what the scheduler records itself (no person did it). */
export const SYSTEM_USER_ID = '0';
/** business_alert_delivery.config_id of the kinds no configuration raises (supervision, expiry). */
const NO_CONFIG = '0';
/** Supervision at least yearly (DOMAIN §2): a valid certificate is overdue after this many months without one. */
export const SUPERVISION_MONTHS = 12;

export async function runAlertScan(deps: Deps, now: Date = new Date()): Promise<ScanResult> {
  const tenants = await deps.db
    .selectFrom('blade_tenant')
    .select('tenant_id')
    .where('is_deleted', '=', 0)
    .execute();
  let raised = 0;
  for (const { tenant_id: tenantId } of tenants) {
    await recordExpiries(deps.db, tenantId, now);
    const alerts = [
      ...(await certAlerts(deps.db, tenantId, now)),
      ...(await supervisionAlerts(deps.db, tenantId, now)),
      ...(await nodeAlerts(deps.db, tenantId, now)),
    ];
    raised += alerts.length;
    for (const alert of alerts) await sendChannels(deps, alert);
  }
  await retryPending(deps);
  return { raised };
}

/** Inserts the delivery row unless its key is taken; the id when this call made it. */
async function claimAlert(
  trx: Db,
  row: {
    tenantId: string;
    kind: AlertKind;
    subjectId: string;
    configId: string;
    key: string;
    title: string;
    content: string;
  },
): Promise<string | undefined> {
  const inserted = await trx
    .insertInto('business_alert_delivery')
    .values({
      id: nextId(),
      tenant_id: row.tenantId,
      alert_kind: row.kind,
      subject_id: row.subjectId,
      config_id: row.configId,
      alert_key: row.key,
      title: row.title.slice(0, 255),
      content: row.content.slice(0, 1000),
    })
    .onConflict((oc) =>
      oc.columns(['tenant_id', 'alert_kind', 'subject_id', 'config_id', 'alert_key']).doNothing(),
    )
    .returning('id')
    .executeTakeFirst();
  return inserted?.id;
}

/**
 * An alert that goes out as a portal message only (supervision, node limits): the message, and the delivery's record
 * of how many it reached and why no SMS or e-mail went.
 */
async function noticeOnly(
  trx: Db,
  tenantId: string,
  deliveryId: string,
  reason: string,
  notice: { userIds: string[]; title: string; content: string },
): Promise<void> {
  const portalCount = await sendMessage(trx, tenantId, {
    ...notice,
    category: MESSAGE_CATEGORY.notice,
    sender: SENDER,
  });
  await trx
    .updateTable('business_alert_delivery')
    .set({ portal_count: portalCount, sms_reason: reason, email_reason: reason })
    .where('id', '=', deliveryId)
    .execute();
}

/**
 * Certificates whose valid-to is within a configured lead time. Of a configuration's lead times the alert is the
 * shortest one that has been reached (at 20 days left with 180/90/30 only the 30-day alert goes out, not three at
 * once); each later, shorter lead time raises its own alert when reached.
 */
async function certAlerts(db: Db, tenantId: string, now: Date): Promise<Raised[]> {
  const today = localDay(now);
  return withTenant(db, tenantId, async (trx) => {
    const configs = await trx
      .selectFrom('business_alert_cert_config')
      .selectAll()
      .where('tenant_id', '=', tenantId)
      .where('is_deleted', '=', 0)
      .where('enabled', '=', 1)
      .orderBy('id')
      .execute();
    const raised: Raised[] = [];
    for (const config of configs) {
      const leads = parseLeadDays(config.lead_days);
      if (!leads) continue;
      const certificates = await trx
        .selectFrom('business_certificate as c')
        .leftJoin('business_application as a', 'a.id', 'c.application_id')
        .select([
          'c.id',
          'c.cert_number',
          'c.product_name',
          'c.valid_to',
          'c.company_id',
          'a.engineer_id',
          sql<number>`(c.valid_to - ${today}::date)`.as('days_left'),
        ])
        .where('c.tenant_id', '=', tenantId)
        .where('c.is_deleted', '=', 0)
        .where('c.cert_status', '=', 'valid')
        .where('c.superseded_by', 'is', null)
        .where(sql<boolean>`c.valid_to >= ${today}::date`)
        .where(sql<boolean>`c.valid_to <= ${today}::date + ${leads[0]}::int`)
        // One order for every replica: concurrent passes take the delivery keys in the same order, never crosswise.
        .orderBy('c.id')
        .execute();
      for (const cert of certificates) {
        const lead = [...leads].reverse().find((d) => Number(cert.days_left) <= d);
        if (lead === undefined) continue;
        const title = `证书即将到期：${cert.cert_number}`;
        const content = `证书 ${cert.cert_number}（${cert.product_name}）将于 ${cert.valid_to} 到期，剩余 ${cert.days_left} 天（提醒：${config.config_name}，提前 ${lead} 天）。`;
        const deliveryId = await claimAlert(trx, {
          tenantId,
          kind: 'cert',
          subjectId: cert.id,
          configId: config.id,
          key: String(lead),
          title,
          content,
        });
        if (!deliveryId) continue;
        const customers = cert.company_id
          ? await trx
              .selectFrom('blade_user')
              .select(['id', 'phone', 'email'])
              .where('tenant_id', '=', tenantId)
              .where('company_id', '=', cert.company_id)
              .where('is_deleted', '=', 0)
              .where('status', '=', 1)
              .execute()
          : [];
        const portalUsers = [
          ...new Set([...customers.map((u) => u.id), ...(cert.engineer_id ? [cert.engineer_id] : [])]),
        ];
        const portalCount = config.notify_portal
          ? await sendMessage(trx, tenantId, {
              userIds: portalUsers,
              category: MESSAGE_CATEGORY.notice,
              title,
              content,
              sender: SENDER,
            })
          : 0;
        const phones = [...new Set(customers.map((u) => u.phone).filter((p) => /^1\d{10}$/.test(p)))];
        const emails = [...new Set(customers.map((u) => u.email).filter((e) => e.includes('@')))];
        const smsWanted = config.notify_sms === 1;
        const emailWanted = config.notify_email === 1;
        await trx
          .updateTable('business_alert_delivery')
          .set({
            portal_count: portalCount,
            sms_state: smsWanted ? (phones.length ? 'pending' : 'skipped') : 'skipped',
            sms_reason: smsWanted ? (phones.length ? '' : '收件人没有手机号码') : '未启用短信',
            email_state: emailWanted ? (emails.length ? 'pending' : 'skipped') : 'skipped',
            email_reason: emailWanted ? (emails.length ? '' : '收件人没有邮箱') : '未启用邮件',
            sms_to: smsWanted ? joinTargets(phones) : '',
            email_to: emailWanted ? joinTargets(emails) : '',
          })
          .where('id', '=', deliveryId)
          .execute();
        raised.push({
          tenantId,
          deliveryId,
          actorId: config.create_user ?? '0',
          title,
          content,
          sms:
            smsWanted && phones.length
              ? {
                  phones,
                  params: {
                    certNumber: cert.cert_number,
                    productName: cert.product_name,
                    validTo: cert.valid_to,
                    days: String(cert.days_left),
                  },
                }
              : undefined,
          email: emailWanted && emails.length ? { to: emails } : undefined,
        });
      }
    }
    return raised;
  });
}

/**
 * Valid certificates without supervision for more than SUPERVISION_MONTHS (DOMAIN §2, §3; our reading in the README):
 * the last supervision is the latest factory inspection of an application on the certificate's number (its own
 * application, or a later change or renewal naming the number), or the number's first issue when that is later or
 * there is none. One alert per certificate per overdue period: the key is the date the period counts from, so a new
 * inspection starts a new period that may alert again twelve months on. A portal notice to the engineer in charge
 * (else the tenant's administrators) and the certificate company's users; no SMS or e-mail (no configuration carries
 * channels for it).
 */
async function supervisionAlerts(db: Db, tenantId: string, now: Date): Promise<Raised[]> {
  const today = localDay(now);
  return withTenant(db, tenantId, async (trx) => {
    const lastInspection = sql<string | null>`(
      select max(fc.check_date) from business_factory_check fc
      join business_application fa on fa.id = fc.application_id and fa.tenant_id = fc.tenant_id
      where fc.tenant_id = c.tenant_id and fc.is_deleted = 0 and fa.is_deleted = 0
        and (fa.id = c.application_id or fa.cert_number = c.cert_number))`;
    const firstIssue = sql<string>`(
      select min(v.issue_date) from business_certificate v
      where v.tenant_id = c.tenant_id and v.cert_number = c.cert_number and v.is_deleted = 0)`;
    const since = sql<string>`greatest(${lastInspection}, ${firstIssue})`;
    const certificates = await trx
      .selectFrom('business_certificate as c')
      .leftJoin('business_application as a', 'a.id', 'c.application_id')
      .select([
        'c.id',
        'c.cert_number',
        'c.product_name',
        'c.company_id',
        'a.engineer_id',
        sql<string>`to_char(${since}, 'YYYY-MM-DD')`.as('since'),
        sql<number>`(${today}::date - ${since})`.as('days'),
      ])
      .where('c.tenant_id', '=', tenantId)
      .where('c.is_deleted', '=', 0)
      .where('c.cert_status', '=', 'valid')
      .where('c.superseded_by', 'is', null)
      .where(sql<boolean>`c.valid_to >= ${today}::date`)
      .where(sql<boolean>`${since} + make_interval(months => ${SUPERVISION_MONTHS}) < ${today}::date`)
      .orderBy('c.id')
      .execute();
    const raised: Raised[] = [];
    let admins: string[] | undefined;
    for (const cert of certificates) {
      const title = `监督检查逾期：${cert.cert_number}`;
      const content = `证书 ${cert.cert_number}（${cert.product_name}）自 ${cert.since} 起已 ${cert.days} 天未进行监督检查，超过 ${SUPERVISION_MONTHS} 个月。`;
      const deliveryId = await claimAlert(trx, {
        tenantId,
        kind: 'supervision',
        subjectId: cert.id,
        configId: NO_CONFIG,
        key: cert.since,
        title,
        content,
      });
      if (!deliveryId) continue;
      admins ??= await tenantAdminIds(trx, tenantId);
      const customers = await companyUsers(trx, tenantId, cert.company_id);
      await noticeOnly(trx, tenantId, deliveryId, '监督提醒仅发站内消息', {
        userIds: [...new Set([...(cert.engineer_id ? [cert.engineer_id] : admins), ...customers])],
        title,
        content,
      });
      raised.push({ tenantId, deliveryId, actorId: SYSTEM_USER_ID, title, content });
    }
    return raised;
  });
}

/**
 * Valid certificates past their valid-to: they already read as expired (certStatusSql); the pass records the expiry in
 * the certificate's status history (valid → expired, by the system, comment saying so) so that the history shows when
 * it lapsed, and tells the company's users. Once per certificate: the delivery row (kind `expiry`, key = valid-to) is
 * inserted ON CONFLICT DO NOTHING in the same transaction as the history row, so concurrent passes record it once.
 * The stored status stays `valid` (README: the application module's revoke and cancel of a lapsed certificate key on
 * it); every reader sees `expired`.
 */
async function recordExpiries(db: Db, tenantId: string, now: Date): Promise<number> {
  const today = localDay(now);
  return withTenant(db, tenantId, async (trx) => {
    const lapsed = await trx
      .selectFrom('business_certificate as c')
      .select(['c.id', 'c.cert_number', 'c.product_name', 'c.company_id', 'c.valid_to'])
      .where('c.tenant_id', '=', tenantId)
      .where('c.is_deleted', '=', 0)
      .where('c.cert_status', '=', 'valid')
      .where('c.superseded_by', 'is', null)
      .where(sql<boolean>`c.valid_to < ${today}::date`)
      .orderBy('c.id')
      .execute();
    let recorded = 0;
    for (const cert of lapsed) {
      const title = `证书已到期：${cert.cert_number}`;
      const content = `证书 ${cert.cert_number}（${cert.product_name}）有效期至 ${cert.valid_to}，已到期失效，不能再订购认证标志。`;
      const deliveryId = await claimAlert(trx, {
        tenantId,
        kind: 'expiry',
        subjectId: cert.id,
        configId: NO_CONFIG,
        key: cert.valid_to,
        title,
        content,
      });
      if (!deliveryId) continue;
      recorded += 1;
      await recordStatusChanges(trx, { tenantId, userId: SYSTEM_USER_ID }, [
        {
          resource: CERTIFICATE_HISTORY_RESOURCE,
          recordId: cert.id,
          action: 'expire',
          field: 'cert_status',
          from: 'valid',
          to: 'expired',
          comment: `系统：有效期至 ${cert.valid_to} 届满`,
        },
      ]);
      const portalCount = cert.company_id
        ? await sendMessage(trx, tenantId, {
            userIds: await companyUsers(trx, tenantId, cert.company_id),
            category: MESSAGE_CATEGORY.notice,
            title,
            content,
            sender: SENDER,
          })
        : 0;
      await trx
        .updateTable('business_alert_delivery')
        .set({
          portal_count: portalCount,
          sms_reason: '到期记录仅发站内消息',
          email_reason: '到期记录仅发站内消息',
        })
        .where('id', '=', deliveryId)
        .execute();
    }
    return recorded;
  });
}

/** When each unfinished application entered its current state and its current coarse stage. */
async function applicationPositions(trx: Db, tenantId: string) {
  const applications = await trx
    .selectFrom('business_application')
    .select(['id', 'application_no', 'product_name', 'flow_state', 'engineer_id', 'update_time'])
    .where('tenant_id', '=', tenantId)
    .where('is_deleted', '=', 0)
    .where('flow_state', 'in', FINE_NODES)
    .orderBy('id')
    .execute();
  if (applications.length === 0) return [];
  const history = await trx
    .selectFrom('blade_status_history')
    .select(['record_id', 'from_value', 'to_value', 'create_time'])
    .where('tenant_id', '=', tenantId)
    .where('resource', '=', HISTORY_RESOURCE)
    .where('field', '=', 'flow_state')
    .where(
      'record_id',
      'in',
      applications.map((a) => a.id),
    )
    .orderBy('create_time')
    .orderBy('id')
    .execute();
  const byApplication = new Map<string, typeof history>();
  for (const h of history) byApplication.set(h.record_id, [...(byApplication.get(h.record_id) ?? []), h]);
  return applications.map((a) => {
    const steps = (byApplication.get(a.id) ?? []).filter((h) => h.from_value !== h.to_value);
    const stateEntry = [...steps].reverse().find((h) => h.to_value === a.flow_state);
    const stage = coarseStageOf(a.flow_state);
    // The stage was entered by the latest step into it from outside it.
    const stageEntry = [...steps]
      .reverse()
      .find((h) => coarseStageOf(h.to_value) === stage && coarseStageOf(h.from_value) !== stage);
    const fallback = new Date(a.update_time);
    return {
      ...a,
      stage,
      stateEnteredAt: stateEntry ? new Date(stateEntry.create_time) : fallback,
      stageEnteredAt: stageEntry ? new Date(stageEntry.create_time) : fallback,
    };
  });
}

export type Position = Awaited<ReturnType<typeof applicationPositions>>[number];
export { applicationPositions };

/** Whole days elapsed since `from` (floor). */
export const elapsedDays = (from: Date, now: Date) =>
  Math.max(0, Math.floor((now.getTime() - from.getTime()) / DAY_MS));

/**
 * Applications that stayed in a node longer than its enabled limit: one alert per application × limit × entry into
 * the node (entering the node again later is a new stay and may raise a new alert). The engineer in charge gets a
 * portal notice, else the tenant's administrators.
 */
async function nodeAlerts(db: Db, tenantId: string, now: Date): Promise<Raised[]> {
  return withTenant(db, tenantId, async (trx) => {
    const limits = await trx
      .selectFrom('business_alert_node_limit')
      .selectAll()
      .where('tenant_id', '=', tenantId)
      .where('is_deleted', '=', 0)
      .where('enabled', '=', 1)
      .execute();
    if (limits.length === 0) return [];
    const limitOf = (level: TrackLevel, code: string | undefined) =>
      limits.find((l) => l.track_level === level && l.node_code === code);
    const raised: Raised[] = [];
    let admins: string[] | undefined;
    for (const p of await applicationPositions(trx, tenantId)) {
      const checks = [
        { limit: limitOf('fine', p.flow_state), node: p.flow_state, since: p.stateEnteredAt },
        { limit: limitOf('coarse', p.stage), node: p.stage ?? '', since: p.stageEnteredAt },
      ];
      for (const { limit, node, since } of checks) {
        if (!limit) continue;
        const days = elapsedDays(since, now);
        if (days <= limit.limit_days) continue;
        const label = p.application_no ?? p.product_name;
        const title = `节点超时：${label}`;
        const content = `申请 ${label}（${p.product_name}）在节点 ${node} 已停留 ${days} 天，超过时限 ${limit.limit_days} 天（自 ${formatDateTime(since)}）。`;
        const deliveryId = await claimAlert(trx, {
          tenantId,
          kind: 'node',
          subjectId: p.id,
          configId: limit.id,
          key: `${node}@${since.toISOString()}`,
          title,
          content,
        });
        if (!deliveryId) continue;
        admins ??= await tenantAdminIds(trx, tenantId);
        await noticeOnly(trx, tenantId, deliveryId, '节点提醒仅发站内消息', {
          userIds: p.engineer_id ? [p.engineer_id] : admins,
          title,
          content,
        });
        raised.push({ tenantId, deliveryId, actorId: limit.create_user ?? '0', title, content });
      }
    }
    return raised;
  });
}

type Channel = 'sms' | 'email';
const stateColumn = (channel: Channel) => (channel === 'sms' ? 'sms_state' : 'email_state');

/** Comma-joined targets as the delivery row keeps them (the column holds 1000 characters). */
const joinTargets = (targets: string[]) => {
  let joined = '';
  for (const t of targets) {
    const next = joined ? `${joined},${t}` : t;
    if (next.length > 1000) break;
    joined = next;
  }
  return joined;
};
const splitTargets = (text: string) => text.split(',').filter((t) => t !== '');

/**
 * Takes a channel of a delivery for this process (`from` → sending: pending for a pass, failed for a retry); false
 * when another pass or retry has it.
 */
async function claimChannel(
  deps: Deps,
  tenantId: string,
  deliveryId: string,
  channel: Channel,
  from: 'pending' | 'failed' = 'pending',
) {
  const column = stateColumn(channel);
  const claimed = await withTenant(deps.db, tenantId, (trx) =>
    trx
      .updateTable('business_alert_delivery')
      .set({ [column]: 'sending', update_time: sql`now()` })
      .where('id', '=', deliveryId)
      .where(column, '=', from)
      .returning('id')
      .executeTakeFirst(),
  );
  return claimed !== undefined;
}

export interface ChannelOutcome {
  state: 'sent' | 'failed';
  reason: string;
  /** The targets of this try that failed: a retry's targets. */
  failedTo: string[];
}

async function recordChannel(
  deps: Deps,
  tenantId: string,
  deliveryId: string,
  channel: Channel,
  outcome: ChannelOutcome,
) {
  const reason = outcome.reason.slice(0, 500);
  const failedTo = joinTargets(outcome.failedTo);
  const values =
    channel === 'sms'
      ? { sms_state: outcome.state, sms_reason: reason, sms_failed_to: failedTo }
      : { email_state: outcome.state, email_reason: reason, email_failed_to: failedTo };
  await withTenant(deps.db, tenantId, (trx) =>
    trx
      .updateTable('business_alert_delivery')
      .set({ ...values, update_time: sql`now()` })
      .where('id', '=', deliveryId)
      .execute(),
  );
}

const reasonOf = (err: unknown) => (err instanceof ServiceError ? err.message : '发送失败');

/**
 * One text per phone through the tenant's enabled SMS provider: each phone's outcome is its own (a vendor may take
 * some numbers and refuse others). Sent only when every phone was accepted.
 */
async function sendSms(
  deps: Deps,
  tenantId: string,
  actorId: string,
  sms: { phones: string[]; params: Record<string, string> },
): Promise<ChannelOutcome> {
  const send = smsSender(deps);
  const failures: string[] = [];
  const failedTo: string[] = [];
  if (sms.phones.length === 0) return { state: 'failed', reason: '收件人没有手机号码', failedTo };
  for (const phone of sms.phones) {
    try {
      const result = await send(tenantId, { phones: [phone], params: sms.params }, actorId);
      // 'logged' is the development channel: nothing left the server, so it is not reported as sent.
      if (result.outcome !== 'sent') {
        failures.push(`${maskPhone(phone)}: ${result.message || '短信未发送'}`);
        failedTo.push(phone);
      }
    } catch (err) {
      failures.push(`${maskPhone(phone)}: ${reasonOf(err)}`);
      failedTo.push(phone);
    }
  }
  return failures.length
    ? { state: 'failed', reason: failures.join('; '), failedTo }
    : { state: 'sent', reason: '', failedTo };
}

async function sendEmails(
  deps: Deps,
  tenantId: string,
  mail: { to: string[]; subject: string; text: string },
): Promise<ChannelOutcome> {
  const failures: string[] = [];
  const failedTo: string[] = [];
  if (mail.to.length === 0) return { state: 'failed', reason: '收件人没有邮箱', failedTo };
  for (const to of mail.to) {
    try {
      await sendMail(deps, tenantId, { to, subject: mail.subject, text: mail.text });
    } catch (err) {
      failures.push(`${to}: ${reasonOf(err)}`);
      failedTo.push(to);
    }
  }
  return failures.length
    ? { state: 'failed', reason: failures.join('; '), failedTo }
    : { state: 'sent', reason: '', failedTo };
}

/** SMS and e-mail of a committed alert, each sent by the one process that claimed it; the outcome written back. */
async function sendChannels(deps: Deps, alert: Raised): Promise<void> {
  if (alert.sms && (await claimChannel(deps, alert.tenantId, alert.deliveryId, 'sms'))) {
    const outcome = await sendSms(deps, alert.tenantId, alert.actorId, alert.sms);
    await recordChannel(deps, alert.tenantId, alert.deliveryId, 'sms', outcome);
  }
  if (alert.email && (await claimChannel(deps, alert.tenantId, alert.deliveryId, 'email'))) {
    const outcome = await sendEmails(deps, alert.tenantId, {
      to: alert.email.to,
      subject: alert.title,
      text: alert.content,
    });
    await recordChannel(deps, alert.tenantId, alert.deliveryId, 'email', outcome);
  }
}

/** The active users of a company: a certificate alert's SMS and e-mail recipients. */
async function companyContacts(db: Db, tenantId: string, companyId: string | null) {
  if (!companyId) return { phones: [], emails: [] };
  const customers = await withTenant(db, tenantId, (trx) =>
    trx
      .selectFrom('blade_user')
      .select(['phone', 'email'])
      .where('tenant_id', '=', tenantId)
      .where('company_id', '=', companyId)
      .where('is_deleted', '=', 0)
      .where('status', '=', 1)
      .execute(),
  );
  return {
    phones: [...new Set(customers.map((u) => u.phone).filter((p) => /^1\d{10}$/.test(p)))],
    emails: [...new Set(customers.map((u) => u.email).filter((e) => e.includes('@')))],
  };
}

/**
 * Sends a failed SMS or e-mail of a delivery again (the log's retry), through the provider configured now, to the
 * targets whose last try failed (a row from before targets were kept: the certificate company's users now). The
 * channel is claimed first (failed → sending), so two retries at once send it once and the second is refused; the
 * new outcome is written back, sent only when the provider accepted every target. Nothing but `failed` is retried:
 * a sent channel would reach its recipients twice, a pending one is the scheduler's.
 */
export async function retryDelivery(
  deps: Deps,
  auth: { tenantId: string; userId: string },
  input: { id: string; channel: Channel },
): Promise<{ id: string; channel: Channel; state: 'sent' | 'failed'; reason: string }> {
  const { tenantId } = auth;
  const row = await withTenant(deps.db, tenantId, (trx) =>
    trx
      .selectFrom('business_alert_delivery as d')
      .leftJoin('business_certificate as c', (j) =>
        j.onRef('c.id', '=', 'd.subject_id').on('d.alert_kind', '!=', 'node'),
      )
      .selectAll('d')
      .select(['c.company_id', 'c.cert_number', 'c.product_name', 'c.valid_to'])
      .where('d.tenant_id', '=', tenantId)
      .where('d.id', '=', input.id)
      .executeTakeFirst(),
  );
  if (!row) throw new NotFoundError();
  const state = input.channel === 'sms' ? row.sms_state : row.email_state;
  if (state !== 'failed' || !(await claimChannel(deps, tenantId, row.id, input.channel, 'failed')))
    throw new KeyedError('alerts.delivery.notFailed');
  let outcome: ChannelOutcome;
  try {
    const kept = splitTargets(
      input.channel === 'sms' ? row.sms_failed_to || row.sms_to : row.email_failed_to || row.email_to,
    );
    const contacts = kept.length ? undefined : await companyContacts(deps.db, tenantId, row.company_id);
    if (input.channel === 'sms') {
      const today = localDay(new Date());
      outcome = await sendSms(deps, tenantId, auth.userId, {
        phones: kept.length ? kept : contacts!.phones,
        params: {
          certNumber: row.cert_number ?? '',
          productName: row.product_name ?? '',
          validTo: row.valid_to ?? '',
          days: row.valid_to
            ? String(Math.round((Date.parse(row.valid_to) - Date.parse(today)) / DAY_MS))
            : '',
        },
      });
    } else
      outcome = await sendEmails(deps, tenantId, {
        to: kept.length ? kept : contacts!.emails,
        subject: row.title,
        text: row.content,
      });
  } catch (err) {
    // Whatever went wrong before an outcome, the channel must not stay `sending` (nothing would ever retry it).
    outcome = { state: 'failed', reason: reasonOf(err), failedTo: [] };
  }
  await recordChannel(deps, tenantId, row.id, input.channel, outcome);
  return { id: String(row.id), channel: input.channel, state: outcome.state, reason: outcome.reason };
}

/**
 * Channels left pending by a pass that stopped between its commit and its sends (a restart): taken up by a later
 * pass, to the targets kept on the row (a row from before they were kept: the certificate company's users now).
 */
async function retryPending(deps: Deps): Promise<void> {
  const tenants = await deps.db
    .selectFrom('blade_tenant')
    .select('tenant_id')
    .where('is_deleted', '=', 0)
    .execute();
  for (const { tenant_id: tenantId } of tenants) {
    const pending = await withTenant(deps.db, tenantId, (trx) =>
      trx
        .selectFrom('business_alert_delivery as d')
        .innerJoin('business_certificate as c', 'c.id', 'd.subject_id')
        .select([
          'd.id',
          'd.title',
          'd.content',
          'd.sms_state',
          'd.email_state',
          'd.sms_to',
          'd.email_to',
          'c.company_id',
          'c.cert_number',
          'c.product_name',
          'c.valid_to',
        ])
        .where('d.tenant_id', '=', tenantId)
        .where('d.alert_kind', '=', 'cert')
        .where((eb) => eb.or([eb('d.sms_state', '=', 'pending'), eb('d.email_state', '=', 'pending')]))
        .where(sql<boolean>`d.create_time < now() - interval '5 minutes'`)
        .execute(),
    );
    for (const row of pending) {
      const contacts = await companyContacts(deps.db, tenantId, row.company_id);
      const phones = row.sms_to ? splitTargets(row.sms_to) : contacts.phones;
      const emails = row.email_to ? splitTargets(row.email_to) : contacts.emails;
      await sendChannels(deps, {
        tenantId,
        deliveryId: row.id,
        actorId: '0',
        title: row.title,
        content: row.content,
        sms:
          row.sms_state === 'pending' && phones.length
            ? {
                phones,
                params: {
                  certNumber: row.cert_number,
                  productName: row.product_name,
                  validTo: row.valid_to,
                  days: '',
                },
              }
            : undefined,
        email: row.email_state === 'pending' && emails.length ? { to: emails } : undefined,
      });
    }
  }
}
