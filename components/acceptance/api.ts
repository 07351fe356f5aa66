/**
 * The acceptance calls (lib/contracts/acceptance/acceptance.ts) as the portal makes them, through the one fetcher: a
 * refusal is thrown as a BladeError carrying the server's words. A report is uploaded into the card's archive first
 * (components/files/upload.ts), then named by uploadReport.
 */
import type { LookupSpec } from '@/components/crud/lookup-field';
import { uploadWithProgress } from '@/components/files/upload';
import { fileUrl } from '@/components/files/api';
import { bladeRequest, buildUrl, proxied } from '@/lib/client/fetcher';
import { withBasePath } from '@/lib/client/navigation';
import {
  ACCEPTANCE_CALLS,
  CARD_TRANSITIONS,
  FLOW_CARD_FUNCTION,
  flowCardResource,
  testItemResource,
  type CardApplicationVO,
  type CardHistoryVO,
  type CardState,
  type CardTransitionName,
  type CoverageVO,
  type ItemResult,
  type ExportName,
  type FlowCardItemVO,
  type OnlineEditingVO,
} from '@/lib/contracts/acceptance/acceptance';
import type { RowOf } from '@/lib/contracts/resource';
import type { BladePage } from '@/components/crud/types';

export type TestItemRow = RowOf<typeof testItemResource>;
export type FlowCardRow = RowOf<typeof flowCardResource> & { applicationNo: string; cardState: CardState };
export type FlowCardDetail = FlowCardRow & { items: FlowCardItemVO[] };

export const ACCEPTANCE_PATHS = {
  cardPage: proxied(flowCardResource.calls.list),
  cardDetail: proxied(flowCardResource.calls.detail!),
  itemPage: proxied(testItemResource.calls.list),
  equipmentPage: '/api/blade-combusiness/equipment/page',
  tree: '/api/blade-resource/fileCatalog/selectFileList',
  upload: '/api/blade-resource/file/uploadFile',
} as const;

const post = async <T>(call: { path: string }, body: Record<string, unknown>) =>
  (await bladeRequest<T>(proxied(call), { method: 'POST', body })).data;

export async function cardDetail(id: string): Promise<FlowCardDetail> {
  return (await bladeRequest<FlowCardDetail>(ACCEPTANCE_PATHS.cardDetail, { params: { id } })).data;
}

/** The card form's choices: the often-used items first, then the rest of the dictionary (one page of 500). */
export async function testItemOptions(): Promise<TestItemRow[]> {
  const [often, all] = await Promise.all([
    bladeRequest<BladePage<TestItemRow>>(proxied(ACCEPTANCE_CALLS.oftenUsedItems), { params: { size: 20 } }),
    bladeRequest<BladePage<TestItemRow>>(ACCEPTANCE_PATHS.itemPage, { params: { size: 500 } }),
  ]);
  const first = often.data.records;
  const seen = new Set(first.map((r) => r.id));
  return [...first, ...all.data.records.filter((r) => !seen.has(r.id))];
}

export interface EquipmentOption {
  id: string;
  assetNo: string;
  name: string;
  statusColor: 'green' | 'yellow' | 'red';
}

export async function equipmentOptions(): Promise<EquipmentOption[]> {
  return (
    await bladeRequest<BladePage<EquipmentOption>>(ACCEPTANCE_PATHS.equipmentPage, { params: { size: 500 } })
  ).data.records;
}

export const saveItem = (values: { id?: string; cardId: string; testItemId: string; equipmentId?: string }) =>
  post<FlowCardItemVO>(ACCEPTANCE_CALLS.itemSave, values);
export const removeItem = (id: string) => post(ACCEPTANCE_CALLS.itemRemove, { ids: [id] });
export const updateRemark = (id: string, remark: string) =>
  post<FlowCardItemVO>(ACCEPTANCE_CALLS.updateRemark, { id, remark });
export const clearReport = (id: string) => post<FlowCardItemVO>(ACCEPTANCE_CALLS.clearReport, { id });

