import { createHash, randomBytes } from 'node:crypto';
import { Hono } from 'hono';
import { sql } from 'kysely';
import en from '../../../messages/en.json';
import {
  ACCEPTANCE_ACTIONS,
  ACCEPTANCE_CALLS,
  ACCEPTANCE_CODES,
  EXPORT_KEY_TTL_SECONDS,
  EXPORTS,
  FLOW_CARD_FUNCTION,
  PROTECTION_TYPES,
  testItemResource,
  type CoverageVO,
  type ExportName,
  type OnlineEditingVO,
} from '../../../lib/contracts/acceptance/acceptance';
import { deriveStatus, localDay, type CertFacts } from '../../../lib/contracts/equipment/status';
import { messageText } from '../../../lib/contracts/resource';
import { actionRouter } from '../../core/action';
import type { AuthUser, BladeEnv, Deps } from '../../core/context';
import { type CrudHooks } from '../../core/crud';
import { KeyedError, ForbiddenError, NotFoundError, UnauthorizedError } from '../../core/errors';
import { zhText } from '../../core/refusal-keys';
import { exportXlsx } from '../../core/export';
import { nextId } from '../../core/ids';
import { toPage, pageRequest } from '../../core/page';
import { demand } from '../../core/permission';
import { registerRecordOwner, tableRecordOwner } from '../../core/record-access';
import { withTenant, type Trx } from '../../db/tenant';
import { ensureRecordArchives, type DefaultFunction } from '../business/archives';
import { fileOfRecord } from '../files/file.repository';
import {
  assertItemsOpen,
  assertNotArchived,
  cardItems,
  itemById,
  lockCard,
  lockItem,
  touched,
} from './flow-card-items';
import { flowCardStateRoutes } from './flow-card-states';

/**
 * Test items, flow cards and their items, coverage evaluation and export keys (README.md beside this file). An item's
 * instrument must not be red when it is recorded (the colour as modules/equipment derives it); its report is a file of
 * the card's archive, each upload a new version; online editing is a documented limit.
 */

/** A card's files: the items' reports, one folder. */
export const FLOW_CARD_ARCHIVES: readonly DefaultFunction[] = [
  {
    functionCode: FLOW_CARD_FUNCTION,
    functionName: '检测流转卡',
    usePosition: '实验室管理 → 检测流转卡 → 详情 → 检测报告',
    root: {
      name: '流转卡档案',
      code: 'test_flow_card',
      canUpload: 0,
      children: [
        { name: '检测报告', code: 'test_flow_card_report', remark: '检测项目的报告文件，每次上传为新版本' },
      ],
    },
  },
];

/** The reports follow the card: read with the page, changed with the report button. */
registerRecordOwner(
  FLOW_CARD_FUNCTION,
  tableRecordOwner({
    table: 'business_flow_card',
    codes: {
      read: [ACCEPTANCE_CODES.cards],
      upload: [ACCEPTANCE_CODES.cardReport],
      edit: [ACCEPTANCE_CODES.cardReport],
      delete: [ACCEPTANCE_CODES.cardReport],
    },
  }),
);

// ---- the dictionary ----

export const testItemHooks: CrudHooks = {
  async beforeWrite(_ctx, values) {
    // A blank fee is no fee (the column is not null): 0, not a 500.
    if (values.fee === null || values.fee === '') values.fee = '0';
  },
  async beforeRemove({ trx, auth }, ids) {
    // An item recorded on a card stays: the card's history names it.
    const used = await trx
      .selectFrom('business_flow_card_item')
      .select('id')
      .where('tenant_id', '=', auth.tenantId)
      .where('test_item_id', 'in', ids)
      .where('is_deleted', '=', 0)
      .executeTakeFirst();
    if (used) throw new KeyedError('acceptance.item.inUse');
  },
};

// ---- cards ----

