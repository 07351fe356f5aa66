import { sql } from 'kysely';
import {
  ITEMS_OPEN,
  type CardState,
  type FlowCardItemVO,
  type ItemResult,
} from '../../../lib/contracts/acceptance/acceptance';
import type { AuthUser } from '../../core/context';
import { KeyedError, NotFoundError } from '../../core/errors';
import { zhText } from '../../core/refusal-keys';
import { formatDateTime } from '../../core/dates';
import type { Trx } from '../../db/tenant';
import { lockLiveRow } from '../../core/lock';

/**
 * A card's items as the calls answer them, and the locks every item write takes: the card first (FOR UPDATE), then
 * the item, in that order everywhere, so an item write and a card transition of one card run one after the other
 * and never deadlock, and a transition's rule (every item has a result…) reads items nobody is changing.
 */

type ItemRow = {
  id: string;
  card_id: string;
  test_item_id: string;
  equipment_id: string | null;
  report_file_id: string;
  report_version: number;
  remark: string;
  assignee_id: string | null;
  started_at: Date | null;
  ended_at: Date | null;
  result: string;
  result_remark: string;
  update_time: Date;
  item_code: string | null;
  item_name: string | null;
  standard_clause: string | null;
  asset_no: string | null;
  equipment_name: string | null;
  file_name: string | null;
  assignee_real_name: string | null;
  assignee_account: string | null;
};

function itemsQuery(trx: Trx, auth: AuthUser) {
  return trx
    .selectFrom('business_flow_card_item as i')
    .leftJoin('business_test_item as t', (j) =>
      j.onRef('t.id', '=', 'i.test_item_id').on('t.tenant_id', '=', auth.tenantId),
    )
    .leftJoin('business_equipment as e', (j) =>
      j.onRef('e.id', '=', 'i.equipment_id').on('e.tenant_id', '=', auth.tenantId),
    )
    .leftJoin('blade_file as f', (j) =>
      j.onRef('f.id', '=', 'i.report_file_id').on('f.tenant_id', '=', auth.tenantId),
    )
    .leftJoin('blade_user as u', (j) =>
      j.onRef('u.id', '=', 'i.assignee_id').on('u.tenant_id', '=', auth.tenantId),
    )
    .select([
      'i.id',
      'i.card_id',
      'i.test_item_id',
      'i.equipment_id',
      'i.report_file_id',
      'i.report_version',
      'i.remark',
      'i.assignee_id',
      'i.started_at',
      'i.ended_at',
      'i.result',
      'i.result_remark',
      'i.update_time',
      't.item_code',
      't.name as item_name',
      't.standard_clause',
      'e.asset_no',
      'e.name as equipment_name',
      'f.original_filename as file_name',
      'u.real_name as assignee_real_name',
      'u.account as assignee_account',
    ])
    .where('i.tenant_id', '=', auth.tenantId)
    .where('i.is_deleted', '=', 0);
}

function presentItem(r: ItemRow): FlowCardItemVO {
  return {
    id: String(r.id),
    cardId: String(r.card_id),
    testItemId: String(r.test_item_id),
    itemCode: r.item_code ?? '',
    itemName: r.item_name ?? '',
    standardClause: r.standard_clause ?? '',
    equipmentId: r.equipment_id ? String(r.equipment_id) : '',
    assetNo: r.asset_no ?? '',
    equipmentName: r.equipment_name ?? '',
    reportFileId: r.report_file_id,
    reportFileName: r.report_file_id ? (r.file_name ?? '') : '',
    reportVersion: Number(r.report_version),
    remark: r.remark,
    assigneeId: r.assignee_id ? String(r.assignee_id) : '',
    assigneeName: r.assignee_real_name || r.assignee_account || '',
    startedAt: formatDateTime(r.started_at),
    endedAt: formatDateTime(r.ended_at),
    result: r.result as ItemResult | '',
    resultRemark: r.result_remark,
    updateTime: formatDateTime(r.update_time),
  };
}

export async function cardItems(trx: Trx, auth: AuthUser, cardId: string) {
  const rows = await itemsQuery(trx, auth).where('i.card_id', '=', cardId).orderBy('i.id').execute();
  return (rows as ItemRow[]).map(presentItem);
}

export async function itemById(trx: Trx, auth: AuthUser, id: string) {
  const row = await itemsQuery(trx, auth).where('i.id', '=', id).executeTakeFirst();
  if (!row) throw new NotFoundError();
  return presentItem(row as ItemRow);
}

/** Locks a live card of the caller's tenant FOR UPDATE: 404 otherwise. */
export async function lockCard(trx: Trx, auth: AuthUser, cardId: string) {
  const card = await lockLiveRow(trx, 'business_flow_card', auth.tenantId, cardId);
  return { id: String(card.id), state: card.card_state as CardState };
}

/**
 * Locks a live item of the caller's tenant and, before it, its live card: 404 otherwise. Answers the item and the
 * card's state.
 */
export async function lockItem(trx: Trx, auth: AuthUser, id: string) {
  const found = await trx
    .selectFrom('business_flow_card_item')
    .select('card_id')
    .where('tenant_id', '=', auth.tenantId)
    .where('id', '=', id)
    .where('is_deleted', '=', 0)
    .executeTakeFirst();
  if (!found) throw new NotFoundError();
  const card = await lockCard(trx, auth, String(found.card_id));
  const item = await trx
    .selectFrom('business_flow_card_item')
    .select([
      'id',
      'card_id',
      'report_file_id',
      'report_version',
      'assignee_id',
      'started_at',
      'result',
      'test_item_id',
    ])
    .where('tenant_id', '=', auth.tenantId)
    .where('id', '=', id)
    .where('is_deleted', '=', 0)
    .forUpdate()
    .executeTakeFirst();
  if (!item || String(item.card_id) !== card.id) throw new NotFoundError();
  return { ...item, cardState: card.state };
}

const stateName = (state: CardState) => zhText(`acceptance.state.${state}`);

/** Items are added, changed, removed and assigned while the card is created, in test or in rectification. */
export function assertItemsOpen(state: CardState) {
  if (state === 'archived') throw new KeyedError('acceptance.card.archived');
  if (!ITEMS_OPEN.includes(state))
    throw new KeyedError('acceptance.card.itemsClosed', { state: stateName(state) });
}

/** Reports and remarks change in every state but archived. */
export function assertNotArchived(state: CardState) {
  if (state === 'archived') throw new KeyedError('acceptance.card.archived');
}

/** The item writes' `update_user`/`update_time`. */
export const touched = (auth: AuthUser) => ({ update_user: auth.userId, update_time: sql<Date>`now()` });
