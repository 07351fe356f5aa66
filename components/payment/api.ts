/**
 * The payment-note calls (lib/contracts/payment/payment.ts) as the portal makes them: every path is the proxy's
 * (`/api` + the blade path) and every call goes through the one fetcher, so a refusal is toasted and thrown as a
 * BladeError. The bank slip is uploaded into the note's archive first (components/files/upload.ts), then named by
 * savePaymentVoucher.
 */
import { bladeRequest, proxied } from '@/lib/client/fetcher';
import { PAYMENT_CALLS, PAYMENT_FUNCTION, type PaymentNoteDetailVO } from '@/lib/contracts/payment/payment';
import { uploadWithProgress, type UploadProgress } from '@/components/files/upload';

export const PAYMENT_PATHS = {
  page: proxied(PAYMENT_CALLS.page),
  detail: proxied(PAYMENT_CALLS.detail),
  saveVoucher: proxied(PAYMENT_CALLS.saveVoucher),
  issue: proxied(PAYMENT_CALLS.issue),
  confirm: proxied(PAYMENT_CALLS.confirmVoucher),
  reject: proxied(PAYMENT_CALLS.rejectVoucher),
  cancel: proxied(PAYMENT_CALLS.cancel),
  tree: '/api/blade-resource/fileCatalog/selectFileList',
  upload: '/api/blade-resource/file/uploadFile',
} as const;

export async function noteDetail(id: string): Promise<PaymentNoteDetailVO> {
  return (await bladeRequest<PaymentNoteDetailVO>(PAYMENT_PATHS.detail, { params: { id } })).data;
}

const post = async (path: string, body: Record<string, unknown>) =>
  (await bladeRequest<PaymentNoteDetailVO>(path, { method: 'POST', body })).data;

/** A note by the number of what it bills: exactly one of an application's, a batch's or a change's (issue 16). */
export interface IssueForm {
  applicationNo?: string;
  batchNumber?: string;
  changeNo?: string;
  lines: { item: string; amount: string }[];
  totalAmount: string;
  dueDate?: string;
  remark?: string;
}

export const issueNote = (form: IssueForm) => post(PAYMENT_PATHS.issue, { ...form });
export const confirmVoucher = (id: string) => post(PAYMENT_PATHS.confirm, { id });
export const rejectVoucher = (id: string, reason: string) => post(PAYMENT_PATHS.reject, { id, reason });
export const cancelNote = (id: string, reason: string) => post(PAYMENT_PATHS.cancel, { id, reason });

export interface VoucherForm {
  amount: string;
  payDate: string;
  payerName: string;
  remark?: string;
}

type CatalogNode = { id: string };

/** The node of the note's archive the slip goes to: the root's first child (银行回单). */
async function slipNode(noteId: string): Promise<string> {
  const level = async (parentId?: string) =>
    (
      await bladeRequest<{ records: CatalogNode[] }>(PAYMENT_PATHS.tree, {
        params: { functionCode: PAYMENT_FUNCTION, dataId: noteId, parentId },
      })
    ).data.records;
  const [root] = await level();
  const [node] = root ? await level(root.id) : [];
  return (node ?? root).id;
}

/** Uploads the bank slip into the note's archive, then saves the voucher naming it. */
export async function payWithVoucher(
  noteId: string,
  form: VoucherForm,
  file: File,
  onProgress?: (progress: UploadProgress) => void,
  texts: { unknown: string; network: string } = { unknown: 'unknown error', network: 'network error' },
): Promise<PaymentNoteDetailVO> {
  const data = new FormData();
  data.append('functionCode', PAYMENT_FUNCTION);
  data.append('dataId', noteId);
  data.append('fileCatalogId', await slipNode(noteId));
  data.append('file', file);
  const uploaded = await uploadWithProgress<{ id: string }>(PAYMENT_PATHS.upload, data, {
    onProgress,
    unknownErrorText: texts.unknown,
    networkErrorText: texts.network,
  });
  return post(PAYMENT_PATHS.saveVoucher, { noteId, ...form, fileId: uploaded.data.id });
}
