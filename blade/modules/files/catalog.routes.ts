import type { z } from 'zod';
import {
  catalogAddNode,
  catalogNodeFiles,
  catalogRemoveNode,
  catalogRenameNode,
  catalogSetRemark,
  catalogTreeLevel,
  companyCatalogTreeLevel,
  customerCatalogTreeLevel,
} from '../../../lib/contracts/files/catalog.actions';
import { actionRouter, type ActionHandler } from '../../core/action';
import type { AuthUser, Deps } from '../../core/context';
import { NotFoundError, ServiceError } from '../../core/errors';
import { nextId } from '../../core/ids';
import { fetchPage, toPage } from '../../core/page';
import type { Trx } from '../../db/tenant';
import {
  callerRules,
  childNodes,
  nodeVO,
  recordNodeRows,
  resolveNode,
  type CallerRules,
  type RecordRef,
  type ResolvedNode,
} from './catalog.service';
import { fileAccess, MSG_NODE_NOT_FOUND } from './access';
import { fileVO, nodeFiles, recordFiles, type FileRow } from './file.repository';
import { recordHistory } from './history.repository';
import { listRequest } from './list-request';

export const TREE_PAGE_SIZE = 100;

/** The page of a tree level or a node's files (their order is fixed; a sort asked for is refused). */
function pageOf(input: Partial<Record<string, string>>) {
  return listRequest(input as Record<string, string>, {}, TREE_PAGE_SIZE).page;
}

/**
 * A file row of the file table: the file plus the flags that decide its buttons (000 §3, §6) — the node's, as this
 * caller may use them (callerRules).
 */
export function fileRowVO(file: FileRow, r: CallerRules) {
  return {
    ...fileVO(file),
    mustUpload: r.mustUpload,
    canUpload: r.canUpload,
    canDownload: r.canDownload,
    canView: r.canView,
    canDel: file.is_stamped === 1 ? 0 : r.canDel,
    canCover: r.canCover,
    needStamped: r.needStamped,
    canEdit: r.canEdit,
  };
}

