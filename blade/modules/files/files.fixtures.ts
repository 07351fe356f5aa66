import { nextId } from '../../core/ids';
import type { Db } from '../../db/tenant';
import { withTenant } from '../../db/tenant';
import { newFileId } from './file.service';

/** Test and bench data: catalogue nodes and presets written straight to the database. */

export interface NodeSpec {
  name: string;
  parentId?: string;
  fileType?: string;
  canAddAppNode?: number;
  canUpload?: number;
  canCover?: number;
  canDownload?: number;
  canView?: number;
  canDel?: number;
  canMultiUpload?: number;
  maxFileSize?: number;
  needStamped?: number;
}

export async function addCatalogNode(db: Db, tenantId: string, spec: NodeSpec): Promise<string> {
  const id = nextId();
  await withTenant(db, tenantId, async (trx) => {
    const parent = spec.parentId
      ? await trx
          .selectFrom('blade_file_catalog')
          .select('node_path')
          .where('id', '=', spec.parentId)
          .executeTakeFirstOrThrow()
      : undefined;
    await trx
      .insertInto('blade_file_catalog')
      .values({
        id,
        tenant_id: tenantId,
        parent_id: spec.parentId ?? '0',
        node_path: parent ? `${parent.node_path},${id}` : id,
        catalog_name: spec.name,
        file_type: spec.fileType ?? '',
        can_add_app_node: spec.canAddAppNode ?? 0,
        can_upload: spec.canUpload ?? 1,
        can_cover: spec.canCover ?? 0,
        can_download: spec.canDownload ?? 1,
        can_view: spec.canView ?? 1,
        can_del: spec.canDel ?? 1,
        can_multi_upload: spec.canMultiUpload ?? 0,
        max_file_size: spec.maxFileSize ?? 0,
        need_stamped: spec.needStamped ?? 0,
      })
      .execute();
  });
  return id;
}

export async function addPreset(
  db: Db,
  tenantId: string,
  functionCode: string,
  catalogId: string,
): Promise<string> {
  const id = nextId();
  await withTenant(db, tenantId, (trx) =>
    trx
      .insertInto('blade_file_preset')
      .values({ id, tenant_id: tenantId, function_code: functionCode, file_catalog_id: catalogId })
      .execute(),
  );
  return id;
}

/**
 * A large record: one root with `folders` folders of `leavesPerFolder` leaves each, and `filesPerLeaf` file rows in
 * every leaf (rows only, no bytes: enough to measure the tree). Inserted in batches.
 */
export async function seedLargeTree(
  db: Db,
  tenantId: string,
  opts: {
    functionCode: string;
    dataId: string;
    folders: number;
    leavesPerFolder: number;
    filesPerLeaf: number;
  },
): Promise<{ rootId: string; nodeCount: number; fileCount: number }> {
  const rootId = await addCatalogNode(db, tenantId, { name: '大型档案' });
  await addPreset(db, tenantId, opts.functionCode, rootId);
  const nodes: { id: string; parent_id: string; node_path: string; catalog_name: string; sort: number }[] =
    [];
  const files: { id: string; path: string; leaf: string }[] = [];
  for (let f = 0; f < opts.folders; f++) {
    const folderId = nextId();
    nodes.push({
      id: folderId,
      parent_id: rootId,
      node_path: `${rootId},${folderId}`,
      catalog_name: `文件夹 ${f + 1}`,
      sort: f,
    });
    for (let l = 0; l < opts.leavesPerFolder; l++) {
      const leafId = nextId();
      const path = `${rootId},${folderId},${leafId}`;
      nodes.push({
        id: leafId,
        parent_id: folderId,
        node_path: path,
        catalog_name: `目录 ${f + 1}-${l + 1}`,
        sort: l,
      });
      for (let k = 0; k < opts.filesPerLeaf; k++) files.push({ id: newFileId(), path, leaf: leafId });
    }
  }
  await withTenant(db, tenantId, async (trx) => {
    for (let i = 0; i < nodes.length; i += 1000) {
      await trx
        .insertInto('blade_file_catalog')
        .values(nodes.slice(i, i + 1000).map((n) => ({ ...n, tenant_id: tenantId })))
        .execute();
    }
    for (let i = 0; i < files.length; i += 1000) {
      await trx
        .insertInto('blade_file')
        .values(
          files.slice(i, i + 1000).map((f, j) => ({
            id: f.id,
            tenant_id: tenantId,
            storage: 'local',
            object_key: `${tenantId}/seed/${f.id}.png`,
            original_filename: `文件${i + j}.png`,
            suffix: 'png',
            content_type: 'image/png',
            size: 1,
            sha256: '0'.repeat(64),
            function_code: opts.functionCode,
            data_id: opts.dataId,
            file_catalog_id: f.leaf,
            node_path: f.path,
          })),
        )
        .execute();
    }
  });
  return { rootId, nodeCount: nodes.length + 1, fileCount: files.length };
}
