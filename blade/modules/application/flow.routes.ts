import { Hono } from 'hono';
import { sql } from 'kysely';
import {
  applicationTransit,
  flowTimeline,
  ifSampleSentAction,
  sampleSentAction,
} from '../../../lib/contracts/application/staff';
import { actionRouter, sideCaller, statusHistory } from '../../core/action';
import type { BladeEnv, Deps } from '../../core/context';
import { formatDateTime } from '../../core/dates';
import { KeyedError } from '../../core/errors';
import { applyStepData, assertVisible } from './flow';
import { applicationVO } from './apply.repository';
import { applyTransition, HISTORY_RESOURCE } from './transition';

/**
 * The transition call, the customer's sample dispatch and its query, and the case's timeline, each a declared action
 * with its sides (lib/contracts/application/staff.ts). Every step goes through applyTransition (one transaction: lock,
 * checks, state, history, messages) and then the step's data (flow.ts).
 */
export function flowRoutes(deps: Deps): Hono<BladeEnv> {
  const { router, serve } = actionRouter(deps);

  serve(applicationTransit, async (ctx) => {
    const { trx, auth, input } = ctx;
    // These steps carry data of their own calls: a factory check's record, the courier number.
    if (input.action === 'inspectPass' || input.action === 'inspectNc')
      throw new KeyedError('application.flow.useFactoryCheck');
    if (input.action === 'sampleSent') throw new KeyedError('application.flow.useSampleSent');
    const caller = sideCaller(ctx);
    if (caller.companyId === null) await assertVisible(trx, auth, null, input.id);
    const result = await applyTransition(trx, caller, {
      id: input.id,
      name: input.action,
      reason: input.reason,
    });
    const after = await applyStepData(trx, auth, result, input);
    return applicationVO(trx, auth.tenantId, after);
  });

  serve(sampleSentAction, async (ctx) => {
    const { trx, auth, input } = ctx;
    await applyTransition(trx, sideCaller(ctx), { id: input.id, name: 'sampleSent' });
    const after = await trx
      .updateTable('business_application')
      .set({ sample_sent: 1, sample_courier_no: input.courierNo, sample_sent_at: sql`now()` })
      .where('id', '=', input.id)
      .returningAll()
      .executeTakeFirstOrThrow();
    return applicationVO(trx, auth.tenantId, after);
  });

  serve(ifSampleSentAction, async ({ trx, auth, input, company }) => {
    await assertVisible(trx, auth, company, input.id);
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

  serve(flowTimeline, async ({ trx, auth, input, company }) => {
    await assertVisible(trx, auth, company, input.businessId);
    const entries = await statusHistory(trx, auth.tenantId, HISTORY_RESOURCE, input.businessId);
    return entries.map(({ from, to, ...entry }) => ({ ...entry, fromState: from, toState: to }));
  });

  return router;
}
