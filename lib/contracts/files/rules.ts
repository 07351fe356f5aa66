import type { FieldDef } from '../resource';

/**
 * A catalogue node's rules: the library node's defaults (catalog.ts) and a preset's overrides of them (preset.ts,
 * where a blank value inherits the library node's own and is stored as null).
 */
export const NODE_RULE_FIELDS = {
  canAddAppNode: { column: 'can_add_app_node', kind: 'flag', label: 'fileConfig.rules.canAddAppNode' },
  canUpload: { column: 'can_upload', kind: 'flag', label: 'fileConfig.rules.canUpload' },
  mustUpload: { column: 'must_upload', kind: 'flag', label: 'fileConfig.rules.mustUpload' },
  canCover: { column: 'can_cover', kind: 'flag', label: 'fileConfig.rules.canCover' },
  canDownload: { column: 'can_download', kind: 'flag', label: 'fileConfig.rules.canDownload' },
  canView: { column: 'can_view', kind: 'flag', label: 'fileConfig.rules.canView' },
  canDel: { column: 'can_del', kind: 'flag', label: 'fileConfig.rules.canDel' },
  canMultiUpload: { column: 'can_multi_upload', kind: 'int', label: 'fileConfig.rules.canMultiUpload' },
  maxFileSize: { column: 'max_file_size', kind: 'int', label: 'fileConfig.rules.maxFileSize' },
  needStamped: { column: 'need_stamped', kind: 'flag', label: 'fileConfig.rules.needStamped' },
} as const satisfies Record<string, FieldDef>;

/**
 * Inclusive upper bounds of a library node's and a preset's numbers (a file count, megabytes, the sort), checked by
 * blade/.
 */
export const NODE_RULE_MAX = { canMultiUpload: 1000, maxFileSize: 500, sort: 1_000_000 } as const;