/** The record's archive tree: the declared calls of lib/contracts/files/catalog.actions.ts. */
export function catalogRoutes(deps: Deps) {
  const { router, serve } = actionRouter(deps);

  // One level of the record's tree (empty parentId: the roots), each node with its rules, counts, missing mark and
  // `fileList` (its own files). Children load when a node is expanded.
  for (const level of [catalogTreeLevel, customerCatalogTreeLevel, companyCatalogTreeLevel])
    serve(level, async ({ trx, auth, input }) => {
      const record: RecordRef = input;
      const page = pageOf(input);
      const access = await fileAccess(deps, auth, trx);
      await access.record(trx, record, 'read');
      const rights = await access.rights(trx, record);
      const found = await childNodes(trx, auth.tenantId, record, input.parentId, page, rights);
      if (!found) throw new NotFoundError(MSG_NODE_NOT_FOUND);
      const files = await nodeFiles(
        trx,
        auth.tenantId,
        record,
        found.nodes.map((n) => n.id),
      );
      const byNode = new Map<string, FileRow[]>();
      for (const f of files) byNode.set(f.file_catalog_id!, [...(byNode.get(f.file_catalog_id!) ?? []), f]);
      const nodes = found.nodes.map((n) => ({
        ...n,
        fileList: (byNode.get(n.id) ?? []).map((f) => fileRowVO(f, n)),
      }));
      return toPage(nodes, found.total, page);
    });

  // The node's files with their button flags; a node marked missing answers a first row with isFile 0, isMissing 1.
  serve(catalogNodeFiles, async ({ trx, auth, input }) => {
    const record: RecordRef = input;
    const nodeId = input.fileCatalogId;
    const page = pageOf(input);
    const access = await fileAccess(deps, auth, trx);
    await access.record(trx, record, 'read');
    const node = await resolveNode(trx, auth.tenantId, record, nodeId);
    if (!node) throw new NotFoundError(MSG_NODE_NOT_FOUND);
    const rules = callerRules(node.rules, await access.rights(trx, record));
    const { rows, total } = await fetchPage(
      recordFiles(trx, auth.tenantId, record).where('file_catalog_id', '=', nodeId),
      (qb) => qb.selectAll(),
      page,
      [],
      [
        { column: 'create_time', direction: 'asc' },
        { column: 'id', direction: 'asc' },
      ],
    );
    const missing = await trx
      .selectFrom('blade_file_missing')
      .select(['id', 'create_time'])
      .where('tenant_id', '=', auth.tenantId)
      .where('data_id', '=', record.dataId)
      .where('file_catalog_id', '=', nodeId)
      .executeTakeFirst();
    const records: Record<string, unknown>[] = rows.map((f) => fileRowVO(f, rules));
    if (missing && page.current === 1)
      records.unshift({
        id: missing.id,
        isFile: 0,
        isMissing: 1,
        originalFilename: node.catalogName,
        fileCatalogId: nodeId,
        dataId: record.dataId,
        nodePath: node.nodePath,
        ...rules,
      });
    return toPage(records, total, page);
  });

  // Adds a node to this record's tree under a node whose canAddAppNode is 1; answers it in selectFileList's shape.
  serve(catalogAddNode, async ({ trx, auth, input }) => {
    const record: RecordRef = input;
    const parentId = input.parentId;
    const access = await fileAccess(deps, auth, trx);
    await access.record(trx, record, 'edit');
    const parent = await resolveNode(trx, auth.tenantId, record, parentId);
    if (!parent) throw new NotFoundError(MSG_NODE_NOT_FOUND);
    if (parent.rules.canAddAppNode !== 1) throw new ServiceError('该目录不允许添加子目录');
    const id = nextId();
    await trx
      .insertInto('blade_file_catalog_using')
      .values({
        id,
        tenant_id: auth.tenantId,
        function_code: record.functionCode,
        data_id: record.dataId,
        parent_id: parentId,
        node_path: `${parent.nodePath},${id}`,
        catalog_name: input.catalogName,
        create_user: auth.userId,
        update_user: auth.userId,
      })
      .execute();
    await recordHistory(trx, auth, {
      dataId: record.dataId,
      fileCatalogId: id,
      action: 'add-node',
      detail: input.catalogName,
    });
    const node = await resolveNode(trx, auth.tenantId, record, id);
    // A new node is an empty leaf: the same shape selectFileList answers, so the client can show it at once.
    return node
      ? nodeVO(
          node,
          { isLeaf: true, fileCount: 0, nodeFileCount: 0, isMissing: false },
          await access.rights(trx, record),
        )
      : null;
  });

  /**
   * Writes the record's overlay of a library node (a remark), or updates a node the record added (rename, remark,
   * removal). `change` runs after the node is resolved, in the same transaction, so its checks see the same state.
   */
  const overlay =
    <I extends { functionCode: string; dataId: string; fileCatalogId: string }>(
      change: (
        node: ResolvedNode,
        input: I,
        trx: Trx,
        auth: AuthUser,
      ) => Promise<{ catalog_name?: string; remark?: string; is_removed?: number }>,
      action: 'rename' | 'remark' | 'remove-node',
    ): ActionHandler<z.ZodType<I>> =>
    async ({ trx, auth, input }) => {
      const record: RecordRef = input;
      const nodeId = input.fileCatalogId;
      const access = await fileAccess(deps, auth, trx);
      await access.record(trx, record, 'edit');
      const node = await resolveNode(trx, auth.tenantId, record, nodeId);
      if (!node) throw new NotFoundError(MSG_NODE_NOT_FOUND);
      const values = await change(node, input, trx, auth);
      // An added node is its own row; a library node's overlay row is written on its first change.
      const rowId = node.isAppNode
        ? nodeId
        : (
            await recordNodeRows(trx, auth.tenantId, record)
              .select('id')
              .where('catalog_id', '=', nodeId)
              .executeTakeFirst()
          )?.id;
      if (rowId)
        await trx
          .updateTable('blade_file_catalog_using')
          .set({ ...values, update_user: auth.userId, update_time: new Date() })
          .where('tenant_id', '=', auth.tenantId)
          .where('id', '=', rowId)
          .execute();
      else
        await trx
          .insertInto('blade_file_catalog_using')
          .values({
            id: nextId(),
            tenant_id: auth.tenantId,
            function_code: record.functionCode,
            data_id: record.dataId,
            catalog_id: nodeId,
            node_path: node.nodePath,
            ...values,
            create_user: auth.userId,
            update_user: auth.userId,
          })
          .execute();
      await recordHistory(trx, auth, {
        dataId: record.dataId,
        fileCatalogId: nodeId,
        action,
        detail: JSON.stringify(values),
      });
      return null;
    };

  // Any node of the record's tree (a note on this record's copy; the library node is unchanged).
  serve(
    catalogSetRemark,
    overlay(async (_node, input) => ({ remark: input.remark }), 'remark'),
  );

  // Only nodes the record added (saveInUsing); the library's nodes are named on /system/fileConfiguration_detail.
  serve(
    catalogRenameNode,
    overlay(async (node, input) => {
      if (!node.isAppNode) throw new ServiceError('该目录不允许重命名');
      return { catalog_name: input.catalogName };
    }, 'rename'),
  );

  // Removes a node the record added, with the nodes it added below, only when no file is in it or below it. Library
  // nodes (the configured structure, with their mustUpload rules) stay.
  serve(
    catalogRemoveNode,
    overlay(async (node, input, trx, auth) => {
      if (!node.isAppNode) throw new ServiceError('该目录不允许删除');
      const row = await trx
        .selectFrom('blade_file')
        .select((eb) => eb.fn.countAll<string>().as('n'))
        .where('tenant_id', '=', auth.tenantId)
        .where('data_id', '=', input.dataId)
        .where('function_code', '=', input.functionCode)
        .where('is_deleted', '=', 0)
        .where((eb) =>
          eb.or([eb('node_path', '=', node.nodePath), eb('node_path', 'like', `${node.nodePath},%`)]),
        )
        .executeTakeFirstOrThrow();
      if (Number(row.n) > 0) throw new ServiceError('该目录下存在文件，不能删除');
      return { is_removed: 1 };
    }, 'remove-node'),
  );

  return router;
}