/** The card archive's report folder: the root's first child (检测报告). */
async function reportNode(cardId: string): Promise<string> {
  const level = async (parentId?: string) =>
    (
      await bladeRequest<{ records: { id: string }[] }>(ACCEPTANCE_PATHS.tree, {
        params: { functionCode: FLOW_CARD_FUNCTION, dataId: cardId, parentId },
      })
    ).data.records;
  const [root] = await level();
  const [node] = root ? await level(root.id) : [];
  return (node ?? root).id;
}

/** Uploads the file into the card's archive, then makes it the item's report (the next version). */
export async function uploadReport(item: FlowCardItemVO, file: File): Promise<FlowCardItemVO> {
  const data = new FormData();
  data.append('functionCode', FLOW_CARD_FUNCTION);
  data.append('dataId', item.cardId);
  data.append('fileCatalogId', await reportNode(item.cardId));
  data.append('file', file);
  const fileId = (await uploadWithProgress<{ id: string }>(ACCEPTANCE_PATHS.upload, data, {})).data.id;
  return post<FlowCardItemVO>(ACCEPTANCE_CALLS.uploadReport, { id: item.id, fileId });
}

/** onlineEditing: the current version and why it is not edited here; the screen opens the version for viewing. */
export async function onlineEditing(id: string): Promise<OnlineEditingVO> {
  return (await bladeRequest<OnlineEditingVO>(proxied(ACCEPTANCE_CALLS.onlineEditing), { params: { id } }))
    .data;
}

export const reportViewUrl = (fileId: string) => fileUrl(fileId, false);

export async function coverage(applicationId: string): Promise<CoverageVO> {
  return (
    await bladeRequest<CoverageVO>(proxied(ACCEPTANCE_CALLS.certifiedProjects), {
      params: { applicationId },
    })
  ).data;
}

/**
 * An export in a new window: a single-use key first (with the session, through the proxy), then the export's URL
 * with only that key, so the session token never appears in a URL.
 */
export async function openExport(name: ExportName, lang: string): Promise<void> {
  const { authKey } = (
    await bladeRequest<{ authKey: string }>(proxied(ACCEPTANCE_CALLS.exportAuthKey), {
      params: { export: name },
    })
  ).data;
  window.open(
    withBasePath(buildUrl(proxied(ACCEPTANCE_CALLS.itemsExport), { authKey, lang })),
    '_blank',
    'noopener',
  );
}

export const moveCard = (name: CardTransitionName, id: string, remark: string) =>
  post<{ cardState: CardState }>(CARD_TRANSITIONS[name].call, { id, remark });
export const assignItem = (id: string, assigneeId: string) =>
  post<FlowCardItemVO>(ACCEPTANCE_CALLS.itemAssign, { id, assigneeId });
export const startItem = (id: string) => post<FlowCardItemVO>(ACCEPTANCE_CALLS.itemStart, { id });
export const recordResult = (id: string, result: ItemResult, resultRemark: string) =>
  post<FlowCardItemVO>(ACCEPTANCE_CALLS.itemResult, { id, result, resultRemark });

export async function cardHistory(id: string): Promise<CardHistoryVO[]> {
  return (await bladeRequest<CardHistoryVO[]>(proxied(ACCEPTANCE_CALLS.cardHistory), { params: { id } }))
    .data;
}

const applicationLabel = (a: CardApplicationVO) => `${a.applicationNo} ${a.productName}`.trim();

/** The card form's application picker: the tenant's applications by a fragment of the number, as one types. */
export const applicationLookup: LookupSpec = {
  search: async (text) =>
    (
      await bladeRequest<BladePage<CardApplicationVO>>(proxied(ACCEPTANCE_CALLS.cardApplications), {
        params: { applicationNo: text || undefined, size: 20 },
      })
    ).data.records.map((a) => ({ value: a.id, label: applicationLabel(a) })),
  resolve: async (id) => {
    const [found] = (
      await bladeRequest<BladePage<CardApplicationVO>>(proxied(ACCEPTANCE_CALLS.cardApplications), {
        params: { id },
      })
    ).data.records;
    return found && { value: found.id, label: applicationLabel(found) };
  },
};
