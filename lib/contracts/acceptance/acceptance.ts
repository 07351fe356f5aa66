import { z } from '../../zod';
import { defineAction } from '../action';
import { idArraySchema, idSchema, pagingInput, queryInt } from '../inputs';
import { defineResource, menuAccess, standardCalls } from '../resource';

/**
 * The lab's test item dictionary (检测项目), test flow cards (检测流转卡) with their items, coverage evaluation and the
 * export keys: issue 17, DOMAIN §7, blade/modules/acceptance/README.md. The dictionary and the cards are plain
 * resources; a card's items are served by actions (the catalogue's testFlowCardItems calls).
 */

const BASE = '/blade-acceptance';
/** The navigation group of the laboratory pages (seeded with the equipment pages). */
const LABORATORY_GROUP = 'laboratory';

export const ACCEPTANCE_CODES = {
  items: 'test_item',
  itemsExport: 'test_item_export',
  cards: 'test_flow_card',
  cardItem: 'test_flow_card_item',
  cardReport: 'test_flow_card_report',
  /** The card's edit button: also lets its holder start and record any item, not only their own. */
  cardEdit: 'test_flow_card_edit',
  cardStart: 'test_flow_card_start',
  cardFinish: 'test_flow_card_finish',
  cardDraft: 'test_flow_card_draft',
  cardArchive: 'test_flow_card_archive',
  cardRectify: 'test_flow_card_rectify',
} as const;

/** A flow card's states (DOMAIN §7; the rules in blade/modules/acceptance/README.md "States"). */
export const CARD_STATES = [
  'created',
  'inTest',
  'itemsDone',
  'reportDrafting',
  'archived',
  'rectification',
] as const;
export type CardState = (typeof CARD_STATES)[number];
/** States in which items are added, changed, removed or assigned. */
export const ITEMS_OPEN: readonly CardState[] = ['created', 'inTest', 'rectification'];
/** States in which items are started and their results recorded. */
export const TESTING: readonly CardState[] = ['inTest', 'rectification'];

export const ITEM_RESULTS = ['pass', 'fail', 'na'] as const;
export type ItemResult = (typeof ITEM_RESULTS)[number];

/** The archive function of a flow card's files (the items' reports); dataId = the card id. */
export const FLOW_CARD_FUNCTION = 'test_flow_card';

/** Ex protection types a test item may apply to (DOMAIN §0); '' on an item means every type (general tests). */
export const PROTECTION_TYPES = [
  'd',
  'e',
  'ia',
  'ib',
  'ic',
  'p',
  'o',
  'q',
  'n',
  'ma',
  'mb',
  'mc',
  't',
] as const;
const PROTECTION_LIST = new RegExp(`^((${PROTECTION_TYPES.join('|')})(,(${PROTECTION_TYPES.join('|')}))*)?$`);

export const testItemResource = defineResource({
  key: 'acceptance.item',
  table: 'business_test_item',
  ownership: 'tenant',
  defaultOrder: [{ column: 'item_code', direction: 'asc' }],
  stableOrder: true,
  fields: {
    itemCode: {
      kind: 'text',
      max: 32,
      required: 'acceptance.item.itemCodeRequired',
      search: 'like',
      sort: true,
    },
    name: { kind: 'text', max: 100, required: 'acceptance.item.nameRequired', search: 'like', sort: true },
    standardClause: { kind: 'text', max: 200, search: 'like' },
    method: { kind: 'textarea', max: 500, list: false },
    /** Comma-joined protection type codes (d,e,ia…); empty: a general test of every type. */
    protectionTypes: {
      kind: 'text',
      max: 200,
      pattern: { regex: PROTECTION_LIST, message: 'acceptance.item.protectionTypesInvalid' },
    },
    fee: { kind: 'money', nonNegative: true },
    accredited: { kind: 'flag', default: 0 },
    remark: { kind: 'textarea', max: 500, list: false },
  },
  unique: [{ fields: ['itemCode'], message: 'acceptance.item.itemCodeTaken' }],
  calls: standardCalls(`${BASE}/testItemsDict`, { list: 'page', submit: 'save' }),
  access: menuAccess(ACCEPTANCE_CODES.items, { listAlso: [ACCEPTANCE_CODES.cards] }),
  menu: {
    code: ACCEPTANCE_CODES.items,
    name: '检测项目',
    path: '/laboratory/testItem',
    icon: 'fact_check',
    parent: LABORATORY_GROUP,
    sort: 3,
    view: false,
    buttons: [{ code: ACCEPTANCE_CODES.itemsExport, name: '导出', alias: 'export', action: 1 }],
  },
});

