import { sql } from 'kysely';
import type { AuthUser } from '../../core/context';
import { KeyedError, NotFoundError } from '../../core/errors';
import type { Trx } from '../../db/tenant';
import { visibleApplications } from './apply.repository';
import { assertNotesPaid } from '../payment/payment.service';
import { issueCertificate } from './certificate';
import { assertApplicationFile } from './documents';
import { type TransitionResult } from './transition';

/**
 * Whether the caller may see the application: a customer only its company's, staff within their scope. Anything
 * else (another tenant's, deleted, another company's, outside the scope) is 404, like an id that does not exist.
 */
export async function assertVisible(trx: Trx, auth: AuthUser, companyId: string | null, id: string) {
  const row = await (
    await visibleApplications(trx, auth, companyId)
  )
    .select(['a.id', 'a.company_id'])
    .where('a.id', '=', id)
    .executeTakeFirst();
  if (!row) throw new NotFoundError();
  return row;
}

/** What the step input may carry beside the step's name (the transition call's body). */
export interface StepData {
  testConclusion?: string;
  testReportFileId?: string;
  evaluationComment?: string;
}

/**
 * What a step brings beside its state, in its transaction (a refusal here rolls the step back, history included):
 * the test conclusion of passTest, the evaluation's preconditions and comment, the sample reception time, the
 * certificate of issue.
 */
export async function applyStepData(
  trx: Trx,
  auth: AuthUser,
  result: TransitionResult,
  data: StepData,
): Promise<TransitionResult['after']> {
  const { after, transition } = result;
  const scheme = after.scheme;
  const set = (values: Record<string, unknown>) =>
    trx
      .updateTable('business_application')
      .set(values)
      .where('id', '=', after.id)
      .returningAll()
      .executeTakeFirstOrThrow();
  switch (transition.name) {
    case 'receiveSamples':
      return set({ samples_received_at: sql`now()` });
    case 'passTest': {
      const conclusion = data.testConclusion?.trim() ?? '';
      if (!conclusion) throw new KeyedError('application.flow.testConclusionRequired');
      if (data.testReportFileId)
        await assertApplicationFile(trx, auth.tenantId, after, data.testReportFileId);
      return set({
        test_conclusion: conclusion,
        ...(data.testReportFileId ? { test_report_file_id: data.testReportFileId } : {}),
      });
    }
    case 'evaluate': {
      if ((scheme === 'ccc' || scheme === 'cqst') && !after.test_conclusion.trim())
        throw new KeyedError('application.flow.testConclusionMissing');
      if (scheme === 'ccc' || scheme === 'cnex') {
        const passed = await trx
          .selectFrom('business_factory_check')
          .select('id')
          .where('tenant_id', '=', auth.tenantId)
          .where('application_id', '=', after.id)
          .where('result', '=', 'pass')
          .where('is_deleted', '=', 0)
          .executeTakeFirst();
        if (!passed) throw new KeyedError('application.flow.factoryCheckMissing');
      }
      return data.evaluationComment
        ? set({ evaluation_comment: data.evaluationComment.slice(0, 1000) })
        : after;
    }
    case 'issue':
      // A tenant may release certificates only once the application's payment notes are paid (modules/payment).
      await assertNotesPaid(trx, auth.tenantId, after.id);
      return (await issueCertificate(trx, auth, after)).application;
    default:
      return after;
  }
}