async function applicationOf(trx: Trx, auth: AuthUser, id: string) {
  return trx
    .selectFrom('business_application')
    .select(['id', 'application_no', 'product_name', 'ex_markings'])
    .where('tenant_id', '=', auth.tenantId)
    .where('id', '=', id)
    .where('is_deleted', '=', 0)
    .executeTakeFirst();
}

export const flowCardHooks: CrudHooks = {
  async beforeWrite({ trx, auth }, values, id) {
    // An archived card is the record of what was tested: it stays as it is.
    if (id) assertNotArchived((await lockCard(trx, auth, id)).state);
    const applicationId = String(values.application_id ?? '');
    // A card follows an application's samples or samples received without one (DOMAIN §7); never neither.
    if (!applicationId && !String(values.sample_no ?? ''))
      throw new KeyedError('acceptance.card.ownerRequired');
    if (applicationId && !(await applicationOf(trx, auth, applicationId)))
      throw new KeyedError('acceptance.card.applicationUnknown');
    values.application_id = applicationId || null;
  },
  async afterWrite({ trx, auth }, _values, _id, added) {
    if (added) await ensureRecordArchives(trx, auth.tenantId, FLOW_CARD_ARCHIVES);
  },
  async beforeRemove({ trx, auth }, ids) {
    const archived = await trx
      .selectFrom('business_flow_card')
      .select('id')
      .where('tenant_id', '=', auth.tenantId)
      .where('id', 'in', ids)
      .where('card_state', '=', 'archived')
      .executeTakeFirst();
    if (archived) throw new KeyedError('acceptance.card.archived');
  },
  async afterRemove({ trx, auth }, ids) {
    await trx
      .updateTable('business_flow_card_item')
      .set({ is_deleted: 1, update_user: auth.userId, update_time: sql`now()` })
      .where('tenant_id', '=', auth.tenantId)
      .where('card_id', 'in', ids)
      .execute();
  },
  async presentAll({ trx, auth }, rows) {
    const ids = [...new Set(rows.map((r) => String(r.application_id ?? '')).filter(Boolean))];
    const numbers = new Map<string, string>();
    if (ids.length)
      for (const a of await trx
        .selectFrom('business_application')
        .select(['id', 'application_no'])
        .where('tenant_id', '=', auth.tenantId)
        .where('id', 'in', ids)
        .execute())
        numbers.set(String(a.id), a.application_no ?? '');
    return rows.map((r) => ({
      cardState: String(r.card_state),
      applicationId: r.application_id ? String(r.application_id) : '',
      applicationNo: numbers.get(String(r.application_id)) ?? '',
    }));
  },
  async presentDetail({ trx, auth }, row) {
    return { items: await cardItems(trx, auth, String(row.id)) };
  },
};

/**
 * The instrument recorded on an item must be usable now: red (out of service, no or failed certificate, expired) is
 * refused in words, as modules/equipment refuses a booking. Locked FOR SHARE: a certificate being written (FOR UPDATE)
 * is waited for, so the colour read is not one being changed.
 */
async function checkUsableEquipment(trx: Trx, auth: AuthUser, equipmentId: string) {
  const equipment = await trx
    .selectFrom('business_equipment')
    .select(['id', 'asset_no', 'out_of_service'])
    .where('tenant_id', '=', auth.tenantId)
    .where('id', '=', equipmentId)
    .where('is_deleted', '=', 0)
    .forShare()
    .executeTakeFirst();
  if (!equipment) throw new KeyedError('acceptance.flowItem.equipmentUnknown');
  const certs: CertFacts[] = (
    await trx
      .selectFrom('business_equipment_cert')
      .select(['id', 'calibration_date', 'valid_to', 'result'])
      .where('tenant_id', '=', auth.tenantId)
      .where('equipment_id', '=', equipmentId)
      .where('is_deleted', '=', 0)
      .execute()
  ).map((c) => ({
    id: String(c.id),
    calibrationDate: String(c.calibration_date),
    validTo: String(c.valid_to),
    result: c.result,
  }));
  const status = deriveStatus(certs, Number(equipment.out_of_service) === 1, localDay(new Date()));
  if (status.color === 'red')
    throw new KeyedError('acceptance.flowItem.redEquipment', {
      reason: `${equipment.asset_no}：${zhText(`equipment.reason.${status.reason}`)}`,
    });
}

