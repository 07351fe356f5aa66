import { Hono } from 'hono';
import { sql } from 'kysely';
import {
  ALERT_ACTIONS,
  certConfigResource,
  COARSE_STAGES,
  coarseStageOf,
  FINE_NODES,
  parseLeadDays,
  type AlertKind,
  type ChannelState,
  type DeliveryVO,
  type NodeLimitVO,
  type TrackLevel,
  type TrackNodeVO,
  type TrackRowVO,
} from '../../../lib/contracts/alerts/alerts';
import { actionRouter, recordStatusChanges, type ActionRouter } from '../../core/action';
import type { BladeEnv, Deps } from '../../core/context';
import { type CrudHooks } from '../../core/crud';
import { KeyedError, NotFoundError } from '../../core/errors';
import { readParams } from '../../core/input';
import { ok } from '../../core/envelope';
import { permit } from '../../core/permission';
import { maskPhone } from '../sms/sms.providers';
import { formatDateTime } from '../../core/dates';
import { nextId } from '../../core/ids';
import { fetchPage, pageRequest, toPage } from '../../core/page';
import type { Trx } from '../../db/tenant';
import { reach } from '../business/rows';
import { HISTORY_RESOURCE } from '../application/transition';
import { applicationPositions, elapsedDays, retryDelivery, type Position } from './alert-scan';
import { lockLiveRow } from '../../core/lock';

const [
  deleteAction,
  statusAction,
  coarsePageAction,
  finePageAction,
  updateAction,
  coarseDetailAction,
  deliveryPageAction,
  retryAction,
] = ALERT_ACTIONS;

/**
 * The configurations' saves: lead times normalised (distinct, longest first) and at least one channel, so that an
 * enabled configuration always tells someone.
 */
export const certConfigHooks: CrudHooks = {
  ownCalls: ['remove'],
  async beforeWrite(_ctx, values) {
    const leads = parseLeadDays(String(values.lead_days ?? ''));
    if (!leads) throw new KeyedError('alerts.config.leadDaysInvalid');
    values.lead_days = leads.join(',');
    if (!Number(values.notify_portal) && !Number(values.notify_sms) && !Number(values.notify_email))
      throw new KeyedError('alerts.config.channelRequired');
  },
};

async function limitsOf(trx: Trx, tenantId: string) {
  return trx
    .selectFrom('business_alert_node_limit')
    .selectAll()
    .where('tenant_id', '=', tenantId)
    .where('is_deleted', '=', 0)
    .orderBy('track_level')
    .orderBy('node_code')
    .execute();
}

type LimitRow = Awaited<ReturnType<typeof limitsOf>>[number];
const limitVO = (row: LimitRow): NodeLimitVO => ({
  id: row.id,
  trackLevel: row.track_level as TrackLevel,
  nodeCode: row.node_code,
  limitDays: row.limit_days,
  enabled: row.enabled,
});

function trackRow(p: Position, level: TrackLevel, limits: LimitRow[], now: Date): TrackRowVO {
  const nodeCode = level === 'coarse' ? (p.stage ?? '') : p.flow_state;
  const since = level === 'coarse' ? p.stageEnteredAt : p.stateEnteredAt;
  const limit = limits.find((l) => l.enabled === 1 && l.track_level === level && l.node_code === nodeCode);
  const elapsed = elapsedDays(since, now);
  return {
    applicationId: p.id,
    applicationNo: p.application_no ?? '',
    productName: p.product_name,
    flowState: p.flow_state,
    nodeCode,
    enteredAt: formatDateTime(since),
    elapsedDays: elapsed,
    limitDays: limit?.limit_days ?? 0,
    overdue: limit !== undefined && elapsed > limit.limit_days,
  };
}

