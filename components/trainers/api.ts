import useSWR from 'swr';
import { bladeRequest } from '@/lib/client/fetcher';
import { uploadWithProgress, type UploadProgress } from '@/components/files/upload';
import { CNEX_FUNCTION_CODE, type TrainerValues, type TrainerVO } from '@/lib/contracts/application/trainers';

/** The trainers calls (blade/modules/trainers/README.md) as the portal's proxy serves them. */
const BASE = '/api/blade-customer/trainers';
export const TRAINER_PATHS = {
  list: `${BASE}/selectTrainersListByCnexId`,
  add: `${BASE}/saveTrainers`,
  update: `${BASE}/updateTrainersById`,
  registerScan: `${BASE}/updateRegisterFormScanId`,
  studentFile: `${BASE}/insertCnexTrainStudentFile`,
  submit: `${BASE}/submitTrainers`,
  upload: '/api/blade-resource/file/uploadFile',
  tree: '/api/blade-resource/fileCatalog/selectFileList',
} as const;

export function useTrainers(cnexId: string) {
  return useSWR<TrainerVO[]>([TRAINER_PATHS.list, { cnexId }]);
}

/** Adds (no id) or updates a person; refusals come back to the form (silent: the dialog shows them). */
export async function saveTrainer(cnexId: string, id: string | undefined, values: TrainerValues) {
  const body = { ...values, units: values.units.join(',') };
  const path = id ? TRAINER_PATHS.update : TRAINER_PATHS.add;
  return (
    await bladeRequest<TrainerVO>(path, {
      method: 'POST',
      body: id ? { id, ...body } : { cnexId, ...body },
      silent: true,
    })
  ).data;
}

export async function submitTrainers(cnexId: string) {
  return (
    await bladeRequest<{ count: number; records: TrainerVO[] }>(TRAINER_PATHS.submit, {
      method: 'POST',
      body: { cnexId },
    })
  ).data;
}

interface TreeNode {
  id: string;
  catalogCode: string;
  canUpload: number;
  hasChildren: boolean;
}

/**
 * (Silent: the panel shows a refusal once.) The node of the CNEx record's archive the persons' files go into: the first node the caller may upload into,
 * preferring one whose catalogue code names persons, among the roots and their children. The archive's layout is the
 * applications module's configuration, so the panel looks it up instead of knowing an id.
 */
export async function findUploadNode(cnexId: string): Promise<string | undefined> {
  const level = async (parentId?: string) =>
    (
      await bladeRequest<{ records: TreeNode[] }>(TRAINER_PATHS.tree, {
        params: { functionCode: CNEX_FUNCTION_CODE, dataId: cnexId, parentId, size: 100 },
        silent: true,
      })
    ).data.records;
  const roots = await level();
  const children = (await Promise.all(roots.filter((r) => r.hasChildren).map((r) => level(r.id)))).flat();
  const candidates = [...roots, ...children].filter((n) => n.canUpload === 1);
  const preferred = candidates.find((n) => /person|trainer|register/i.test(n.catalogCode));
  return (preferred ?? candidates[0])?.id;
}

/** Uploads into the record's archive, then links the new file to the person's slot. Refusals are the caller's to show. */
export async function uploadAndLink(options: {
  cnexId: string;
  fileCatalogId: string;
  trainerId: string;
  slot: 'registerScan' | 'studentFile';
  file: File;
  onProgress?: (progress: UploadProgress) => void;
}): Promise<TrainerVO> {
  const form = new FormData();
  // The archive fields before the file: the node's size limit applies while the bytes stream.
  form.append('functionCode', CNEX_FUNCTION_CODE);
  form.append('dataId', options.cnexId);
  form.append('fileCatalogId', options.fileCatalogId);
  form.append('file', options.file);
  const uploaded = await uploadWithProgress<{ id: string }>(TRAINER_PATHS.upload, form, {
    onProgress: options.onProgress,
  });
  return (
    await bladeRequest<TrainerVO>(TRAINER_PATHS[options.slot], {
      method: 'POST',
      body: { id: options.trainerId, fileId: uploaded.data.id },
      silent: true,
    })
  ).data;
}
