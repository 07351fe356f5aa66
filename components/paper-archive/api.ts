/**
 * The paper-archive calls (lib/contracts/paper-archive/paper-archive.ts) as the portal makes them, through the one
 * fetcher: a refusal is thrown as a BladeError carrying the server's words.
 */
import { bladeRequest } from '@/lib/client/fetcher';
import {
  PAPER_ARCHIVE_CALLS,
  type BorrowingVO,
  type BorrowKind,
  type ElectronicViewVO,
  type PaperArchiveVO,
} from '@/lib/contracts/paper-archive/paper-archive';

export interface Page<T> {
  records: T[];
  total: number;
  size: number;
  current: number;
  pages: number;
}

export interface ArchiveCounts {
  total: number;
  onLoan: number;
  inStock: number;
  toApprove: number;
  toLend: number;
}

type Params = Record<string, string | number | undefined>;
const api = (call: { path: string }) => `/api${call.path}`;
const get = async <T>(call: { path: string }, params: Params) =>
  (await bladeRequest<T>(api(call), { params })).data;
const post = async <T>(call: { path: string }, body: Record<string, unknown>) =>
  (await bladeRequest<T>(api(call), { method: 'POST', body })).data;

export const archivePage = (params: Params) => get<Page<PaperArchiveVO>>(PAPER_ARCHIVE_CALLS.page, params);
export const archiveCounts = () => get<ArchiveCounts>(PAPER_ARCHIVE_CALLS.count, {});
export const submitArchive = (body: Record<string, unknown>) =>
  post<PaperArchiveVO>(PAPER_ARCHIVE_CALLS.submit, body);

export const borrowingPage = (kind: BorrowKind, params: Params) =>
  get<Page<BorrowingVO>>(
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
export const startSignature = (id: string) => post<unknown>(PAPER_ARCHIVE_CALLS.startSignature, { id });
