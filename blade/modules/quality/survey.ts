import { sql, type Selectable } from 'kysely';
import { DEFAULT_SURVEY_ITEMS, isLowScore } from '../../../lib/contracts/quality/machine';
import type { SurveyAverages, SurveyItemVO, SurveyVO } from '../../../lib/contracts/quality/quality';
import type { AuthUser } from '../../core/context';
import { KeyedError, NotFoundError } from '../../core/errors';
import { zhText } from '../../core/refusal-keys';
import { formatDateTime } from '../../core/dates';
import { nextId } from '../../core/ids';
import type { SatisfactionSurveyTable, SurveyAnswer } from '../../db/schema';
import type { Trx } from '../../db/tenant';
import { companyUsers } from '../customer/customer.repository';
import { MESSAGE_CATEGORY, sendMessage } from '../message/message.repository';
import type { ApplicationRow } from '../application/transition';
import { openCase } from './complaint';
import type { SideCaller } from '../../core/action';
import { lockLiveRow } from '../../core/lock';

/**
 * Satisfaction surveys (DOMAIN §6, ISO 9001 9.1.2): one per issued application, answered once by its company, each of
 * the tenant's questions scored 1–5. A low answer opens a follow-up case (kind `survey_followup`) in the complaint
 * flow, where the quality role acknowledges and assigns it like any complaint.
 */

export type SurveyRow = Selectable<SatisfactionSurveyTable>;

/**
 * The tenant's questions, seeded with the default set the first time a tenant has none. The advisory lock keeps two
 * first readers from seeding twice.
 */
export async function surveyItems(trx: Trx, tenantId: string): Promise<SurveyItemVO[]> {
  const read = () =>
    trx
      .selectFrom('business_survey_item')
      .select(['id', 'title', 'sort'])
      .where('tenant_id', '=', tenantId)
      .where('is_deleted', '=', 0)
      .orderBy('sort')
      .orderBy('id')
      .execute();
  let rows = await read();
  if (rows.length === 0) {
    await sql`select pg_advisory_xact_lock(hashtext(${`survey_items:${tenantId}`}))`.execute(trx);
    rows = await read();
    if (rows.length === 0) {
      const ever = await trx
        .selectFrom('business_survey_item')
        .select('id')
        .where('tenant_id', '=', tenantId)
        .limit(1)
        .executeTakeFirst();
      // A tenant whose administrator deleted every question keeps none: only a tenant never seeded is seeded.
      if (!ever)
        await trx
          .insertInto('business_survey_item')
          .values(
            DEFAULT_SURVEY_ITEMS.map((title, i) => ({
              id: nextId(),
              tenant_id: tenantId,
              title,
              sort: i + 1,
            })),
          )
          .execute();
      rows = await read();
    }
  }
  return rows.map((r) => ({ id: String(r.id), title: r.title, sort: Number(r.sort) }));
}

/**
 * Sends the satisfaction survey of an application just issued (called at the end of applyTransition): one row per
 * application (the unique index makes a repeat a no-op) and a message to the company's users.
 */
export async function sendSurveyOnIssue(
  trx: Trx,
  auth: AuthUser,
  application: ApplicationRow,
): Promise<void> {
  if (!application.company_id) return;
  await surveyItems(trx, auth.tenantId);
  const made = await trx
    .insertInto('business_satisfaction_survey')
    .values({
      id: nextId(),
      tenant_id: auth.tenantId,
      company_id: application.company_id,
      application_id: application.id,
      create_user: auth.userId,
      update_user: auth.userId,
    })
    .onConflict((oc) => oc.columns(['tenant_id', 'application_id']).doNothing())
    .returning('id')
    .executeTakeFirst();
  if (!made) return;
  const users = await companyUsers(trx, auth.tenantId, application.company_id);
  const values = { no: application.application_no ?? '', product: application.product_name };
  await sendMessage(trx, auth.tenantId, {
    userIds: users,
    category: MESSAGE_CATEGORY.message,
    title: zhText('quality.survey.message.title', values),
    content: zhText('quality.survey.message.content', values),
    sender: zhText('quality.complaint.message.sender'),
    createUser: auth.userId,
  });
}

export async function surveyVOs(trx: Trx, tenantId: string, rows: SurveyRow[]): Promise<SurveyVO[]> {
  if (rows.length === 0) return [];
  const apps = await trx
    .selectFrom('business_application')
    .select(['id', 'application_no', 'product_name'])
    .where('tenant_id', '=', tenantId)
    .where('id', 'in', [...new Set(rows.map((r) => String(r.application_id)))])
    .execute();
  const companyIds = [...new Set(rows.filter((r) => r.company_id).map((r) => String(r.company_id)))];
  const companies = companyIds.length
    ? await trx
        .selectFrom('blade_customer_company')
        .select(['id', 'company_name'])
        .where('tenant_id', '=', tenantId)
        .where('id', 'in', companyIds)
        .execute()
    : [];
  return rows.map((r) => {
    const app = apps.find((a) => String(a.id) === String(r.application_id));
    return {
      id: String(r.id),
      companyId: r.company_id ? String(r.company_id) : '',
      companyName: companies.find((c) => String(c.id) === String(r.company_id))?.company_name ?? '',
      applicationId: String(r.application_id),
      applicationNo: app?.application_no ?? '',
      productName: app?.product_name ?? '',
      surveyState: r.survey_state as SurveyVO['surveyState'],
      answers: Array.isArray(r.answers) ? r.answers : [],
      average: r.average === null ? '' : Number(r.average).toFixed(2),
      comment: r.comment,
      answeredAt: formatDateTime(r.answered_at),
      followupId: r.followup_id ? String(r.followup_id) : '',
      createTime: formatDateTime(r.create_time),
    };
  });
}