/** The calls of the certificate configurations beyond the CRUD ones and of the node-progress tracks. */
export function alertRoutes(deps: Deps): Hono<BladeEnv> {
  const routes = actionRouter(deps);
  const { router, serve } = routes;

  serve(deleteAction, async ({ trx, auth, input }) => {
    await reach(trx, certConfigResource, auth, input.id);
    await trx
      .updateTable('business_alert_cert_config')
      .set({ is_deleted: 1, update_user: auth.userId, update_time: sql`now()` })
      .where('tenant_id', '=', auth.tenantId)
      .where('id', '=', input.id)
      .execute();
    return null;
  });

  // A toggle (the spec's call carries only the id): locked, flipped and recorded like a transition.
  serve(statusAction, async ({ trx, auth, input }) => {
    await reach(trx, certConfigResource, auth, input.id);
    const row = await lockLiveRow(trx, 'business_alert_cert_config', auth.tenantId, input.id);
    const enabled = row.enabled === 1 ? 0 : 1;
    await trx
      .updateTable('business_alert_cert_config')
      .set({ enabled, update_user: auth.userId, update_time: sql`now()` })
      .where('id', '=', row.id)
      .execute();
    await recordStatusChanges(trx, auth, [
      {
        resource: 'business_alert_cert_config',
        recordId: row.id,
        action: 'updateCertConfigStatus',
        field: 'enabled',
        from: String(row.enabled),
        to: String(enabled),
      },
    ]);
    return { id: row.id, enabled };
  });

  for (const [action, level] of [
    [coarsePageAction, 'coarse'],
    [finePageAction, 'fine'],
  ] as const)
    serve(action, async ({ trx, auth, input }) => {
      const page = pageRequest(input);
      const now = new Date();
      const limits = await limitsOf(trx, auth.tenantId);
      let rows = (await applicationPositions(trx, auth.tenantId)).map((p) => trackRow(p, level, limits, now));
      if (input.productName) rows = rows.filter((r) => r.productName.includes(input.productName!));
      if (input.overdue === '1') rows = rows.filter((r) => r.overdue);
      if (input.overdue === '0') rows = rows.filter((r) => !r.overdue);
      // Longest waits first: the page is a work list.
      rows.sort((a, b) => b.elapsedDays - a.elapsedDays || a.applicationId.localeCompare(b.applicationId));
      const start = (page.current - 1) * page.size;
      return {
        ...toPage(rows.slice(start, start + page.size), rows.length, page),
        limits: limits.filter((l) => l.track_level === level).map(limitVO),
        nodes: level === 'coarse' ? COARSE_STAGES.map((s) => s.code) : FINE_NODES,
      };
    });

  serve(updateAction, async ({ trx, auth, input }) => {
    const known: readonly string[] =
      input.trackLevel === 'coarse' ? COARSE_STAGES.map((s) => s.code) : FINE_NODES;
    if (!known.includes(input.nodeCode)) throw new KeyedError('alerts.track.nodeUnknown');
    const existing = await trx
      .selectFrom('business_alert_node_limit')
      .select('id')
      .where('tenant_id', '=', auth.tenantId)
      .where('track_level', '=', input.trackLevel)
      .where('node_code', '=', input.nodeCode)
      .where('is_deleted', '=', 0)
      .forUpdate()
      .executeTakeFirst();
    const row = existing
      ? await trx
          .updateTable('business_alert_node_limit')
          .set({
            limit_days: input.limitDays,
            enabled: input.enabled,
            update_user: auth.userId,
            update_time: sql`now()`,
          })
          .where('id', '=', existing.id)
          .returningAll()
          .executeTakeFirstOrThrow()
      : await trx
          .insertInto('business_alert_node_limit')
          .values({
            id: nextId(),
            tenant_id: auth.tenantId,
            track_level: input.trackLevel,
            node_code: input.nodeCode,
            limit_days: input.limitDays,
            enabled: input.enabled,
            create_user: auth.userId,
            update_user: auth.userId,
          })
          // Two first saves of one node at once: the partial unique index lets one in, the other becomes an update.
          .onConflict((oc) =>
            oc.columns(['tenant_id', 'track_level', 'node_code']).where('is_deleted', '=', 0).doUpdateSet({
              limit_days: input.limitDays,
              enabled: input.enabled,
              update_user: auth.userId,
            }),
          )
          .returningAll()
          .executeTakeFirstOrThrow();
    return limitVO(row);
  });

  serve(coarseDetailAction, async ({ trx, auth, input }) => {
    const application = await trx
      .selectFrom('business_application')
      .select(['id', 'application_no', 'product_name', 'flow_state', 'submitted_at'])
      .where('tenant_id', '=', auth.tenantId)
      .where('id', '=', input.id)
      .where('is_deleted', '=', 0)
      .executeTakeFirst();
    if (!application) throw new NotFoundError();
    const steps = await trx
      .selectFrom('blade_status_history')
      .select(['from_value', 'to_value', 'create_time'])
      .where('tenant_id', '=', auth.tenantId)
      .where('resource', '=', HISTORY_RESOURCE)
      .where('record_id', '=', input.id)
      .where('field', '=', 'flow_state')
      .orderBy('create_time')
      .orderBy('id')
      .execute();
    const limits = await limitsOf(trx, auth.tenantId);
    const now = new Date();
    // The coarse stages in the order the application went through them (a stage entered again is a new row).
    const nodes: TrackNodeVO[] = [];
    let open: { code: string; since: Date } | undefined;
    const close = (at: Date | undefined) => {
      if (!open) return;
      const limit = limits.find(
        (l) => l.enabled === 1 && l.track_level === 'coarse' && l.node_code === open!.code,
      );
      const elapsed = elapsedDays(open.since, at ?? now);
      nodes.push({
        nodeCode: open.code,
        enteredAt: formatDateTime(open.since),
        leftAt: at ? formatDateTime(at) : '',
        elapsedDays: elapsed,
        limitDays: limit?.limit_days ?? 0,
        overdue: limit !== undefined && elapsed > limit.limit_days,
      });
      open = undefined;
    };
    for (const step of steps) {
      const stage = coarseStageOf(step.to_value);
      if (open && stage === open.code) continue;
      const at = new Date(step.create_time);
      close(at);
      if (stage) open = { code: stage, since: at };
    }
    close(undefined);
    return {
      applicationId: application.id,
      applicationNo: application.application_no ?? '',
      productName: application.product_name,
      flowState: application.flow_state,
      nodes,
    };
  });

  deliveryRoutes(deps, routes);
  return router;
}

