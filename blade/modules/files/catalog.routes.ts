import { Hono, type Context } from 'hono';
import type { BladeEnv, Deps } from '../../core/context';
import { ok, success } from '../../core/envelope';
import { NotFoundError, ServiceError, ValidationError } from '../../core/errors';
import { nextId } from '../../core/ids';
import { fetchPage, toPage } from '../../core/page';
import { withTenant, type Trx } from '../../db/tenant';
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
import { readTextParams } from '../../core/input';
import { storedName } from './names';
import { listRequest } from './list-request';

const ID = /^\d{1,19}$/;
export const TREE_PAGE_SIZE = 100;

function recordOf(input: Record<string, string>): RecordRef {
  const functionCode = (input.functionCode ?? '').trim();
  const dataId = (input.dataId ?? '').trim();
  if (!functionCode || functionCode.length > 64) throw new ValidationError('functionCode', '不能为空');
  if (!dataId || dataId.length > 64) throw new ValidationError('dataId', '不能为空');
  return { functionCode, dataId };
}

function nodeIdOf(input: Record<string, string>, field = 'fileCatalogId'): string {
  const id = (input[field] ?? input.id ?? '').trim();
  if (!ID.test(id)) throw new ValidationError(field, '必须是有效的ID');
  return id;
}

function pageOf(input: Record<string, string>, defaultSize = TREE_PAGE_SIZE) {
  // A tree level and a node's files keep their display order; only the page is the caller's.
  return listRequest(input, {}, defaultSize).page;
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

export function catalogRoutes(deps: Deps) {
  const router = new Hono<BladeEnv>();

  // GET /blade-resource/fileCatalog/selectFileList (and blade-customer, blade-combusiness) — functionCode, dataId,
  // parentId (empty = roots), current, size (default 100): one level of the record's tree, each node with its
  // rules, counts, missing mark and `fileList` (its own files). Children load when a node is expanded.
  const selectFileList = async (c: Context<BladeEnv>) => {
    const auth = c.get('auth');
    const input = c.req.query();
    const record = recordOf(input);
    const parentId = input.parentId?.trim() || undefined;
    if (parentId && !ID.test(parentId)) throw new ValidationError('parentId', '必须是有效的ID');
    const page = pageOf(input);
    const access = await fileAccess(deps, auth);
    const result = await withTenant(deps.db, auth.tenantId, async (trx) => {
      await access.record(trx, record, 'read');
      const rights = await access.rights(trx, record);
      const level = await childNodes(trx, auth.tenantId, record, parentId, page, rights);
      if (!level) throw new NotFoundError(MSG_NODE_NOT_FOUND);
      const files = await nodeFiles(
        trx,
        auth.tenantId,
        record,
        level.nodes.map((n) => n.id),
      );
      const byNode = new Map<string, FileRow[]>();
      for (const f of files) byNode.set(f.file_catalog_id!, [...(byNode.get(f.file_catalog_id!) ?? []), f]);
      return {
        total: level.total,
        nodes: level.nodes.map((n) => ({
          ...n,
          fileList: (byNode.get(n.id) ?? []).map((f) => fileRowVO(f, n)),
        })),
      };
    });
    return c.json(ok(toPage(result.nodes, result.total, page)));
  };
  router.get('/blade-resource/fileCatalog/selectFileList', selectFileList);
  router.get('/blade-customer/fileCatalog/selectFileList', selectFileList);
  router.get('/blade-combusiness/fileCatalog/selectFileList', selectFileList);

  // GET /blade-resource/fileCatalog/selectCurrentFileList — functionCode, dataId, fileCatalogId, current, size: the
  // node's files with their button flags; a node marked missing answers a first row with isFile 0, isMissing 1.
  router.get('/blade-resource/fileCatalog/selectCurrentFileList', async (c) => {
    const auth = c.get('auth');
    const input = c.req.query();
    const record = recordOf(input);
    const nodeId = nodeIdOf(input);
    const page = pageOf(input);
    const access = await fileAccess(deps, auth);
    const out = await withTenant(deps.db, auth.tenantId, async (trx) => {
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
      return { records, total };
    });
    return c.json(ok(toPage(out.records, out.total, page)));
  });

  // POST /blade-resource/fileCatalog/saveInUsing — functionCode, dataId, parentId, catalogName: adds a node to this
  // record's tree under a node whose canAddAppNode is 1.
  router.post('/blade-resource/fileCatalog/saveInUsing', async (c) => {
    const auth = c.get('auth');
    const input = await readTextParams(c);
    const record = recordOf(input);
    const parentId = nodeIdOf(input, 'parentId');
    const name = storedName(input.catalogName ?? '').trim();
    if (!name) throw new ValidationError('catalogName', '请输入目录名称');
    if (name.length > 200) throw new ValidationError('catalogName', '长度不能超过200');
    const access = await fileAccess(deps, auth);
    const added = await withTenant(deps.db, auth.tenantId, async (trx) => {
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
          catalog_name: name,
          create_user: auth.userId,
          update_user: auth.userId,
        })
        .execute();
      await recordHistory(trx, auth, {
        dataId: record.dataId,
        fileCatalogId: id,
        action: 'add-node',
        detail: name,
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
    return c.json(ok(added));
  });

  /**
   * Writes the record's overlay of a library node (a remark), or updates a node the record added (rename, remark,
   * removal). `change` runs inside the transaction, after the node is resolved, so its checks see the same state.
   */
  async function overlay(
    c: Context<BladeEnv>,
    change: (
      node: ResolvedNode,
      input: Record<string, string>,
      trx: Trx,
      record: RecordRef,
    ) => Promise<{ catalog_name?: string; remark?: string; is_removed?: number }>,
    action: 'rename' | 'remark' | 'remove-node',
  ) {
    const auth = c.get('auth');
    const input = await readTextParams(c);
    const record = recordOf(input);
    const nodeId = nodeIdOf(input);
    const access = await fileAccess(deps, auth);
    await withTenant(deps.db, auth.tenantId, async (trx) => {
      await access.record(trx, record, 'edit');
      const node = await resolveNode(trx, auth.tenantId, record, nodeId);
      if (!node) throw new NotFoundError(MSG_NODE_NOT_FOUND);
      const values = await change(node, input, trx, record);
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
    });
    return c.json(success());
  }

  // POST /blade-resource/fileCatalog/setRemark — functionCode, dataId, id (node), remark (≤ 500): any node of the
  // record's tree (a note on this record's copy; the library node is unchanged).
  router.post('/blade-resource/fileCatalog/setRemark', (c) =>
    overlay(
      c,
      async (_node, input) => {
        const remark = (input.remark ?? '').trim();
        if (remark.length > 500) throw new ValidationError('remark', '长度不能超过500');
        return { remark };
      },
      'remark',
    ),
  );

  // POST /blade-resource/fileCatalog/renameInUsing — functionCode, dataId, id (node), catalogName: only nodes the
  // record added (saveInUsing); the library's nodes are named on /system/fileConfiguration_detail.
  router.post('/blade-resource/fileCatalog/renameInUsing', (c) =>
    overlay(
      c,
      async (node, input) => {
        if (!node.isAppNode) throw new ServiceError('该目录不允许重命名');
        const name = storedName(input.catalogName ?? '').trim();
        if (!name) throw new ValidationError('catalogName', '请输入目录名称');
        if (name.length > 200) throw new ValidationError('catalogName', '长度不能超过200');
        return { catalog_name: name };
      },
      'rename',
    ),
  );

  // POST /blade-resource/fileCatalog/removeInUsing — functionCode, dataId, id (node): removes a node the record added,
  // with the nodes it added below, only when no file is in it or below it. Library nodes (the configured structure,
  // with their mustUpload rules) stay.
  router.post('/blade-resource/fileCatalog/removeInUsing', (c) =>
    overlay(
      c,
      async (node, _input, trx, record) => {
        if (!node.isAppNode) throw new ServiceError('该目录不允许删除');
        const auth = c.get('auth');
        const row = await trx
          .selectFrom('blade_file')
          .select((eb) => eb.fn.countAll<string>().as('n'))
          .where('tenant_id', '=', auth.tenantId)
          .where('data_id', '=', record.dataId)
          .where('function_code', '=', record.functionCode)
          .where('is_deleted', '=', 0)
          .where((eb) =>
            eb.or([eb('node_path', '=', node.nodePath), eb('node_path', 'like', `${node.nodePath},%`)]),
          )
          .executeTakeFirstOrThrow();
        if (Number(row.n) > 0) throw new ServiceError('该目录下存在文件，不能删除');
        return { is_removed: 1 };
      },
      'remove-node',
    ),
  );

  return router;
}