/** Averages of the tenant's answered surveys: overall and per question (by the question's id). */
export async function surveyAverages(trx: Trx, tenantId: string): Promise<SurveyAverages> {
  const overall = await trx
    .selectFrom('business_satisfaction_survey')
    .select([sql<string>`count(*)`.as('n'), sql<string | null>`round(avg(average), 2)`.as('avg')])
    .where('tenant_id', '=', tenantId)
    .where('is_deleted', '=', 0)
    .where('survey_state', '=', 'answered')
    .executeTakeFirstOrThrow();
  const items = await sql<{ item_id: string; title: string; avg: string; n: string }>`
    select a->>'itemId' as item_id, min(a->>'title') as title, round(avg((a->>'score')::int), 2) as avg, count(*) as n
    from business_satisfaction_survey s, jsonb_array_elements(s.answers) a
    where s.tenant_id = ${tenantId} and s.is_deleted = 0 and s.survey_state = 'answered'
    group by a->>'itemId' order by min(a->>'title')`.execute(trx);
  return {
    answered: Number(overall.n),
    overall: overall.avg === null ? '' : Number(overall.avg).toFixed(2),
    items: items.rows.map((r) => ({
      itemId: r.item_id,
      title: r.title,
      average: Number(r.avg).toFixed(2),
      count: Number(r.n),
    })),
  };
}

/**
 * The customer's answer: a survey of their company not yet answered, each current question scored exactly once.
 * A low answer (machine.ts isLowScore) opens the follow-up case in the same transaction.
 */
export async function answerSurvey(
  trx: Trx,
  caller: SideCaller,
  input: { id: string; answers: { itemId: string; score: number }[]; comment: string },
): Promise<SurveyRow> {
  const { auth, companyId } = caller;
  if (companyId === null) throw new KeyedError('quality.complaint.customerOnly');
  const before = await lockLiveRow(trx, 'business_satisfaction_survey', auth.tenantId, input.id);
  if (String(before.company_id) !== companyId) throw new NotFoundError();
  if (before.survey_state === 'answered') throw new KeyedError('quality.survey.answered');
  const items = await surveyItems(trx, auth.tenantId);
  const seen = new Set<string>();
  const answers: SurveyAnswer[] = [];
  for (const a of input.answers) {
    const item = items.find((i) => i.id === a.itemId);
    if (!item) throw new KeyedError('quality.survey.unknownItem');
    if (seen.has(a.itemId)) throw new KeyedError('quality.survey.duplicateItem', { item: item.title });
    seen.add(a.itemId);
    answers.push({ itemId: item.id, title: item.title, score: a.score });
  }
  const missing = items.find((i) => !seen.has(i.id));
  if (missing) throw new KeyedError('quality.survey.missingItem', { item: missing.title });
  const scores = answers.map((a) => a.score);
  const average = (scores.reduce((x, y) => x + y, 0) / scores.length).toFixed(2);
  let followupId: string | null = null;
  if (isLowScore(scores)) {
    const app = await trx
      .selectFrom('business_application')
      .select(['application_no', 'product_name'])
      .where('id', '=', before.application_id)
      .executeTakeFirst();
    const low = answers.filter((a) => a.score <= 2).map((a) => `${a.title}：${a.score}`);
    const followup = await openCase(trx, auth, {
      kind: 'survey_followup',
      subjectType: 'application',
      companyId,
      applicationId: String(before.application_id),
      certificateId: null,
      subjectUserId: null,
      surveyId: String(before.id),
      title: zhText('quality.survey.followupTitle', { no: app?.application_no ?? '', average }).slice(0, 200),
      content: [
        zhText('quality.survey.followupContent', { average, product: app?.product_name ?? '' }),
        ...low,
        input.comment,
      ]
        .filter(Boolean)
        .join('\n')
        .slice(0, 4000),
      fileIds: [],
    });
    followupId = String(followup.id);
  }
  return trx
    .updateTable('business_satisfaction_survey')
    .set({
      survey_state: 'answered',
      answers: JSON.stringify(answers),
      average,
      comment: input.comment,
      answered_at: sql`now()`,
      answered_by: auth.userId,
      followup_id: followupId,
      update_user: auth.userId,
      update_time: sql`now()`,
    })
    .where('id', '=', before.id)
    .returningAll()
    .executeTakeFirstOrThrow();
}