/** `yyyy-MM-dd` bounds in the server's time zone: from the first day's 00:00:00 through the last day's 23:59:59. */
function dayBounds(start?: string, end?: string) {
  return {
    from: start ? new Date(`${start}T00:00:00`) : undefined,
    to: end ? new Date(new Date(`${end}T23:59:59`).getTime() + 1000) : undefined,
  };
}

const maskTargets = (text: string, channel: 'sms' | 'email') =>
  text
    .split(',')
    .filter((t) => t !== '')
    .map((t) => (channel === 'sms' ? maskPhone(t) : t))
    .join('、');

/** The delivery log (提醒记录) and its retry. */
function deliveryRoutes(deps: Deps, { router, serve }: ActionRouter) {
  serve(deliveryPageAction, async ({ trx, auth, input }) => {
    const page = pageRequest(input);
    const { from, to } = dayBounds(input.createTimeStart ?? undefined, input.createTimeEnd ?? undefined);
    const states = (outcome: string) => (outcome === 'pending' ? ['pending', 'sending'] : [outcome]);
    let q = trx
      .selectFrom('business_alert_delivery as d')
      .leftJoin('business_certificate as c', (j) =>
        j
          .onRef('c.id', '=', 'd.subject_id')
          .onRef('c.tenant_id', '=', 'd.tenant_id')
          .on('d.alert_kind', '!=', 'node'),
      )
      .leftJoin('business_application as a', (j) =>
        j
          .on(
            'a.id',
            '=',
            sql<string>`case when d.alert_kind = 'node' then d.subject_id else c.application_id end`,
          )
          .onRef('a.tenant_id', '=', 'd.tenant_id'),
      )
      .leftJoin('blade_customer_company as co', (j) =>
        j
          .on('co.id', '=', sql<string>`coalesce(c.company_id, a.company_id)`)
          .onRef('co.tenant_id', '=', 'd.tenant_id'),
      )
      .leftJoin('blade_user as u', (j) =>
        j.onRef('u.id', '=', 'a.engineer_id').onRef('u.tenant_id', '=', 'd.tenant_id'),
      )
      .where('d.tenant_id', '=', auth.tenantId);
    if (input.alertKind) q = q.where('d.alert_kind', '=', input.alertKind);
    if (from) q = q.where('d.create_time', '>=', from);
    if (to) q = q.where('d.create_time', '<', to);
    const { channel, outcome } = input;
    if (channel || outcome)
      q = q.where((eb) => {
        const portal = outcome
          ? outcome === 'sent'
            ? eb('d.portal_count', '>', 0)
            : eb.val(false)
          : eb('d.portal_count', '>', 0);
        const sms = outcome ? eb('d.sms_state', 'in', states(outcome)) : eb('d.sms_state', '!=', 'skipped');
        const email = outcome
          ? eb('d.email_state', 'in', states(outcome))
          : eb('d.email_state', '!=', 'skipped');
        if (channel === 'portal') return portal;
        if (channel === 'sms') return sms;
        if (channel === 'email') return email;
        return eb.or([portal, sms, email]);
      });
    const { rows, total } = await fetchPage(
      q,
      (qb) =>
        qb
          .selectAll('d')
          .select([
            'c.cert_number',
            'a.application_no',
            sql<string>`coalesce(c.product_name, a.product_name, '')`.as('product_name'),
            'co.company_name',
            'u.real_name as engineer_name',
          ]),
      page,
      [],
      [
        { column: 'd.create_time', direction: 'desc' },
        { column: 'd.id', direction: 'desc' },
      ],
    );
    const records: DeliveryVO[] = rows.map((r) => ({
      id: String(r.id),
      alertKind: r.alert_kind as AlertKind,
      title: r.title,
      content: r.content,
      subjectId: String(r.subject_id),
      certNumber: r.cert_number ?? '',
      applicationNo: r.application_no ?? '',
      productName: r.product_name,
      companyName: r.company_name ?? '',
      engineerName: r.engineer_name ?? '',
      portalCount: r.portal_count,
      smsState: r.sms_state as ChannelState,
      smsReason: r.sms_reason,
      smsTo: maskTargets(r.sms_to, 'sms'),
      emailState: r.email_state as ChannelState,
      emailReason: r.email_reason,
      emailTo: maskTargets(r.email_to, 'email'),
      createTime: formatDateTime(r.create_time),
      updateTime: formatDateTime(r.update_time),
    }));
    return toPage(records, total, page);
  });

  // Not an actionRoute: the provider is called outside any transaction (on PGlite an open one would hold the only
  // connection the send's own log needs), so the claim, the send and the outcome are three steps (retryDelivery).
  router.on(retryAction.call.method, retryAction.call.path, permit(deps, retryAction.access), async (c) => {
    const auth = c.get('auth');
    const input = retryAction.input.parse(await readParams(c));
    return c.json(ok(await retryDelivery(deps, auth, input)));
  });
}