export const flowCardResource = defineResource({
  key: 'acceptance.card',
  table: 'business_flow_card',
  ownership: 'tenant',
  defaultOrder: [{ column: 'id', direction: 'desc' }],
  stableOrder: true,
  fields: {
    cardNo: { kind: 'text', max: 64, required: 'acceptance.card.cardNoRequired', search: 'like', sort: true },
    applicationId: {
      kind: 'text',
      max: 20,
      acceptsNumber: true,
      search: 'eq',
      pattern: { regex: /^([1-9]\d{0,18})?$/, message: 'acceptance.card.applicationInvalid' },
    },
    sampleNo: { kind: 'text', max: 200, search: 'like' },
    remark: { kind: 'textarea', max: 500, list: false },
  },
  unique: [{ fields: ['cardNo'], message: 'acceptance.card.cardNoTaken' }],
  calls: standardCalls(`${BASE}/testFlowCard`, { list: 'page', submit: 'save' }),
  access: menuAccess(ACCEPTANCE_CODES.cards),
  menu: {
    code: ACCEPTANCE_CODES.cards,
    name: '检测流转卡',
    path: '/laboratory/testFlowCard',
    icon: 'assignment',
    parent: LABORATORY_GROUP,
    sort: 4,
    view: false,
    buttons: [
      { code: ACCEPTANCE_CODES.cardItem, name: '检测项目', alias: 'item', action: 2 },
      { code: ACCEPTANCE_CODES.cardReport, name: '检测报告', alias: 'report', action: 2 },
      { code: ACCEPTANCE_CODES.cardStart, name: '开始检测', alias: 'start', action: 2 },
      { code: ACCEPTANCE_CODES.cardFinish, name: '检测完成', alias: 'finish', action: 2 },
      { code: ACCEPTANCE_CODES.cardDraft, name: '编制报告', alias: 'draft', action: 2 },
      { code: ACCEPTANCE_CODES.cardArchive, name: '归档', alias: 'archive', action: 2 },
      { code: ACCEPTANCE_CODES.cardRectify, name: '整改完成', alias: 'rectify', action: 2 },
    ],
  },
});

export const ACCEPTANCE_CALLS = {
  oftenUsedItems: { method: 'GET', path: `${BASE}/testItemsDict/oftenUsedItems` },
  /** Beyond the catalogue: adding an item to a card (or changing its test item or instrument) needs a call. */
  itemSave: { method: 'POST', path: `${BASE}/testFlowCardItems/save` },
  itemRemove: { method: 'POST', path: `${BASE}/testFlowCardItems/remove` },
  uploadReport: { method: 'POST', path: `${BASE}/testFlowCardItems/uploadReport` },
  clearReport: { method: 'POST', path: `${BASE}/testFlowCardItems/clearReport` },
  updateRemark: { method: 'POST', path: `${BASE}/testFlowCardItems/updateRemark` },
  onlineEditing: { method: 'GET', path: `${BASE}/testFlowCardItems/onlineEditing` },
  certifiedProjects: { method: 'GET', path: `${BASE}/coverageEvaluationForm/certifiedProjects` },
  exportAuthKey: { method: 'GET', path: '/blade-cqst/exportExcel/getAuthKey' },
  // Beyond the catalogue: the card's states, its items' assignee and results, its history, the application picker.
  cardStart: { method: 'POST', path: `${BASE}/testFlowCard/startTest` },
  cardFinish: { method: 'POST', path: `${BASE}/testFlowCard/finishItems` },
  cardDraft: { method: 'POST', path: `${BASE}/testFlowCard/draftReport` },
  cardArchive: { method: 'POST', path: `${BASE}/testFlowCard/archive` },
  cardRectify: { method: 'POST', path: `${BASE}/testFlowCard/rectified` },
  cardHistory: { method: 'GET', path: `${BASE}/testFlowCard/history` },
  cardApplications: { method: 'GET', path: `${BASE}/testFlowCard/applications` },
  itemAssign: { method: 'POST', path: `${BASE}/testFlowCardItems/assign` },
  itemStart: { method: 'POST', path: `${BASE}/testFlowCardItems/start` },
  itemResult: { method: 'POST', path: `${BASE}/testFlowCardItems/recordResult` },
  /** Beyond the catalogue: the dictionary as a workbook, authorised by an export key alone (no session). */
  itemsExport: { method: 'GET', path: `${BASE}/testItemsDict/export` },
} as const;

/** The exports an export key can be for (the key is bound to one). */
export const EXPORTS = { testItems: ACCEPTANCE_CODES.itemsExport } as const;
export type ExportName = keyof typeof EXPORTS;
/** An export key's life: long enough to open a new window, too short to matter once leaked. */
export const EXPORT_KEY_TTL_SECONDS = 60;

