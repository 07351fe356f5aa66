import { Hono } from 'hono';
import { sql } from 'kysely';
import {
  complaintDetail,
  complaintHandlers,
  complaintList,
  complaintRemove,
  complaintSave,
  complaintTransit,
  surveyItemsList,
  surveyList,
  surveySave,
} from '../../../lib/contracts/quality/quality';
import { actionRouter, sideCaller } from '../../core/action';
import type { BladeEnv, Deps } from '../../core/context';
import { contains, fetchPage, pageRequest, toPage, type SortOrder } from '../../core/page';
import {
  applyComplaintStep,
  complaintHistory,
  complaintVOs,
  handlerCandidates,
  removeComplaints,
  saveComplaint,
  visibleComplaint,
} from './complaint';
import { answerSurvey, surveyAverages, surveyItems, surveyVOs } from './survey';

/** Both lists show the newest case or survey first and offer no other order. */
const NEWEST_FIRST: SortOrder[] = [{ column: 'id', direction: 'desc' }];

/** Complaints and surveys (lib/contracts/quality): each call's side and codes are its action definition's. */
export function qualityRoutes(deps: Deps): Hono<BladeEnv> {
  const { router, serve } = actionRouter(deps);

  serve(complaintList, async ({ trx, auth, input, company }) => {
    const page = pageRequest(input);
    let q = trx
      .selectFrom('business_complaint')
      .where('tenant_id', '=', auth.tenantId)
      .where('is_deleted', '=', 0);
    if (company) q = q.where('company_id', '=', company);
    if (input.caseNo) q = q.where('case_no', 'ilike', contains(input.caseNo));
    if (input.complaintState) q = q.where('complaint_state', '=', input.complaintState);
    if (input.kind) q = q.where('kind', '=', input.kind);
    if (input.overdue === '1')
      q = q.where((eb) =>
        eb.or([
          eb.and([eb('complaint_state', '=', 'received'), eb('ack_due_at', '<', sql<Date>`now()`)]),
          eb.and([
            eb('complaint_state', 'in', [
              'received',
              'acknowledged',
              'assigned',
              'investigating',
              'reopened',
            ]),
            eb('respond_due_at', '<', sql<Date>`now()`),
          ]),
        ]),
      );
    const { rows, total } = await fetchPage(q, (qb) => qb.selectAll(), page, [], NEWEST_FIRST);
    return toPage(await complaintVOs(trx, auth.tenantId, rows), total, page);
  });

  serve(complaintDetail, async (ctx) => {
    const trx = ctx.trx;
    const row = await visibleComplaint(trx, sideCaller(ctx), ctx.input.id);
    const [vo] = await complaintVOs(trx, ctx.auth.tenantId, [row]);
    return { ...vo, history: await complaintHistory(trx, ctx.auth.tenantId, ctx.input.id) };
  });

  serve(complaintHandlers, async (ctx) => {
    const trx = ctx.trx;
    return handlerCandidates(trx, await visibleComplaint(trx, sideCaller(ctx), ctx.input.id));
  });

  serve(complaintSave, async (ctx) => {
    const trx = ctx.trx;
    const row = await saveComplaint(trx, sideCaller(ctx), ctx.input);
    return (await complaintVOs(trx, ctx.auth.tenantId, [row]))[0];
  });

  serve(complaintRemove, async (ctx) => {
    await removeComplaints(ctx.trx, sideCaller(ctx), ctx.input.ids);
    return {};
  });

  serve(complaintTransit, async (ctx) => {
    const trx = ctx.trx;
    const { after } = await applyComplaintStep(trx, sideCaller(ctx), ctx.input);
    const [vo] = await complaintVOs(trx, ctx.auth.tenantId, [after]);
    return { ...vo, history: await complaintHistory(trx, ctx.auth.tenantId, String(after.id)) };
  });

  serve(surveyItemsList, ({ trx, auth }) => surveyItems(trx, auth.tenantId));

  serve(surveyList, async ({ trx, auth, input, company }) => {
    const page = pageRequest(input);
    let q = trx
      .selectFrom('business_satisfaction_survey')
      .where('tenant_id', '=', auth.tenantId)
      .where('is_deleted', '=', 0);
    if (company) q = q.where('company_id', '=', company);
    if (input.surveyState) q = q.where('survey_state', '=', input.surveyState);
    const { rows, total } = await fetchPage(q, (qb) => qb.selectAll(), page, [], NEWEST_FIRST);
    const result = toPage(await surveyVOs(trx, auth.tenantId, rows), total, page);
    // Staff see the averages of every answered survey; a customer only their own rows.
    return company ? result : { ...result, averages: await surveyAverages(trx, auth.tenantId) };
  });

  serve(surveySave, async (ctx) => {
    const trx = ctx.trx;
    const row = await answerSurvey(trx, sideCaller(ctx), ctx.input);
    return (await surveyVOs(trx, ctx.auth.tenantId, [row]))[0];
  });

  return router;
}