// ---- coverage ----

const SIMPLE_TYPES = new Set(['d', 'e', 'p', 'o', 'q', 'n', 't']);
const KNOWN_TYPES = new Set<string>(PROTECTION_TYPES);

/**
 * The protection types of Ex markings (`Ex db eb IIC T4 Gb` → d, e): the tokens between `Ex` and the group. A level
 * letter is dropped where the dictionary does not keep it (db → d, tb → t, pxb → p, nA → n); ia/ib/ic and ma/mb/mc
 * are kept whole, because their tests differ.
 */
export function protectionTypesOf(markings: readonly string[]): string[] {
  const found = new Set<string>();
  for (const marking of markings) {
    const tokens = marking.trim().split(/\s+/);
    const start = tokens.findIndex((t) => /^ex$/i.test(t));
    if (start < 0) continue;
    for (const token of tokens.slice(start + 1)) {
      if (/^(I|II[ABC]?|III[ABC]?)$/.test(token)) break;
      const t = token.toLowerCase();
      if (KNOWN_TYPES.has(t) && !SIMPLE_TYPES.has(t)) found.add(t);
      else if (SIMPLE_TYPES.has(t[0])) found.add(t[0]);
    }
  }
  return PROTECTION_TYPES.filter((t) => found.has(t));
}

async function coverage(trx: Trx, auth: AuthUser, applicationId: string): Promise<CoverageVO> {
  const application = await applicationOf(trx, auth, applicationId);
  if (!application) throw new NotFoundError();
  const exMarkings = Array.isArray(application.ex_markings) ? application.ex_markings.map(String) : [];
  const types = protectionTypesOf(exMarkings);
  const dictionary = await trx
    .selectFrom('business_test_item')
    .select(['id', 'item_code', 'name', 'standard_clause', 'protection_types', 'accredited', 'fee'])
    .where('tenant_id', '=', auth.tenantId)
    .where('is_deleted', '=', 0)
    .orderBy('item_code')
    .execute();
  // General items (no protection type) apply to every product; the others when they share a type with it.
  const applicable = dictionary.filter((item) => {
    const own = item.protection_types.split(',').filter(Boolean);
    return own.length === 0 || own.some((t) => types.includes(t));
  });
  const reports = new Map<string, number>();
  if (applicable.length)
    for (const r of await trx
      .selectFrom('business_flow_card_item as i')
      .innerJoin('business_flow_card as c', (j) =>
        j.onRef('c.id', '=', 'i.card_id').on('c.tenant_id', '=', auth.tenantId).on('c.is_deleted', '=', 0),
      )
      .select(['i.test_item_id', sql<number>`max(i.report_version)`.as('version')])
      .where('i.tenant_id', '=', auth.tenantId)
      .where('i.is_deleted', '=', 0)
      .where('c.application_id', '=', applicationId)
      .where('i.report_file_id', '<>', '')
      .groupBy('i.test_item_id')
      .execute())
      reports.set(String(r.test_item_id), Number(r.version));
  const items = applicable.map((item) => ({
    testItemId: String(item.id),
    itemCode: item.item_code,
    name: item.name,
    standardClause: item.standard_clause,
    protectionTypes: item.protection_types,
    accredited: Number(item.accredited) === 1,
    fee: String(item.fee),
    tested: reports.has(String(item.id)),
    reportVersion: reports.get(String(item.id)) ?? 0,
  }));
  const tested = items.filter((i) => i.tested).length;
  return {
    applicationId: String(application.id),
    productName: application.product_name,
    exMarkings,
    protectionTypes: types,
    conclusion:
      items.length > 0 && tested === items.length ? 'covered' : tested > 0 ? 'partial' : 'notCovered',
    items,
  };
}

