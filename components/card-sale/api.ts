/**
 * The mark-order calls (lib/contracts/card-sale/card-sale.ts) as the portal makes them: every path is the proxy's
 * (`/api` + the blade path), every call through the one fetcher (a refusal is toasted and thrown as a BladeError). The
 * signed form is uploaded into the order's archive first (components/files/upload.ts), then named by uploadCccCardSale.
 */
import { bladeRequest, proxied } from '@/lib/client/fetcher';
import {
  CARD_SALE_CALLS,
  CARD_SALE_FUNCTION,
  type CardSaleDetailVO,
  type CardSaleInitVO,
} from '@/lib/contracts/card-sale/card-sale';
import { PAYMENT_CALLS } from '@/lib/contracts/payment/payment';
import { uploadWithProgress } from '@/components/files/upload';

export const CARD_SALE_PATHS = {
  goods: proxied(CARD_SALE_CALLS.goodsList),
  init: proxied(CARD_SALE_CALLS.init),
  detail: proxied(CARD_SALE_CALLS.detail),
  save: proxied(CARD_SALE_CALLS.save),
  submit: proxied(CARD_SALE_CALLS.submit),
  upload: proxied(CARD_SALE_CALLS.upload),
  page: proxied(CARD_SALE_CALLS.page),
  cancel: proxied(CARD_SALE_CALLS.cancel),
  receive: proxied(CARD_SALE_CALLS.receive),
  review: proxied(CARD_SALE_CALLS.review),
  reject: proxied(CARD_SALE_CALLS.reject),
  ship: proxied(CARD_SALE_CALLS.ship),
  issueNote: proxied(PAYMENT_CALLS.issue),
  tree: '/api/blade-resource/fileCatalog/selectFileList',
  uploadFile: '/api/blade-resource/file/uploadFile',
} as const;

const post = async (path: string, body: Record<string, unknown>) =>
  (await bladeRequest<CardSaleDetailVO>(path, { method: 'POST', body })).data;

export async function initSale(): Promise<CardSaleInitVO> {
  return (await bladeRequest<CardSaleInitVO>(CARD_SALE_PATHS.init, { method: 'POST', body: {} })).data;
}

export async function saleDetail(id: string): Promise<CardSaleDetailVO> {
  return (await bladeRequest<CardSaleDetailVO>(CARD_SALE_PATHS.detail, { params: { id } })).data;
}

export interface SaleForm {
  id?: string;
  certificateIds: string[];
  lines: { goodsId: string; quantity: number }[];
  totalAmount: string;
  shipTo: string;
}

export const saveSale = (form: SaleForm) => post(CARD_SALE_PATHS.save, { ...form });
export const submitSale = (id: string) => post(CARD_SALE_PATHS.submit, { id });
export const cancelSale = (id: string) => post(CARD_SALE_PATHS.cancel, { id });
export const receiveSale = (id: string) => post(CARD_SALE_PATHS.receive, { id });
export const reviewSale = (id: string) => post(CARD_SALE_PATHS.review, { id });
export const rejectSale = (id: string, reason: string) => post(CARD_SALE_PATHS.reject, { id, reason });
export const shipSale = (id: string, trackingNo: string) => post(CARD_SALE_PATHS.ship, { id, trackingNo });
export const issueSaleNote = async (cardSaleId: string) =>
  (
    await bladeRequest<{ noteNo: string }>(CARD_SALE_PATHS.issueNote, {
      method: 'POST',
      body: { cardSaleId },
    })
  ).data;

type CatalogNode = { id: string };

/** The archive's document nodes of an order: [0] the application form, [1] the authorisation letter. */
async function documentNodes(saleId: string): Promise<CatalogNode[]> {
  const level = async (parentId?: string) =>
    (
      await bladeRequest<{ records: CatalogNode[] }>(CARD_SALE_PATHS.tree, {
        params: { functionCode: CARD_SALE_FUNCTION, dataId: saleId, parentId },
      })
    ).data.records;
  const [root] = await level();
  return root ? level(root.id) : [];
}

/** Uploads the signed form (or the authorisation letter) into the order's archive, then records it on the order. */
export async function uploadSaleFile(
  saleId: string,
  kind: 'form' | 'authLetter',
  file: File,
  texts: { unknown: string; network: string },
): Promise<CardSaleDetailVO> {
  const nodes = await documentNodes(saleId);
  const node = nodes[kind === 'form' ? 0 : 1] ?? nodes[0];
  const data = new FormData();
  data.append('functionCode', CARD_SALE_FUNCTION);
  data.append('dataId', saleId);
  data.append('fileCatalogId', node.id);
  data.append('file', file);
  const uploaded = await uploadWithProgress<{ id: string }>(CARD_SALE_PATHS.uploadFile, data, {
    unknownErrorText: texts.unknown,
    networkErrorText: texts.network,
  });
  return post(CARD_SALE_PATHS.upload, {
    id: saleId,
    [kind === 'form' ? 'formFileId' : 'authLetterFileId']: uploaded.data.id,
  });
}
