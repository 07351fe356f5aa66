import { z } from '../../zod';
import { defineAction } from '../action';
import { textParams } from '../inputs';
import { byRecordAccess, NODE_ID, onNode, optionalId, PAGING, RECORD } from './params';
import { storedNameInput } from './names';

/**
 * A record's archive tree (001 §7.3): one level of it, a node's files, and the nodes the record adds, renames,
 * annotates and removes (blade/modules/files/catalog.routes.ts); open to every signed-in user, refused per record.
 */
const anyUser = byRecordAccess;

const catalogName = z.preprocess(
  storedNameInput,
  z.string({ error: '请输入目录名称' }).trim().min(1, '请输入目录名称').max(200, '长度不能超过200'),
);

const treeLevelInput = textParams(
  z.object({
    ...RECORD,
    /** Empty or `0`: the roots. */
    parentId: optionalId(NODE_ID, '必须是有效的ID'),
    ...PAGING,
  }),
);

/**
 * One level of the record's tree, each node with its rules, counts, missing mark and `fileList` (its own files);
 * children load when a node is expanded. The staff, customer and company sides call it under their own service.
 */
const treeLevel = (service: string) =>
  defineAction({
    name: 'selectFileList',
    call: { method: 'GET', path: `/${service}/fileCatalog/selectFileList` },
    input: treeLevelInput,
    access: anyUser,
    writes: false,
  });
export const catalogTreeLevel = treeLevel('blade-resource');
export const customerCatalogTreeLevel = treeLevel('blade-customer');
export const companyCatalogTreeLevel = treeLevel('blade-combusiness');

/** A node's files with their button flags; a node marked missing answers a first row with isFile 0, isMissing 1. */
export const catalogNodeFiles = defineAction({
  name: 'selectCurrentFileList',
  call: { method: 'GET', path: '/blade-resource/fileCatalog/selectCurrentFileList' },
  input: onNode('fileCatalogId', PAGING),
  access: anyUser,
  writes: false,
});

/** Adds a node to this record's tree under a node whose canAddAppNode is 1; answers the new node. */
export const catalogAddNode = defineAction({
  name: 'saveInUsing',
  call: { method: 'POST', path: '/blade-resource/fileCatalog/saveInUsing' },
  input: onNode('parentId', { catalogName }),
  access: anyUser,
  writes: true,
});

/** A remark on any node of the record's tree (the record's copy; the library node is unchanged). */
export const catalogSetRemark = defineAction({
  name: 'setRemark',
  call: { method: 'POST', path: '/blade-resource/fileCatalog/setRemark' },
  input: onNode('fileCatalogId', {
    remark: z.string().trim().max(500, '长度不能超过500').default(''),
  }),
  access: anyUser,
  writes: true,
});

/** Renames a node the record added; the library's nodes are named on /system/fileConfiguration_detail. */
export const catalogRenameNode = defineAction({
  name: 'renameInUsing',
  call: { method: 'POST', path: '/blade-resource/fileCatalog/renameInUsing' },
  input: onNode('fileCatalogId', { catalogName }),
  access: anyUser,
  writes: true,
});

/** Removes a node the record added, with the nodes it added below, when no file is in it or below it. */
export const catalogRemoveNode = defineAction({
  name: 'removeInUsing',
  call: { method: 'POST', path: '/blade-resource/fileCatalog/removeInUsing' },
  input: onNode('fileCatalogId', {}),
  access: anyUser,
  writes: true,
});

export const CATALOG_ACTIONS = [
  catalogTreeLevel,
  customerCatalogTreeLevel,
  companyCatalogTreeLevel,
  catalogNodeFiles,
  catalogAddNode,
  catalogSetRemark,
  catalogRenameNode,
  catalogRemoveNode,
] as const;