// ---- export keys ----

const hashKey = (key: string) => createHash('sha256').update(key).digest('hex');
/** `<tenant>.<43 random characters>`: the tenant part lets the download open the key's tenant under RLS. */
const KEY_FORMAT = /^(\d{1,12})\.([A-Za-z0-9_-]{43})$/;

async function issueExportKey(deps: Deps, trx: Trx, auth: AuthUser, name: ExportName) {
  await demand(deps, auth, { codes: [EXPORTS[name]] }, trx);
  const authKey = `${auth.tenantId}.${randomBytes(32).toString('base64url')}`;
  // Keys nobody used are of no further use: the table keeps only live ones.
  await trx
    .deleteFrom('business_export_key')
    .where('tenant_id', '=', auth.tenantId)
    .where('expires_at', '<', sql<Date>`now()`)
    .execute();
  await trx
    .insertInto('business_export_key')
    .values({
      key_hash: hashKey(authKey),
      tenant_id: auth.tenantId,
      user_id: auth.userId,
      export_code: EXPORTS[name],
      expires_at: sql<Date>`now() + ${`${EXPORT_KEY_TTL_SECONDS} seconds`}::interval`,
    })
    .execute();
  return { authKey, expiresIn: EXPORT_KEY_TTL_SECONDS };
}

/**
 * Consumes an export key: one DELETE … RETURNING, so of two downloads with one key exactly one gets the row. A key
 * unknown or used is 401; an expired one (consumed all the same) or one for another export is 403.
 */
export async function consumeExportKey(deps: Deps, key: string, name: ExportName, lang: 'zh' | 'en') {
  const say = (k: string) => (lang === 'en' ? messageText(en, k) : zhText(k));
  const match = KEY_FORMAT.exec(key);
  if (!match) throw new UnauthorizedError(say('acceptance.export.keyInvalid'));
  const tenantId = match[1];
  const row = await withTenant(deps.db, tenantId, (trx) =>
    trx
      .deleteFrom('business_export_key')
      .where('key_hash', '=', hashKey(key))
      .where('tenant_id', '=', tenantId)
      .returning(['user_id', 'export_code', sql<boolean>`expires_at < now()`.as('expired')])
      .executeTakeFirst(),
  );
  if (!row) throw new UnauthorizedError(say('acceptance.export.keyInvalid'));
  if (row.expired) throw new ForbiddenError(say('acceptance.export.keyExpired'));
  if (row.export_code !== EXPORTS[name]) throw new ForbiddenError(say('acceptance.export.keyOtherExport'));
  return { tenantId, userId: String(row.user_id) };
}

/**
 * The routes reached without a session (mounted before requireAuth): the dictionary export, whose credential is the
 * export key in the query. The browser opens it in a new window; no session token travels in the URL.
 */
export function acceptancePublicRoutes(deps: Deps): Hono<BladeEnv> {
  const router = new Hono<BladeEnv>();
  router.get(ACCEPTANCE_CALLS.itemsExport.path, async (c) => {
    const lang = c.req.query('lang') === 'en' ? 'en' : 'zh';
    const { tenantId } = await consumeExportKey(deps, c.req.query('authKey') ?? '', 'testItems', lang);
    const live = (trx: Trx) =>
      trx.selectFrom('business_test_item').where('tenant_id', '=', tenantId).where('is_deleted', '=', 0);
    return exportXlsx(c, {
      def: testItemResource,
      language: lang,
      total: () =>
        withTenant(deps.db, tenantId, async (trx) =>
          Number(
            (
              await live(trx)
                .select(sql<string>`count(*)`.as('n'))
                .executeTakeFirstOrThrow()
            ).n,
          ),
        ),
      chunk: (offset, size) =>
        withTenant(deps.db, tenantId, async (trx) =>
          (
            await live(trx)
              .selectAll()
              .orderBy('item_code')
              .orderBy('id')
              .limit(size)
              .offset(offset)
              .execute()
          ).map((r) => ({
            itemCode: r.item_code,
            name: r.name,
            standardClause: r.standard_clause,
            protectionTypes: r.protection_types,
            fee: String(r.fee),
            accredited: Number(r.accredited),
          })),
        ),
      dictionaries: async () => new Map(),
    });
  });
  return router;
}