const remark = z.string().trim().max(500, '长度不能超过500').optional().default('');

export const itemSaveInput = z.object({
  /** Absent: a new item of `cardId`; present: that item changes its test item or instrument. */
  id: z.preprocess((v) => (v === '' ? undefined : v), idSchema.optional()),
  cardId: idSchema,
  testItemId: idSchema,
  equipmentId: z.preprocess((v) => (v === '' || v === null ? undefined : v), idSchema.optional()),
  remark,
});
export const itemIdsInput = z.object({
  ids: idArraySchema.refine((ids) => ids.length > 0, '请选择检测项目'),
});
export const itemIdInput = z.object({ id: idSchema });
export const uploadReportInput = z.object({
  id: idSchema,
  fileId: z
    .string({ error: '请先上传报告文件' })
    .trim()
    .regex(/^[0-9a-f]{32}$/, '请先上传报告文件'),
});
export const updateRemarkInput = z.object({ id: idSchema, remark });
export const oftenUsedInput = z.object(pagingInput);
export const certifiedProjectsInput = z.object({ applicationId: idSchema });
export const exportKeyInput = z.object({
  export: z.enum(Object.keys(EXPORTS) as [ExportName, ...ExportName[]], { error: '未知的导出' }),
});

export const cardTransitionInput = z.object({ id: idSchema, remark });
export const cardIdInput = z.object({ id: idSchema });
export const cardApplicationsInput = z.object({
  applicationNo: z.string().trim().max(32).optional(),
  id: z.preprocess((v) => (v === '' ? undefined : v), idSchema.optional()),
  size: queryInt,
});
export const itemAssignInput = z.object({ id: idSchema, assigneeId: idSchema });
export const itemResultInput = z.object({
  id: idSchema,
  result: z.enum(ITEM_RESULTS, { error: '请选择检测结果' }),
  resultRemark: remark,
});

/** A card transition: the card locked, its state checked and changed, the history row written, in one transaction. */
const cardTransition = (
  name: string,
  call: { method: 'POST'; path: string },
  code: string,
  from: readonly CardState[],
  to: CardState,
) =>
  defineAction({
    name,
    call,
    input: cardTransitionInput,
    access: { codes: [code] },
    writes: true,
    transition: {
      table: 'business_flow_card',
      ownership: 'tenant',
      column: 'card_state',
      from,
      to,
      id: (input) => input.id,
      comment: (input) => input.remark,
    },
  });

export const CARD_TRANSITIONS = {
  startTest: cardTransition(
    'startTest',
    ACCEPTANCE_CALLS.cardStart,
    ACCEPTANCE_CODES.cardStart,
    ['created'],
    'inTest',
  ),
  finishItems: cardTransition(
    'finishItems',
    ACCEPTANCE_CALLS.cardFinish,
    ACCEPTANCE_CODES.cardFinish,
    ['inTest'],
    'itemsDone',
  ),
  draftReport: cardTransition(
    'draftReport',
    ACCEPTANCE_CALLS.cardDraft,
    ACCEPTANCE_CODES.cardDraft,
    ['itemsDone'],
    'reportDrafting',
  ),
  archive: cardTransition(
    'archive',
    ACCEPTANCE_CALLS.cardArchive,
    ACCEPTANCE_CODES.cardArchive,
    ['reportDrafting'],
    'archived',
  ),
  rectified: cardTransition(
    'rectified',
    ACCEPTANCE_CALLS.cardRectify,
    ACCEPTANCE_CODES.cardRectify,
    ['rectification'],
    'inTest',
  ),
} as const;
export type CardTransitionName = keyof typeof CARD_TRANSITIONS;
/** Which transitions a card's state offers (the screen's buttons; the server checks again). */
export const TRANSITIONS_FROM: Record<CardState, CardTransitionName[]> = {
  created: ['startTest'],
  inTest: ['finishItems'],
  itemsDone: ['draftReport'],
  reportDrafting: ['archive'],
  archived: [],
  rectification: ['rectified'],
};

const cardItemWrite = { codes: [ACCEPTANCE_CODES.cardItem] };
const cardReport = { codes: [ACCEPTANCE_CODES.cardReport] };
const cardRead = { codes: [ACCEPTANCE_CODES.cards] };

