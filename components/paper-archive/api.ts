/**
 * The paper-archive calls (lib/contracts/paper-archive/paper-archive.ts) as the portal makes them, through the one
 * fetcher: a refusal is thrown as a BladeError carrying the server's words.
 */
import { bladeRequest, buildUrl, proxied } from '@/lib/client/fetcher';
import { withBasePath } from '@/lib/client/navigation';
import {
  PAPER_ARCHIVE_CALLS,
  type ArchiveFileVO,
  type SignaturePrintVO,
  type BorrowingVO,
  type BorrowKind,
  type ElectronicViewVO,
  type PaperArchiveVO,
} from '@/lib/contracts/paper-archive/paper-archive';
import type { BladePage } from '@/components/crud/types';

export interface ArchiveCounts {
  total: number;
  onLoan: number;
  inStock: number;
  toApprove: number;
  toLend: number;
}

type Params = Record<string, string | number | undefined>;
const get = async <T>(call: { path: string }, params: Params) =>
  (await bladeRequest<T>(proxied(call), { params })).data;
const post = async <T>(call: { path: string }, body: Record<string, unknown>) =>
  (await bladeRequest<T>(proxied(call), { method: 'POST', body })).data;

export const archivePage = (params: Params) =>
  get<BladePage<PaperArchiveVO>>(PAPER_ARCHIVE_CALLS.page, params);
export const archiveCounts = () => get<ArchiveCounts>(PAPER_ARCHIVE_CALLS.count, {});
export const submitArchive = (body: Record<string, unknown>) =>
  post<PaperArchiveVO>(PAPER_ARCHIVE_CALLS.submit, body);

export const borrowingPage = (kind: BorrowKind, params: Params) =>
  get<BladePage<BorrowingVO>>(
    kind === 'paper' ? PAPER_ARCHIVE_CALLS.paperPage : PAPER_ARCHIVE_CALLS.ePage,
    params,
  );
export const requestPaper = (body: Record<string, unknown>) =>
  post<BorrowingVO>(PAPER_ARCHIVE_CALLS.paperSave, body);
export const requestElectronic = (body: Record<string, unknown>) =>
  post<BorrowingVO>(PAPER_ARCHIVE_CALLS.eSave, body);
export const approveBorrowing = (kind: BorrowKind, body: { id: string; pass: boolean; remark: string }) =>
  post<BorrowingVO>(kind === 'paper' ? PAPER_ARCHIVE_CALLS.paperApprove : PAPER_ARCHIVE_CALLS.eApprove, body);
export const lendArchive = (id: string) => post<BorrowingVO>(PAPER_ARCHIVE_CALLS.manageBorrow, { id });
export const returnArchive = (id: string, remark: string) =>
  post<BorrowingVO>(PAPER_ARCHIVE_CALLS.manageReturn, { id, remark });
export const viewElectronic = (id: string) => post<ElectronicViewVO>(PAPER_ARCHIVE_CALLS.eView, { id });
export const printFiles = (archiveId: string) =>
  get<ArchiveFileVO[]>(PAPER_ARCHIVE_CALLS.printFiles, { archiveId });
export const startSignature = (archiveId: string, fileId: string) =>
  post<SignaturePrintVO>(PAPER_ARCHIVE_CALLS.startSignature, { archiveId, fileId });

/**
 * Opens a print's stamped PDF in a new window for printing: the URL carries the print's short-lived key, never the
 * session token (the proxy adds the session).
 */
export function openPrinted(print: SignaturePrintVO): void {
  const url = buildUrl(proxied(PAPER_ARCHIVE_CALLS.printOpen), { id: print.printId, authKey: print.authKey });
  window.open(withBasePath(url), '_blank', 'noopener');
}

/** Opens one file of a running electronic loan in a new window (a key first, then the logged open). */
export async function openLoanFile(borrowingId: string, fileId: string): Promise<void> {
  const { authKey } = await post<{ authKey: string }>(PAPER_ARCHIVE_CALLS.eFileKey, {
    id: borrowingId,
    fileId,
  });
  const url = buildUrl(proxied(PAPER_ARCHIVE_CALLS.eOpenFile), { id: borrowingId, fileId, authKey });
  window.open(withBasePath(url), '_blank', 'noopener');
}
