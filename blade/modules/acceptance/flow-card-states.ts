import { Hono } from 'hono';
import { sql } from 'kysely';
import {
  ACCEPTANCE_ACTIONS,
  ACCEPTANCE_CODES,
  CARD_TRANSITIONS,
  TESTING,
  type CardApplicationVO,
  type CardHistoryVO,
  type CardState,
  type CardTransitionName,
} from '../../../lib/contracts/acceptance/acceptance';
import { actionRouter, recordStatusChanges, type StatusChange } from '../../core/action';
import type { AuthUser, BladeEnv, Deps } from '../../core/context';
import { KeyedError, ForbiddenError, NotFoundError } from '../../core/errors';
import { zhText } from '../../core/refusal-keys';
import { formatDateTime } from '../../core/dates';
import { pageRequest, toPage } from '../../core/page';
import { heldCodes } from '../../core/permission';
import type { Trx } from '../../db/tenant';
import { userDisplayName, usersById } from '../business/rows';
import { assertItemsOpen, itemById, lockItem, touched } from './flow-card-items';

/**
 * A flow card's states and its items' assignee, start and result (README.md "States"). The card transitions are core
 * actions (the card locked FOR UPDATE, its state checked and set, the history row written); the rules on the card's
 * items run in the same transaction after the lock, so they read items no item write can change meanwhile (item
 * writes lock the card first too). A failed result moves the card to rectification in the result's transaction.
 */

const [, , , , , , , , , historyAction, applicationsAction, assignAction, startAction, resultAction] =
  ACCEPTANCE_ACTIONS;

const CARD = 'business_flow_card';
const ITEM = 'business_flow_card_item';

async function liveItems(trx: Trx, auth: AuthUser, cardId: string) {
  return trx
    .selectFrom('business_flow_card_item as i')
    .leftJoin('business_test_item as t', (j) =>
      j.onRef('t.id', '=', 'i.test_item_id').on('t.tenant_id', '=', auth.tenantId),
    )
    .select(['i.id', 'i.result', 'i.report_file_id', 't.name'])
    .where('i.tenant_id', '=', auth.tenantId)
    .where('i.card_id', '=', cardId)
    .where('i.is_deleted', '=', 0)
    .orderBy('i.id')
    .execute();
}
type LiveItem = Awaited<ReturnType<typeof liveItems>>[number];
const names = (items: LiveItem[]) => items.map((i) => i.name ?? String(i.id)).join('、');

/** What each transition asks of the card's items, beyond the state the core checks. */
const RULES: Record<CardTransitionName, (items: LiveItem[]) => void> = {
  startTest(items) {
    if (items.length === 0) throw new KeyedError('acceptance.card.noItems');
  },
  finishItems(items) {
    if (items.length === 0) throw new KeyedError('acceptance.card.noItems');
    const open = items.filter((i) => !i.result);
    if (open.length) throw new KeyedError('acceptance.card.resultsMissing', { items: names(open) });
    noFailed(items);
  },
  draftReport(items) {
    noFailed(items);
    const open = items.filter((i) => !i.result);
    if (open.length) throw new KeyedError('acceptance.card.resultsMissing', { items: names(open) });
  },
  archive(items) {
    // Every item tested (not "not applicable") has its current report, and the card has at least one.
    const missing = items.filter((i) => i.result !== 'na' && !i.report_file_id);
    if (missing.length) throw new KeyedError('acceptance.card.reportMissing', { items: names(missing) });
    if (!items.some((i) => i.report_file_id)) throw new KeyedError('acceptance.card.noReport');
  },
  rectified() {},
};

function noFailed(items: LiveItem[]) {
  const failed = items.filter((i) => i.result === 'fail');
  if (failed.length) throw new KeyedError('acceptance.card.failedOpen', { items: names(failed) });
}

/** The assignee, or a holder of the card's edit button: 403 in words for anyone else. */
async function assertMayTest(deps: Deps, trx: Trx, auth: AuthUser, assigneeId: string | null) {
  if (assigneeId && String(assigneeId) === auth.userId) return;
  if ((await heldCodes(deps, auth, trx)).has(ACCEPTANCE_CODES.cardEdit)) return;
  throw new ForbiddenError(zhText('acceptance.flowItem.notAssignee'));
}

