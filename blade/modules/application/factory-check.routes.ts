import { Hono } from 'hono';
import { actionRouter, recordStatusChanges, sideCaller } from '../../core/action';
import { sql } from 'kysely';
import { APPLICATION_CODES } from '../../../lib/contracts/application/machine';
import { factoryCheckList, factoryCheckSave } from '../../../lib/contracts/application/staff';
import type { BladeEnv, Deps } from '../../core/context';
import { KeyedError } from '../../core/errors';
import { formatDateTime } from '../../core/dates';
import { nextId } from '../../core/ids';
import { assertApplicationFile } from './documents';
import { assertVisible } from './flow';
import { applicationVO } from './apply.repository';
import { applyTransition, HISTORY_RESOURCE, notifyStep, type ApplicationRow } from './transition';

type CheckRow = {
  id: string;
  application_id: string;
  check_date: string;
  inspector_id: string;
  result: string;
  nc_items: string;
  conclusion: string;
  report_file_id: string | null;
  create_time: Date | string;
};

const presentCheck = (r: CheckRow, inspectorName = '') => ({
  id: String(r.id),
  applicationId: String(r.application_id),
  checkDate: String(r.check_date).slice(0, 10),
  inspectorId: String(r.inspector_id),
  inspectorName,
  result: r.result,
  ncItems: r.nc_items,
  conclusion: r.conclusion,
  reportFileId: r.report_file_id === null ? '' : String(r.report_file_id),
  createTime: formatDateTime(r.create_time),
});

/**
 * Factory inspections (工厂检查; CNEx: on-site audit or assessment). A visit's result moves the application: `pass`
 * makes inspectPass (→ evaluation), `nc` makes inspectNc (→ nc_correction, the NC items are the reason the company
 * reads), `fail` records the visit and leaves the state in factory_inspection with a history row `inspectFail`: ending
 * a certification is the project engineer's step (terminate, with its reason), so the inspector does not end it; the
 * engineers (holders of `application_terminate`) and the company are told instead.
 */
export function factoryCheckRoutes(deps: Deps): Hono<BladeEnv> {
  const { router, serve } = actionRouter(deps);

  serve(factoryCheckSave, async (ctx) => {
    const { trx, auth, input } = ctx;
    const ncItems = input.ncItems ?? '';
    if (input.result === 'nc' && !ncItems) throw new KeyedError('application.flow.ncItemsRequired');
    if (input.result === 'fail' && !input.conclusion)
      throw new KeyedError('application.flow.failConclusionRequired');
    const caller = sideCaller(ctx);
    await assertVisible(trx, auth, null, input.applicationId);
    if (input.reportFileId) {
      const owner = await trx
        .selectFrom('business_application')
        .select(['id', 'scheme'])
        .where('tenant_id', '=', auth.tenantId)
        .where('id', '=', input.applicationId)
        .executeTakeFirstOrThrow();
      await assertApplicationFile(trx, auth.tenantId, owner, input.reportFileId);
    }
    let application: ApplicationRow;
    if (input.result === 'fail')
      application = await recordFailure(trx, auth, input.applicationId, input.conclusion);
    else {
      const { after } = await applyTransition(trx, caller, {
        id: input.applicationId,
        name: input.result === 'pass' ? 'inspectPass' : 'inspectNc',
        reason: input.result === 'pass' ? input.conclusion : ncItems,
      });
      application = after;
    }
    application = await trx
      .updateTable('business_application')
      .set({ inspection_conclusion: input.conclusion.slice(0, 1000) })
      .where('id', '=', application.id)
      .returningAll()
      .executeTakeFirstOrThrow();
    const check = await trx
      .insertInto('business_factory_check')
      .values({
        id: nextId(),
        tenant_id: auth.tenantId,
        application_id: input.applicationId,
        check_date: input.checkDate,
        inspector_id: auth.userId,
        result: input.result,
        nc_items: ncItems,
        conclusion: input.conclusion,
        report_file_id: input.reportFileId ?? null,
        create_user: auth.userId,
        update_user: auth.userId,
      })
      .returningAll()
      .executeTakeFirstOrThrow();
    return {
      check: presentCheck(check as CheckRow),
      application: await applicationVO(trx, auth.tenantId, application),
    };
  });

  serve(factoryCheckList, async ({ trx, auth, input, company }) => {
    await assertVisible(trx, auth, company, input.applicationId);
    const rows = await trx
      .selectFrom('business_factory_check as f')
      .leftJoin('blade_user as u', (j) =>
        j.onRef('u.id', '=', 'f.inspector_id').on('u.tenant_id', '=', auth.tenantId),
      )
      .selectAll('f')
      .select('u.real_name')
      .where('f.tenant_id', '=', auth.tenantId)
      .where('f.application_id', '=', input.applicationId)
      .where('f.is_deleted', '=', 0)
      .orderBy('f.check_date')
      .orderBy('f.id')
      .execute();
    return rows.map((r) => presentCheck(r as CheckRow, r.real_name ?? ''));
  });

  return router;
}

/** A failed visit: the state stays, the visit and a history row are written, the engineers and the company told. */
async function recordFailure(
  trx: Parameters<typeof applyTransition>[0],
  auth: Parameters<typeof notifyStep>[1],
  id: string,
  conclusion: string,
): Promise<ApplicationRow> {
  const before = await trx
    .selectFrom('business_application')
    .selectAll()
    .where('id', '=', id)
    .where('tenant_id', '=', auth.tenantId)
    .where('is_deleted', '=', 0)
    .forUpdate()
    .executeTakeFirstOrThrow();
  if (before.flow_state !== 'factory_inspection')
    throw new KeyedError('application.flow.stateChanged', { state: before.flow_state });
  const after = await trx
    .updateTable('business_application')
    .set({ inspector_id: auth.userId, update_user: auth.userId, update_time: sql`now()` })
    .where('id', '=', id)
    .returningAll()
    .executeTakeFirstOrThrow();
  await recordStatusChanges(trx, auth, [
    {
      resource: HISTORY_RESOURCE,
      recordId: id,
      action: 'inspectFail',
      field: 'flow_state',
      from: before.flow_state,
      to: before.flow_state,
      comment: conclusion,
    },
  ]);
  await notifyStep(trx, auth, after, {
    step: 'inspectFail',
    from: before.flow_state,
    reason: conclusion,
    nextCodes: [APPLICATION_CODES.terminate],
  });
  return after;
}
