/**
 * The invoice calls (lib/contracts/invoice/invoice.ts) as the portal makes them: every path is the proxy's (`/api` +
 * the blade path) through the one fetcher, so a refusal is toasted and thrown as a BladeError. The issued invoice's
 * file is uploaded into the invoice's archive first (components/files/upload.ts), then named by updateInvoiceById.
 */
import { uploadWithProgress } from '@/components/files/upload';
import { bladeRequest, proxied } from '@/lib/client/fetcher';
import {
  INVOICE_CALLS,
  INVOICE_FUNCTION,
  type InvoiceableNoteVO,
  type InvoiceInfoOptionVO,
  type InvoiceInfoVO,
  type InvoiceVO,
} from '@/lib/contracts/invoice/invoice';
import type { InfoDraft } from './rules';

export const INVOICE_PATHS = {
  page: proxied(INVOICE_CALLS.page),
  issue: proxied(INVOICE_CALLS.issue),
  reject: proxied(INVOICE_CALLS.reject),
  redFlush: proxied(INVOICE_CALLS.redFlush),
  infoList: proxied(INVOICE_CALLS.infoList),
  infoSave: proxied(INVOICE_CALLS.infoSave),
  infoRemove: proxied(INVOICE_CALLS.infoRemove),
  infoVoList: proxied(INVOICE_CALLS.infoVoList),
  apply: proxied(INVOICE_CALLS.apply),
  invoiceableNotes: proxied(INVOICE_CALLS.invoiceableNotes),
  tree: '/api/blade-resource/fileCatalog/selectFileList',
  upload: '/api/blade-resource/file/uploadFile',
} as const;

/** What the information form sends: its fields, the record's id on an edit, and whether it is the default. */
export interface InfoValues extends InfoDraft {
  id?: string;
  isDefault: 0 | 1;
}

export const saveInfo = async (values: InfoValues) =>
  (await bladeRequest<InvoiceInfoVO>(INVOICE_PATHS.infoSave, { method: 'POST', body: { ...values } })).data;

export const removeInfo = async (id: string) =>
  bladeRequest<boolean>(INVOICE_PATHS.infoRemove, { method: 'POST', body: { ids: id } });

export const infoOptions = async () =>
  (await bladeRequest<InvoiceInfoOptionVO[]>(INVOICE_PATHS.infoVoList)).data;

/** The notes with money to invoice (a company has few open ones: the first hundred are offered). */
export const openNotes = async () =>
  (
    await bladeRequest<{ records: InvoiceableNoteVO[] }>(INVOICE_PATHS.invoiceableNotes, {
      params: { current: 1, size: 100 },
    })
  ).data.records;

export interface ApplyValues {
  noteIds: string[];
  infoId: string;
  amount?: string;
  remark?: string;
}

export const applyInvoice = async (values: ApplyValues) =>
  (await bladeRequest<InvoiceVO>(INVOICE_PATHS.apply, { method: 'POST', body: { ...values } })).data;

const post = async (path: string, body: Record<string, unknown>) =>
  (await bladeRequest<InvoiceVO>(path, { method: 'POST', body })).data;

export const rejectInvoice = (id: string, reason: string) => post(INVOICE_PATHS.reject, { id, reason });
export const redFlushInvoice = (id: string, reason: string) => post(INVOICE_PATHS.redFlush, { id, reason });

type CatalogNode = { id: string };

/** The node of the invoice's archive the file goes to: the root's first child (发票文件). */
async function fileNode(invoiceId: string): Promise<string> {
  const level = async (parentId?: string) =>
    (
      await bladeRequest<{ records: CatalogNode[] }>(INVOICE_PATHS.tree, {
        params: { functionCode: INVOICE_FUNCTION, dataId: invoiceId, parentId },
      })
    ).data.records;
  const [root] = await level();
  const [node] = root ? await level(root.id) : [];
  return (node ?? root).id;
}

export interface IssueValues {
  invoiceNo: string;
  invoiceDate: string;
}

/** Uploads the issued invoice's file into its archive, then issues the invoice naming it. */
export async function issueInvoice(
  invoiceId: string,
  values: IssueValues,
  file: File,
  texts: { unknown: string; network: string },
): Promise<InvoiceVO> {
  const data = new FormData();
  data.append('functionCode', INVOICE_FUNCTION);
  data.append('dataId', invoiceId);
  data.append('fileCatalogId', await fileNode(invoiceId));
  data.append('file', file);
  const uploaded = await uploadWithProgress<{ id: string }>(INVOICE_PATHS.upload, data, {
    unknownErrorText: texts.unknown,
    networkErrorText: texts.network,
  });
  return post(INVOICE_PATHS.issue, { id: invoiceId, ...values, fileId: uploaded.data.id });
}