function assertTesting(state: CardState) {
  if (!TESTING.includes(state))
    throw new KeyedError('acceptance.flowItem.notTesting', { state: zhText(`acceptance.state.${state}`) });
}

async function cardHistory(trx: Trx, auth: AuthUser, cardId: string): Promise<CardHistoryVO[]> {
  const card = await trx
    .selectFrom('business_flow_card')
    .select('id')
    .where('tenant_id', '=', auth.tenantId)
    .where('id', '=', cardId)
    .where('is_deleted', '=', 0)
    .executeTakeFirst();
  if (!card) throw new NotFoundError();
  // Removed items too: what they were and who recorded them stays part of the card's history.
  const items = await trx
    .selectFrom('business_flow_card_item as i')
    .leftJoin('business_test_item as t', (j) =>
      j.onRef('t.id', '=', 'i.test_item_id').on('t.tenant_id', '=', auth.tenantId),
    )
    .select(['i.id', 't.name'])
    .where('i.tenant_id', '=', auth.tenantId)
    .where('i.card_id', '=', cardId)
    .execute();
  const itemName = new Map(items.map((i) => [String(i.id), i.name ?? '']));
  const rows = await trx
    .selectFrom('blade_status_history')
    .selectAll()
    .where('tenant_id', '=', auth.tenantId)
    .where((eb) =>
      eb.or([
        eb.and([eb('resource', '=', CARD), eb('record_id', '=', cardId)]),
        ...(items.length
          ? [
              eb.and([
                eb('resource', '=', ITEM),
                eb(
                  'record_id',
                  'in',
                  items.map((i) => String(i.id)),
                ),
              ]),
            ]
          : []),
      ]),
    )
    .orderBy('create_time')
    .orderBy('id')
    .execute();
  const users = await usersById(
    trx,
    rows.map((r) => String(r.user_id)),
  );
  return rows.map((r) => ({
    id: String(r.id),
    itemId: r.resource === CARD ? 'card' : String(r.record_id),
    itemName: r.resource === CARD ? '' : (itemName.get(String(r.record_id)) ?? ''),
    action: r.action,
    from: r.from_value,
    to: r.to_value,
    comment: r.comment,
    userName: userDisplayName(users.get(String(r.user_id))),
    time: formatDateTime(r.create_time),
  }));
}

