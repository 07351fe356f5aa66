import { Hono } from 'hono';
import { sql, type Transaction } from 'kysely';
import {
  complaintDetail,
  complaintHandlers,
  complaintListInput,
  complaintRemove,
  complaintSave,
  complaintTransit,
  QUALITY_PAGE_CODES,
  surveyItemsList,
  surveyListInput,
  surveySave,
} from '../../../lib/contracts/quality/quality';
import { QUALITY_CODES } from '../../../lib/contracts/quality/machine';
import type { AuthUser, BladeEnv, Deps } from '../../core/context';
import { readParams } from '../../core/crud';
import { ok } from '../../core/envelope';
import { ForbiddenError } from '../../core/errors';
import { pageRequest, toPage, contains } from '../../core/page';
import { withTenant } from '../../db/tenant';
import { callerCodes } from '../application/flow';
import {
  applyComplaintStep,
  complaintHistory,
  complaintVOs,
  handlerCandidates,
  removeComplaints,
  saveComplaint,
  visibleComplaint,
  type QualityCaller,
} from './complaint';
import { answerSurvey, surveyAverages, surveyItems, surveyVOs } from './survey';
import type { Database } from '../../db/schema';
import { callerCompany } from '../../core/company';

type Trx = Transaction<Database>;

/**
 * The caller, after checking they may read: a customer with the customer page or its button, staff with the staff
 * page. `holds` comes from callerCodes, read before the transaction (PGlite has one connection).
 */
async function reader(
  trx: Trx,
  auth: AuthUser,
  holds: (code: string) => boolean,
  customerCodes: readonly string[],
  staffCode: string,
): Promise<QualityCaller> {
  const companyId = await callerCompany(trx, auth);
  const allowed = companyId === null ? holds(staffCode) : customerCodes.some(holds);
  if (!allowed) throw new ForbiddenError();
  return { auth, companyId, holds };
}

const complaintReader = (trx: Trx, auth: AuthUser, holds: (code: string) => boolean) =>
  reader(
    trx,
    auth,
    holds,
    [QUALITY_PAGE_CODES.myComplaint, QUALITY_CODES.apply],
    QUALITY_PAGE_CODES.complaint,
  );
const surveyReader = (trx: Trx, auth: AuthUser, holds: (code: string) => boolean) =>
  reader(trx, auth, holds, [QUALITY_PAGE_CODES.mySurvey], QUALITY_PAGE_CODES.survey);