export const ACCEPTANCE_ACTIONS = [
  defineAction({
    name: 'oftenUsedItems',
    call: ACCEPTANCE_CALLS.oftenUsedItems,
    input: oftenUsedInput,
    access: { codes: [ACCEPTANCE_CODES.items, ACCEPTANCE_CODES.cards] },
    writes: false,
  }),
  defineAction({
    name: 'itemSave',
    call: ACCEPTANCE_CALLS.itemSave,
    input: itemSaveInput,
    access: cardItemWrite,
    writes: true,
  }),
  defineAction({
    name: 'itemRemove',
    call: ACCEPTANCE_CALLS.itemRemove,
    input: itemIdsInput,
    access: cardItemWrite,
    writes: true,
  }),
  defineAction({
    name: 'uploadReport',
    call: ACCEPTANCE_CALLS.uploadReport,
    input: uploadReportInput,
    access: cardReport,
    writes: true,
  }),
  defineAction({
    name: 'clearReport',
    call: ACCEPTANCE_CALLS.clearReport,
    input: itemIdInput,
    access: cardReport,
    writes: true,
  }),
  defineAction({
    name: 'updateRemark',
    call: ACCEPTANCE_CALLS.updateRemark,
    input: updateRemarkInput,
    access: cardItemWrite,
    writes: true,
  }),
  defineAction({
    name: 'onlineEditing',
    call: ACCEPTANCE_CALLS.onlineEditing,
    input: itemIdInput,
    access: cardRead,
    writes: false,
  }),
  defineAction({
    name: 'certifiedProjects',
    call: ACCEPTANCE_CALLS.certifiedProjects,
    input: certifiedProjectsInput,
    access: cardRead,
    writes: false,
  }),
  defineAction({
    name: 'exportAuthKey',
    call: ACCEPTANCE_CALLS.exportAuthKey,
    input: exportKeyInput,
    // Who may export is checked per export in the handler (the key is bound to one).
    access: {},
    // It stores the key: a GET that writes (the CSRF proof like a POST).
    writes: true,
  }),
  defineAction({
    name: 'cardHistory',
    call: ACCEPTANCE_CALLS.cardHistory,
    input: cardIdInput,
    access: cardRead,
    writes: false,
  }),
  defineAction({
    name: 'cardApplications',
    call: ACCEPTANCE_CALLS.cardApplications,
    input: cardApplicationsInput,
    access: cardRead,
    writes: false,
  }),
  defineAction({
    name: 'itemAssign',
    call: ACCEPTANCE_CALLS.itemAssign,
    input: itemAssignInput,
    access: cardItemWrite,
    writes: true,
  }),
  // The assignee or a holder of the card's edit button: checked in the handler against the item.
  defineAction({
    name: 'itemStart',
    call: ACCEPTANCE_CALLS.itemStart,
    input: itemIdInput,
    access: cardRead,
    writes: true,
  }),
  defineAction({
    name: 'recordResult',
    call: ACCEPTANCE_CALLS.itemResult,
    input: itemResultInput,
    access: cardRead,
    writes: true,
  }),
] as const;

/** A card's item as the calls answer it. */
export interface FlowCardItemVO {
  id: string;
  cardId: string;
  testItemId: string;
  itemCode: string;
  itemName: string;
  standardClause: string;
  equipmentId: string;
  assetNo: string;
  equipmentName: string;
  reportFileId: string;
  reportFileName: string;
  reportVersion: number;
  remark: string;
  assigneeId: string;
  assigneeName: string;
  startedAt: string;
  endedAt: string;
  /** '' while no result is recorded. */
  result: ItemResult | '';
  resultRemark: string;
  updateTime: string;
}

/** One row of a card's history: the card's state changes and its items' results. */
export interface CardHistoryVO {
  id: string;
  /** 'card' or the item's id. */
  itemId: string;
  itemName: string;
  action: string;
  from: string;
  to: string;
  comment: string;
  userName: string;
  time: string;
}

/** An application the card form may pick. */
export interface CardApplicationVO {
  id: string;
  applicationNo: string;
  productName: string;
  applicantName: string;
}

/** What onlineEditing answers: the current version to view, and why it cannot be edited here. */
export interface OnlineEditingVO {
  itemId: string;
  fileId: string;
  fileName: string;
  version: number;
  editable: false;
  reason: string;
}

/** certifiedProjects: the application's product and the dictionary items that cover it. */
export interface CoverageVO {
  applicationId: string;
  productName: string;
  exMarkings: string[];
  protectionTypes: string[];
  conclusion: 'covered' | 'partial' | 'notCovered';
  items: {
    testItemId: string;
    itemCode: string;
    name: string;
    standardClause: string;
    protectionTypes: string;
    accredited: boolean;
    fee: string;
    tested: boolean;
    reportVersion: number;
  }[];
}
