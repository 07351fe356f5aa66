/**
 * The equipment calls (lib/contracts/equipment/equipment.ts) as the portal makes them, through the one fetcher: a
 * refusal is thrown as a BladeError carrying the server's words. A certificate's scan is uploaded into the
 * instrument's archive first (components/files/upload.ts), then named by the certificate's save.
 */
import { bladeRequest, proxied } from '@/lib/client/fetcher';
import { uploadWithProgress } from '@/components/files/upload';
import {
  certResource,
  EQUIPMENT_FUNCTION,
  equipmentResource,
  USAGE_CALLS,
  type EquipmentStatusVO,
  type EquipmentUsageVO,
} from '@/lib/contracts/equipment/equipment';
import type { RowOf } from '@/lib/contracts/resource';
import type { BladePage } from '@/components/crud/types';

export type EquipmentRow = RowOf<typeof equipmentResource> & EquipmentStatusVO;
export type CertRow = RowOf<typeof certResource> & { fileName: string };
export type EquipmentDetail = EquipmentRow & { certificates: CertRow[] };

export const EQUIPMENT_PATHS = {
  page: proxied(equipmentResource.calls.list),
  detail: proxied(equipmentResource.calls.detail!),
  certSave: proxied(certResource.calls.submit),
  certRemove: proxied(certResource.calls.remove),
  usagePage: proxied(USAGE_CALLS.page),
  usageList: proxied(USAGE_CALLS.list),
  usageSave: proxied(USAGE_CALLS.save),
  usageUpdate: proxied(USAGE_CALLS.update),
  begin: proxied(USAGE_CALLS.begin),
  end: proxied(USAGE_CALLS.end),
  exceptionEnd: proxied(USAGE_CALLS.exceptionEnd),
  beginUse: proxied(USAGE_CALLS.beginUseEquipment),
  tree: '/api/blade-resource/fileCatalog/selectFileList',
  upload: '/api/blade-resource/file/uploadFile',
} as const;

const post = async <T>(path: string, body: Record<string, unknown>) =>
  (await bladeRequest<T>(path, { method: 'POST', body })).data;

export async function equipmentDetail(id: string): Promise<EquipmentDetail> {
  return (await bladeRequest<EquipmentDetail>(EQUIPMENT_PATHS.detail, { params: { id } })).data;
}

/** Every instrument the caller may book (one page of the picker: the list is capped at 500). */
export async function equipmentOptions(): Promise<EquipmentRow[]> {
  return (await bladeRequest<BladePage<EquipmentRow>>(EQUIPMENT_PATHS.page, { params: { size: 500 } })).data
    .records;
}

/** The bookings overlapping a window (`from`, `to`): the week view's call. */
export async function usageList(params: Record<string, string | number | undefined>) {
  return (await bladeRequest<BladePage<EquipmentUsageVO>>(EQUIPMENT_PATHS.usageList, { params })).data;
}

export async function usagePage(params: Record<string, string | number | undefined>) {
  return (await bladeRequest<BladePage<EquipmentUsageVO>>(EQUIPMENT_PATHS.usagePage, { params })).data;
}

export interface BookingValues {
  id?: string;
  equipmentId: string;
  /** `yyyy-MM-dd HH:mm` (server time). */
  startTime: string;
  endTime: string;
  purpose: string;
}

export const saveBooking = (values: BookingValues) =>
  post<EquipmentUsageVO>(values.id ? EQUIPMENT_PATHS.usageUpdate : EQUIPMENT_PATHS.usageSave, { ...values });
export const beginBooking = (id: string) => post<EquipmentUsageVO>(EQUIPMENT_PATHS.begin, { id });
export const endBooking = (id: string) => post<EquipmentUsageVO>(EQUIPMENT_PATHS.end, { id });
/** Walk-up use: the instrument in use from now until `endTime` (`yyyy-MM-dd HH:mm`). */
export const beginUse = (id: string, endTime: string, purpose: string) =>
  post<EquipmentUsageVO>(EQUIPMENT_PATHS.beginUse, { id, endTime, purpose });
export const exceptionEndBooking = (id: string, reason: string) =>
  post<EquipmentUsageVO>(EQUIPMENT_PATHS.exceptionEnd, { id, reason });

export interface CertValues {
  equipmentId: string;
  certNo: string;
  agency: string;
  calibrationDate: string;
  validTo: string;
  result: string;
  remark?: string;
}

/** The node of the instrument's archive the scans go to: the root's first child (计量证书). */
async function certNode(equipmentId: string): Promise<string> {
  const level = async (parentId?: string) =>
    (
      await bladeRequest<{ records: { id: string }[] }>(EQUIPMENT_PATHS.tree, {
        params: { functionCode: EQUIPMENT_FUNCTION, dataId: equipmentId, parentId },
      })
    ).data.records;
  const [root] = await level();
  const [node] = root ? await level(root.id) : [];
  return (node ?? root).id;
}

/** Uploads the scan (if any) into the instrument's archive, then saves the certificate naming it. */
export async function saveCert(values: CertValues, file: File | null): Promise<void> {
  let fileId: string | undefined;
  if (file) {
    const data = new FormData();
    data.append('functionCode', EQUIPMENT_FUNCTION);
    data.append('dataId', values.equipmentId);
    data.append('fileCatalogId', await certNode(values.equipmentId));
    data.append('file', file);
    fileId = (await uploadWithProgress<{ id: string }>(EQUIPMENT_PATHS.upload, data, {})).data.id;
  }
  await post(EQUIPMENT_PATHS.certSave, { ...values, ...(fileId ? { fileId } : {}) });
}

export const removeCert = (id: string) => post(EQUIPMENT_PATHS.certRemove, { ids: id });