/** Complaints and surveys (lib/contracts/quality): every call checks codes and company, then the body, then works. */
export function qualityRoutes(deps: Deps): Hono<BladeEnv> {
  const router = new Hono<BladeEnv>();

  router.get('/blade-customer/complaint/selectComplaintList', async (c) => {
    const auth = c.get('auth');
    const holds = await callerCodes(deps, auth);
    const data = await withTenant(deps.db, auth.tenantId, async (trx) => {
      const caller = await complaintReader(trx, auth, holds);
      const input = complaintListInput.parse(c.req.query());
      const page = pageRequest(input);
      let q = trx
        .selectFrom('business_complaint')
        .where('tenant_id', '=', auth.tenantId)
        .where('is_deleted', '=', 0);
      if (caller.companyId !== null) q = q.where('company_id', '=', caller.companyId);
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
      const total = await q.select(sql<string>`count(*)`.as('n')).executeTakeFirstOrThrow();
      const rows = await q.selectAll().orderBy('id', 'desc').limit(page.size).offset(page.offset).execute();
      return toPage(await complaintVOs(trx, auth.tenantId, rows), Number(total.n), page);
    });
    return c.json(ok(data));
  });

  router.get(complaintDetail.call.path, async (c) => {
    const auth = c.get('auth');
    const holds = await callerCodes(deps, auth);
    const data = await withTenant(deps.db, auth.tenantId, async (trx) => {
      const caller = await complaintReader(trx, auth, holds);
      const { id } = complaintDetail.input.parse(c.req.query());
      const row = await visibleComplaint(trx, caller, id);
      const [vo] = await complaintVOs(trx, auth.tenantId, [row]);
      return { ...vo, history: await complaintHistory(trx, auth.tenantId, id) };
    });
    return c.json(ok(data));
  });

  router.get(complaintHandlers.call.path, async (c) => {
    const auth = c.get('auth');
    const holds = await callerCodes(deps, auth);
    if (!holds(QUALITY_CODES.assign)) throw new ForbiddenError();
    const data = await withTenant(deps.db, auth.tenantId, async (trx) => {
      const caller = await complaintReader(trx, auth, holds);
      if (caller.companyId !== null) throw new ForbiddenError();
      const { id } = complaintHandlers.input.parse(c.req.query());
      return handlerCandidates(trx, await visibleComplaint(trx, caller, id));
    });
    return c.json(ok(data));
  });

  router.post(complaintSave.call.path, async (c) => {
    const auth = c.get('auth');
    const holds = await callerCodes(deps, auth);
    if (!holds(QUALITY_CODES.apply)) throw new ForbiddenError();
    const input = complaintSave.input.parse(await readParams(c, complaintSave.call));
    const data = await withTenant(deps.db, auth.tenantId, async (trx) => {
      const caller = await complaintReader(trx, auth, holds);
      if (caller.companyId === null) throw new ForbiddenError();
      const row = await saveComplaint(trx, caller, input);
      return (await complaintVOs(trx, auth.tenantId, [row]))[0];
    });
    return c.json(ok(data));
  });

  router.post(complaintRemove.call.path, async (c) => {
    const auth = c.get('auth');
    const holds = await callerCodes(deps, auth);
    if (!holds(QUALITY_CODES.apply)) throw new ForbiddenError();
    const input = complaintRemove.input.parse(await readParams(c, complaintRemove.call));
    await withTenant(deps.db, auth.tenantId, async (trx) => {
      const caller = await complaintReader(trx, auth, holds);
      if (caller.companyId === null) throw new ForbiddenError();
      await removeComplaints(trx, caller, input.ids);
    });
    return c.json(ok({}));
  });

  router.post(complaintTransit.call.path, async (c) => {
    const auth = c.get('auth');
    const holds = await callerCodes(deps, auth);
    const input = complaintTransit.input.parse(await readParams(c, complaintTransit.call));
    const data = await withTenant(deps.db, auth.tenantId, async (trx) => {
      const caller = await complaintReader(trx, auth, holds);
      const { after } = await applyComplaintStep(trx, caller, input);
      const [vo] = await complaintVOs(trx, auth.tenantId, [after]);
      return { ...vo, history: await complaintHistory(trx, auth.tenantId, String(after.id)) };
    });
    return c.json(ok(data));
  });

  router.get(surveyItemsList.call.path, async (c) => {
    const auth = c.get('auth');
    const holds = await callerCodes(deps, auth);
    const data = await withTenant(deps.db, auth.tenantId, async (trx) => {
      await surveyReader(trx, auth, holds);
      return surveyItems(trx, auth.tenantId);
    });
    return c.json(ok(data));
  });

  router.get('/blade-customer/satisfactionSurvey/selectSatisfactionSurveyList', async (c) => {
    const auth = c.get('auth');
    const holds = await callerCodes(deps, auth);
    const data = await withTenant(deps.db, auth.tenantId, async (trx) => {
      const caller = await surveyReader(trx, auth, holds);
      const input = surveyListInput.parse(c.req.query());
      const page = pageRequest(input);
      let q = trx
        .selectFrom('business_satisfaction_survey')
        .where('tenant_id', '=', auth.tenantId)
        .where('is_deleted', '=', 0);
      if (caller.companyId !== null) q = q.where('company_id', '=', caller.companyId);
      if (input.surveyState) q = q.where('survey_state', '=', input.surveyState);
      const total = await q.select(sql<string>`count(*)`.as('n')).executeTakeFirstOrThrow();
      const rows = await q.selectAll().orderBy('id', 'desc').limit(page.size).offset(page.offset).execute();
      const result = toPage(await surveyVOs(trx, auth.tenantId, rows), Number(total.n), page);
      // Staff see the averages of every answered survey; a customer only their own rows.
      return caller.companyId === null
        ? { ...result, averages: await surveyAverages(trx, auth.tenantId) }
        : result;
    });
    return c.json(ok(data));
  });

  router.post(surveySave.call.path, async (c) => {
    const auth = c.get('auth');
    const holds = await callerCodes(deps, auth);
    const input = surveySave.input.parse(await readParams(c, surveySave.call));
    const data = await withTenant(deps.db, auth.tenantId, async (trx) => {
      const caller = await surveyReader(trx, auth, holds);
      if (caller.companyId === null) throw new ForbiddenError();
      const row = await answerSurvey(trx, caller, input);
      return (await surveyVOs(trx, auth.tenantId, [row]))[0];
    });
    return c.json(ok(data));
  });

  return router;
}