// ---- actions ----

const [
  oftenUsedAction,
  itemSaveAction,
  itemRemoveAction,
  uploadReportAction,
  clearReportAction,
  updateRemarkAction,
  onlineEditingAction,
  certifiedProjectsAction,
  exportKeyAction,
] = ACCEPTANCE_ACTIONS;

export function acceptanceRoutes(deps: Deps): Hono<BladeEnv> {
  const { router, serve } = actionRouter(deps);

  // The items most recorded on live cards, most used first (ties by code): the card form's quick picks.
  serve(oftenUsedAction, async ({ trx, auth, input }) => {
    const page = pageRequest(input);
    const used = trx
      .selectFrom('business_test_item as t')
      .innerJoin('business_flow_card_item as i', (j) =>
        j
          .onRef('i.test_item_id', '=', 't.id')
          .on('i.tenant_id', '=', auth.tenantId)
          .on('i.is_deleted', '=', 0),
      )
      .where('t.tenant_id', '=', auth.tenantId)
      .where('t.is_deleted', '=', 0);
    const total = Number(
      (await used.select(sql<string>`count(distinct t.id)`.as('n')).executeTakeFirstOrThrow()).n,
    );
    const rows = await used
      .select([
        't.id',
        't.item_code',
        't.name',
        't.standard_clause',
        't.protection_types',
        't.fee',
        't.accredited',
        sql<string>`count(i.id)`.as('used_count'),
      ])
      .groupBy([
        't.id',
        't.item_code',
        't.name',
        't.standard_clause',
        't.protection_types',
        't.fee',
        't.accredited',
      ])
      .orderBy(sql`count(i.id)`, 'desc')
      .orderBy('t.item_code')
      .limit(page.size)
      .offset((page.current - 1) * page.size)
      .execute();
    return toPage(
      rows.map((r) => ({
        id: String(r.id),
        itemCode: r.item_code,
        name: r.name,
        standardClause: r.standard_clause,
        protectionTypes: r.protection_types,
        fee: String(r.fee),
        accredited: Number(r.accredited),
        usedCount: Number(r.used_count),
      })),
      total,
      page,
    );
  });

  serve(itemSaveAction, async ({ trx, auth, input }) => {
    if (input.id) {
      const item = await lockItem(trx, auth, input.id);
      if (String(item.card_id) !== input.cardId) throw new KeyedError('acceptance.flowItem.cardFixed');
      assertItemsOpen(item.cardState);
      // Another test item is another test: a recorded result says nothing about it.
      if (item.result && String(item.test_item_id) !== input.testItemId)
        throw new KeyedError('acceptance.flowItem.hasResult');
    } else assertItemsOpen((await lockCard(trx, auth, input.cardId)).state);
    const testItem = await trx
      .selectFrom('business_test_item')
      .select('id')
      .where('tenant_id', '=', auth.tenantId)
      .where('id', '=', input.testItemId)
      .where('is_deleted', '=', 0)
      .executeTakeFirst();
    if (!testItem) throw new KeyedError('acceptance.flowItem.testItemUnknown');
    if (input.equipmentId) await checkUsableEquipment(trx, auth, input.equipmentId);
    const values = {
      test_item_id: input.testItemId,
      equipment_id: input.equipmentId ?? null,
      remark: input.remark,
      update_user: auth.userId,
    };
    const id = input.id ?? nextId();
    if (input.id)
      await trx
        .updateTable('business_flow_card_item')
        .set({ ...values, update_time: sql`now()` })
        .where('id', '=', id)
        .execute();
    else
      await trx
        .insertInto('business_flow_card_item')
        .values({
          id,
          tenant_id: auth.tenantId,
          card_id: input.cardId,
          ...values,
          create_user: auth.userId,
          create_dept: auth.deptIds[0] ?? null,
        })
        .execute();
    return itemById(trx, auth, id);
  });

  serve(itemRemoveAction, async ({ trx, auth, input }) => {
    // All or none: an id that is not a live item of the tenant is 404 and nothing is removed.
    for (const id of [...input.ids].sort()) assertItemsOpen((await lockItem(trx, auth, id)).cardState);
    await trx
      .updateTable('business_flow_card_item')
      .set({ is_deleted: 1, update_user: auth.userId, update_time: sql`now()` })
      .where('tenant_id', '=', auth.tenantId)
      .where('id', 'in', input.ids)
      .execute();
    return { removed: input.ids.length };
  });

  serve(uploadReportAction, async ({ trx, auth, input }) => {
    const item = await lockItem(trx, auth, input.id);
    assertNotArchived(item.cardState);
    const file = await fileOfRecord(
      trx,
      auth.tenantId,
      input.fileId,
      { functionCode: FLOW_CARD_FUNCTION, dataId: String(item.card_id) },
      'acceptance.flowItem.fileNotInCard',
    );
    if (file.id === item.report_file_id) throw new KeyedError('acceptance.flowItem.sameReport');
    // Each upload is the next version; the earlier files stay in the card's archive.
    await trx
      .updateTable('business_flow_card_item')
      .set({
        report_file_id: input.fileId,
        report_version: Number(item.report_version) + 1,
        update_user: auth.userId,
        update_time: sql`now()`,
      })
      .where('id', '=', input.id)
      .execute();
    return itemById(trx, auth, input.id);
  });

  serve(clearReportAction, async ({ trx, auth, input }) => {
    const item = await lockItem(trx, auth, input.id);
    assertNotArchived(item.cardState);
    if (!item.report_file_id) throw new KeyedError('acceptance.flowItem.noReport');
    // The version count stays: a report uploaded after a clear is a later version, never a reused number.
    await trx
      .updateTable('business_flow_card_item')
      .set({ report_file_id: '', update_user: auth.userId, update_time: sql`now()` })
      .where('id', '=', input.id)
      .execute();
    return itemById(trx, auth, input.id);
  });

  serve(updateRemarkAction, async ({ trx, auth, input }) => {
    assertNotArchived((await lockItem(trx, auth, input.id)).cardState);
    await trx
      .updateTable('business_flow_card_item')
      .set({ remark: input.remark, ...touched(auth) })
      .where('id', '=', input.id)
      .execute();
    return itemById(trx, auth, input.id);
  });

  // The documented limit (README "Online editing"): the current version to view, and why it is not edited here.
  serve(onlineEditingAction, async ({ trx, auth, input }): Promise<OnlineEditingVO> => {
    const item = await itemById(trx, auth, input.id);
    if (!item.reportFileId) throw new KeyedError('acceptance.flowItem.noReport');
    return {
      itemId: item.id,
      fileId: item.reportFileId,
      fileName: item.reportFileName,
      version: item.reportVersion,
      editable: false,
      reason: zhText('acceptance.flowItem.editingUnavailable'),
    };
  });

  serve(certifiedProjectsAction, ({ trx, auth, input }) => coverage(trx, auth, input.applicationId));

  // Who may export is the export's own button, checked before the key is stored.
  serve(exportKeyAction, ({ trx, auth, input }) => issueExportKey(deps, trx, auth, input.export));

  router.route('/', flowCardStateRoutes(deps));

  return router;
}
