/**
 * The certificate-change calls (lib/contracts/cert-change/cert-change.ts) as the portal makes them: every path is the
 * proxy's (`/api` + the blade path) and every call goes through the one fetcher (a refusal is toasted unless silent,
 * and thrown as a BladeError). A change file is uploaded into the change's archive node by the files calls.
 */
import { bladeRequest, proxied } from '@/lib/client/fetcher';
import { uploadWithProgress } from '@/components/files/upload';
import {
  CERT_CHANGE_CALLS,
  CERT_CHANGE_FUNCTIONS,
  type CertChangeDetailVO,
  type ChangeFileNodeVO,
  type ChangeScheme,
  type ChangeStep,
  type ChangeType,
  type Classification,
  type SnapshotVO,
} from '@/lib/contracts/cert-change/cert-change';

export const CHANGE_PATHS = {
  canApply: proxied(CERT_CHANGE_CALLS.canApply),
  classify: proxied(CERT_CHANGE_CALLS.classify),
  files: { ccc: proxied(CERT_CHANGE_CALLS.cccFiles), cqst: proxied(CERT_CHANGE_CALLS.cqstFiles) },
  save: { ccc: proxied(CERT_CHANGE_CALLS.saveCcc), cqst: proxied(CERT_CHANGE_CALLS.saveCqst) },
  submit: { ccc: proxied(CERT_CHANGE_CALLS.submitCcc), cqst: proxied(CERT_CHANGE_CALLS.submitCqst) },
  page: proxied(CERT_CHANGE_CALLS.page),
  detail: proxied(CERT_CHANGE_CALLS.detail),
  unified: proxied(CERT_CHANGE_CALLS.unifiedPage),
  upload: '/api/blade-resource/file/uploadFile',
  step: (name: ChangeStep) => proxied(CERT_CHANGE_CALLS[name]),
} as const;

export interface CanApplyVO {
  canApply: boolean;
  reason: string;
  openChangeId: string;
  openChangeNo: string;
  scheme: string;
}

export type AfterForm = Partial<Omit<SnapshotVO, 'models'>>;

export interface SaveBody {
  id?: string;
  certificateId: string;
  changeTypes: ChangeType[];
  reason?: string;
  after: AfterForm;
}

/** What the change form calls: the real calls by default, given by the unit tests. */
export interface ChangeApi {
  classify(types: ChangeType[], scheme: ChangeScheme): Promise<Classification>;
  save(scheme: ChangeScheme, body: SaveBody): Promise<CertChangeDetailVO>;
  files(scheme: ChangeScheme, id: string): Promise<ChangeFileNodeVO[]>;
  upload(scheme: ChangeScheme, id: string, nodeId: string, file: File): Promise<void>;
  submit(scheme: ChangeScheme, id: string): Promise<CertChangeDetailVO>;
}

const post = async <T>(path: string, body: Record<string, unknown>) =>
  (await bladeRequest<T>(path, { method: 'POST', body, silent: true })).data;

export const changeApi: ChangeApi = {
  classify: (changeTypes, scheme) => post<Classification>(CHANGE_PATHS.classify, { changeTypes, scheme }),
  save: (scheme, body) => post<CertChangeDetailVO>(CHANGE_PATHS.save[scheme], { ...body }),
  files: (scheme, id) => post<ChangeFileNodeVO[]>(CHANGE_PATHS.files[scheme], { id }),
  async upload(scheme, id, nodeId, file) {
    const data = new FormData();
    data.append('functionCode', CERT_CHANGE_FUNCTIONS[scheme]);
    data.append('dataId', id);
    data.append('fileCatalogId', nodeId);
    data.append('file', file);
    await uploadWithProgress(CHANGE_PATHS.upload, data, {});
  },
  submit: (scheme, id) => post<CertChangeDetailVO>(CHANGE_PATHS.submit[scheme], { id }),
};

export async function canApply(certificateId: string): Promise<CanApplyVO> {
  return (await bladeRequest<CanApplyVO>(CHANGE_PATHS.canApply, { params: { certificateId }, silent: true }))
    .data;
}

export async function changeStep(name: ChangeStep, id: string, reason?: string): Promise<CertChangeDetailVO> {
  return post<CertChangeDetailVO>(CHANGE_PATHS.step(name), { id, ...(reason ? { reason } : {}) });
}
