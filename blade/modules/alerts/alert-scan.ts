import { sql } from 'kysely';
import {
  coarseStageOf,
  FINE_NODES,
  parseLeadDays,
  type TrackLevel,
} from '../../../lib/contracts/alerts/alerts';
import { localDay } from '../../../lib/contracts/equipment/status';
import type { Deps } from '../../core/context';
import { formatDateTime } from '../../core/dates';
import { ServiceError } from '../../core/errors';
import { nextId } from '../../core/ids';
import { withTenant, type Db } from '../../db/tenant';
import { MESSAGE_CATEGORY, sendMessage, tenantAdminIds } from '../message/message.repository';
import { smsSender } from '../sms/sms.deliver';
import { maskPhone } from '../sms/sms.providers';
import { sendMail } from '../verify/mail-config.resource';
import { HISTORY_RESOURCE } from '../application/transition';

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

export async function runAlertScan(deps: Deps, now: Date = new Date()): Promise<ScanResult> {
  const tenants = await deps.db
    .selectFrom('blade_tenant')
    .select('tenant_id')
    .where('is_deleted', '=', 0)
    .execute();
  let raised = 0;
  for (const { tenant_id: tenantId } of tenants) {
    const alerts = [
      ...(await certAlerts(deps.db, tenantId, now)),
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
    kind: 'cert' | 'node';
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
        const recipients = p.engineer_id ? [p.engineer_id] : admins;
        const portalCount = await sendMessage(trx, tenantId, {
          userIds: recipients,
          category: MESSAGE_CATEGORY.notice,
          title,
          content,
          sender: SENDER,
        });
        await trx
          .updateTable('business_alert_delivery')
          .set({
            portal_count: portalCount,
            sms_reason: '节点提醒仅发站内消息',
            email_reason: '节点提醒仅发站内消息',
          })
          .where('id', '=', deliveryId)
          .execute();
        raised.push({ tenantId, deliveryId, actorId: limit.create_user ?? '0', title, content });
      }
    }
    return raised;
  });
}

/** Takes a channel of a delivery for this process (pending → sending); false when another pass has it. */
async function claimChannel(deps: Deps, tenantId: string, deliveryId: string, channel: 'sms' | 'email') {
  const column = channel === 'sms' ? 'sms_state' : 'email_state';
  const claimed = await withTenant(deps.db, tenantId, (trx) =>
    trx
      .updateTable('business_alert_delivery')
      .set({ [column]: 'sending', update_time: sql`now()` })
      .where('id', '=', deliveryId)
      .where(column, '=', 'pending')
      .returning('id')
      .executeTakeFirst(),
  );
  return claimed !== undefined;
}

async function recordChannel(
  deps: Deps,
  tenantId: string,
  deliveryId: string,
  channel: 'sms' | 'email',
  outcome: { state: 'sent' | 'failed'; reason: string },
) {
  const values =
    channel === 'sms'
      ? { sms_state: outcome.state, sms_reason: outcome.reason.slice(0, 500) }
      : { email_state: outcome.state, email_reason: outcome.reason.slice(0, 500) };
  await withTenant(deps.db, tenantId, (trx) =>
    trx
      .updateTable('business_alert_delivery')
      .set({ ...values, update_time: sql`now()` })
      .where('id', '=', deliveryId)
      .execute(),
  );
}

const reasonOf = (err: unknown) => (err instanceof ServiceError ? err.message : '发送失败');

/** SMS and e-mail of a committed alert, each sent by the one process that claimed it; the outcome written back. */
async function sendChannels(deps: Deps, alert: Raised): Promise<void> {
  if (alert.sms && (await claimChannel(deps, alert.tenantId, alert.deliveryId, 'sms'))) {
    // One text per recipient: each phone's outcome is its own (a vendor may take some numbers and refuse others).
    const send = smsSender(deps);
    const failures: string[] = [];
    for (const phone of alert.sms.phones) {
      try {
        const result = await send(
          alert.tenantId,
          { phones: [phone], params: alert.sms.params },
          alert.actorId,
        );
        // 'logged' is the development channel: nothing left the server, so it is not reported as sent.
        if (result.outcome !== 'sent')
          failures.push(`${maskPhone(phone)}: ${result.message || '短信未发送'}`);
      } catch (err) {
        failures.push(`${maskPhone(phone)}: ${reasonOf(err)}`);
      }
    }
    const outcome = failures.length
      ? { state: 'failed' as const, reason: failures.join('; ') }
      : { state: 'sent' as const, reason: '' };
    await recordChannel(deps, alert.tenantId, alert.deliveryId, 'sms', outcome);
  }
  if (alert.email && (await claimChannel(deps, alert.tenantId, alert.deliveryId, 'email'))) {
    const failures: string[] = [];
    for (const to of alert.email.to) {
      try {
        await sendMail(deps, alert.tenantId, { to, subject: alert.title, text: alert.content });
      } catch (err) {
        failures.push(`${to}: ${reasonOf(err)}`);
      }
    }
    await recordChannel(
      deps,
      alert.tenantId,
      alert.deliveryId,
      'email',
      failures.length ? { state: 'failed', reason: failures.join('; ') } : { state: 'sent', reason: '' },
    );
  }
}

/**
 * Channels left pending by a pass that stopped between its commit and its sends (a restart): taken up by a later
 * pass. The recipients are read again from the certificate's company.
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
      const customers = row.company_id
        ? await withTenant(deps.db, tenantId, (trx) =>
            trx
              .selectFrom('blade_user')
              .select(['phone', 'email'])
              .where('tenant_id', '=', tenantId)
              .where('company_id', '=', row.company_id)
              .where('is_deleted', '=', 0)
              .where('status', '=', 1)
              .execute(),
          )
        : [];
      const phones = [...new Set(customers.map((u) => u.phone).filter((p) => /^1\d{10}$/.test(p)))];
      const emails = [...new Set(customers.map((u) => u.email).filter((e) => e.includes('@')))];
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
