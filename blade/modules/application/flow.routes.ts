import { Hono } from 'hono';
import { sql, type Transaction } from 'kysely';
import {
  applicationTransit,
  flowTimeline,
  ifSampleSentAction,
  sampleSentAction,
  STAFF_PAGES,
} from '../../../lib/contracts/application/staff';
import type { AuthUser, BladeEnv, Deps } from '../../core/context';
import { KeyedError } from '../../core/crud';
import { readParams } from '../../core/input';
import { formatDateTime } from '../../core/dates';
import { ok } from '../../core/envelope';
import { ForbiddenError } from '../../core/errors';
import { withTenant } from '../../db/tenant';
import { applyStepData, assertVisible, callerCodes, transitionCaller } from './flow';
import { applicationVO } from './apply.repository';
import { applyTransition, HISTORY_RESOURCE } from './transition';
import type { Database } from '../../db/schema';
import { callerCompany } from '../../core/company';

/** Staff read a case (timeline, samples, checks) with any business page's code; customers their company's. */
export const CASE_READ_CODES = STAFF_PAGES.filter((p) => p.menu?.code !== 'certificate').map(
  (p) => p.menu!.code,
);

/**
 * The company of a customer caller, or null after checking that a staff caller may read cases. `holds` comes from
 * callerCodes, read before the transaction.
 */
export async function caseReader(
  trx: Transaction<Database>,
  auth: AuthUser,
  holds: (code: string) => boolean,
) {
  const companyId = await callerCompany(trx, auth);
  if (companyId === null && !CASE_READ_CODES.some(holds)) throw new ForbiddenError();
  return companyId;
}

/**
 * The transition call, the customer's sample dispatch and its query, and the case's timeline. Every step goes through
 * applyTransition (one transaction: lock, checks, state, history, messages) and then the step's data (flow.ts).
 */
export function flowRoutes(deps: Deps): Hono<BladeEnv> {
  const router = new Hono<BladeEnv>();

  router.post(applicationTransit.call.path, async (c) => {
    const auth = c.get('auth');
    const input = applicationTransit.input.parse(await readParams(c));
    // These steps carry data of their own calls: a factory check's record, the courier number.
    if (input.action === 'inspectPass' || input.action === 'inspectNc')
      throw new KeyedError('application.flow.useFactoryCheck');
    if (input.action === 'sampleSent') throw new KeyedError('application.flow.useSampleSent');
    const holds = await callerCodes(deps, auth);
    const data = await withTenant(deps.db, auth.tenantId, async (trx) => {
      const caller = await transitionCaller(trx, auth, holds);
      if (caller.companyId === null) await assertVisible(trx, auth, null, input.id);
      const result = await applyTransition(trx, caller, {
        id: input.id,
        name: input.action,
        reason: input.reason,
      });
      const after = await applyStepData(trx, auth, result, input);
      return applicationVO(trx, auth.tenantId, after);
    });
    return c.json(ok(data));
  });

  router.post(sampleSentAction.call.path, async (c) => {
    const auth = c.get('auth');
    const input = sampleSentAction.input.parse(await readParams(c));
    const holds = await callerCodes(deps, auth);
    const data = await withTenant(deps.db, auth.tenantId, async (trx) => {
      const caller = await transitionCaller(trx, auth, holds);
      await applyTransition(trx, caller, { id: input.id, name: 'sampleSent' });
      const after = await trx
        .updateTable('business_application')
        .set({ sample_sent: 1, sample_courier_no: input.courierNo, sample_sent_at: sql`now()` })
        .where('id', '=', input.id)
        .returningAll()
        .executeTakeFirstOrThrow();
      return applicationVO(trx, auth.tenantId, after);
    });
    return c.json(ok(data));
  });

  router.post(ifSampleSentAction.call.path, async (c) => {
    const auth = c.get('auth');
    const input = ifSampleSentAction.input.parse(await readParams(c));
    const holds = await callerCodes(deps, auth);
    const data = await withTenant(deps.db, auth.tenantId, async (trx) => {
      await assertVisible(trx, auth, await caseReader(trx, auth, holds), input.id);
      const row = await trx
        .selectFrom('business_application')
        .select(['sample_sent', 'sample_courier_no', 'sample_sent_at', 'samples_received_at'])
        .where('id', '=', input.id)
        .executeTakeFirstOrThrow();
      return {
        sampleSent: Number(row.sample_sent),
        courierNo: row.sample_courier_no,
        sentAt: formatDateTime(row.sample_sent_at),
        receivedAt: formatDateTime(row.samples_received_at),
      };
    });
    return c.json(ok(data));
  });

  router.get(flowTimeline.call.path, async (c) => {
    const auth = c.get('auth');
    const input = flowTimeline.input.parse(await readParams(c));
    const holds = await callerCodes(deps, auth);
    const data = await withTenant(deps.db, auth.tenantId, async (trx) => {
      await assertVisible(trx, auth, await caseReader(trx, auth, holds), input.businessId);
      const rows = await trx
        .selectFrom('blade_status_history as h')
        .leftJoin('blade_user as u', (j) =>
          j.onRef('u.id', '=', 'h.user_id').on('u.tenant_id', '=', auth.tenantId),
        )
        .select([
          'h.id',
          'h.action',
          'h.from_value',
          'h.to_value',
          'h.comment',
          'h.user_id',
          'h.create_time',
          'u.real_name',
        ])
        .where('h.tenant_id', '=', auth.tenantId)
        .where('h.resource', '=', HISTORY_RESOURCE)
        .where('h.record_id', '=', input.businessId)
        .orderBy('h.create_time')
        .orderBy('h.id')
        .execute();
      return rows.map((r) => ({
        id: String(r.id),
        action: r.action,
        fromState: r.from_value,
        toState: r.to_value,
        comment: r.comment,
        userId: String(r.user_id),
        userName: r.real_name ?? '',
        createTime: formatDateTime(r.create_time),
      }));
    });
    return c.json(ok(data));
  });

  return router;
}