export function flowCardStateRoutes(deps: Deps): Hono<BladeEnv> {
  const { router, serve } = actionRouter(deps);

  for (const [name, def] of Object.entries(CARD_TRANSITIONS) as [
    CardTransitionName,
    (typeof CARD_TRANSITIONS)[CardTransitionName],
  ][])
    serve(def, async ({ trx, auth, input, record }) => {
      const items = await liveItems(trx, auth, input.id);
      RULES[name](items);
      if (name === 'rectified') {
        // Rectified: the failed items are tested again from the start; their failed result stays in the history.
        const failed = items.filter((i) => i.result === 'fail');
        if (failed.length)
          await trx
            .updateTable('business_flow_card_item')
            .set({ result: '', result_remark: '', started_at: null, ended_at: null, ...touched(auth) })
            .where(
              'id',
              'in',
              failed.map((i) => String(i.id)),
            )
            .execute();
        await recordStatusChanges(
          trx,
          auth,
          failed.map((i) => ({
            resource: ITEM,
            recordId: String(i.id),
            action: 'rectified',
            field: 'result',
            from: 'fail',
            to: '',
            comment: input.remark,
          })),
        );
      }
      return { id: input.id, cardState: String(record?.card_state) };
    });

  serve(historyAction, ({ trx, auth, input }) => cardHistory(trx, auth, input.id));

  // The card form's application picker: the tenant's live applications by a fragment of the number.
  serve(applicationsAction, async ({ trx, auth, input }) => {
    const page = pageRequest({ current: 1, size: Math.min(input.size ?? 20, 50) });
    let base = trx
      .selectFrom('business_application')
      .where('tenant_id', '=', auth.tenantId)
      .where('is_deleted', '=', 0);
    if (input.id) base = base.where('id', '=', input.id);
    if (input.applicationNo) base = base.where('application_no', 'like', `%${input.applicationNo}%`);
    const total = Number((await base.select(sql<string>`count(*)`.as('n')).executeTakeFirstOrThrow()).n);
    const rows = await base
      .select(['id', 'application_no', 'product_name', 'applicant_name'])
      .orderBy('id', 'desc')
      .limit(page.size)
      .execute();
    const records: CardApplicationVO[] = rows.map((r) => ({
      id: String(r.id),
      applicationNo: r.application_no ?? '',
      productName: r.product_name,
      applicantName: r.applicant_name,
    }));
    return toPage(records, total, page);
  });

  serve(assignAction, async ({ trx, auth, input }) => {
    const item = await lockItem(trx, auth, input.id);
    assertItemsOpen(item.cardState);
    if (item.result) throw new KeyedError('acceptance.flowItem.hasResult');
    const user = await trx
      .selectFrom('blade_user')
      .select('id')
      .where('tenant_id', '=', auth.tenantId)
      .where('id', '=', input.assigneeId)
      .where('is_deleted', '=', 0)
      .executeTakeFirst();
    if (!user) throw new KeyedError('acceptance.flowItem.assigneeUnknown');
    await trx
      .updateTable('business_flow_card_item')
      .set({ assignee_id: input.assigneeId, ...touched(auth) })
      .where('id', '=', input.id)
      .execute();
    return itemById(trx, auth, input.id);
  });

  serve(startAction, async ({ trx, auth, input }) => {
    const item = await lockItem(trx, auth, input.id);
    assertTesting(item.cardState);
    if (!item.assignee_id) throw new KeyedError('acceptance.flowItem.noAssignee');
    await assertMayTest(deps, trx, auth, item.assignee_id);
    if (item.result) throw new KeyedError('acceptance.flowItem.hasResult');
    if (item.started_at) throw new KeyedError('acceptance.flowItem.started');
    await trx
      .updateTable('business_flow_card_item')
      .set({ started_at: sql<Date>`now()`, ...touched(auth) })
      .where('id', '=', input.id)
      .execute();
    return itemById(trx, auth, input.id);
  });

  serve(resultAction, async ({ trx, auth, input }) => {
    const item = await lockItem(trx, auth, input.id);
    assertTesting(item.cardState);
    await assertMayTest(deps, trx, auth, item.assignee_id);
    // A failed item is tested again only after the rectification (the card's `rectified`), never just relabelled.
    if (item.result === 'fail') throw new KeyedError('acceptance.flowItem.failedFixed');
    if (input.result !== 'na' && !item.started_at) throw new KeyedError('acceptance.flowItem.notStarted');
    await trx
      .updateTable('business_flow_card_item')
      .set({
        result: input.result,
        result_remark: input.resultRemark,
        ended_at: sql<Date>`now()`,
        ...touched(auth),
      })
      .where('id', '=', input.id)
      .execute();
    const changes: StatusChange[] = [
      {
        resource: ITEM,
        recordId: input.id,
        action: 'recordResult',
        field: 'result',
        from: item.result,
        to: input.result,
        comment: input.resultRemark,
      },
    ];
    if (input.result === 'fail' && item.cardState === 'inTest') {
      await trx
        .updateTable('business_flow_card')
        .set({ card_state: 'rectification', ...touched(auth) })
        .where('id', '=', String(item.card_id))
        .execute();
      changes.push({
        resource: CARD,
        recordId: String(item.card_id),
        action: 'recordResult',
        field: 'card_state',
        from: 'inTest',
        to: 'rectification',
        comment: input.resultRemark,
      });
    }
    await recordStatusChanges(trx, auth, changes);
    return itemById(trx, auth, input.id);
  });

  return router;
}
