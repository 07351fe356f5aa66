import type { FieldSpec } from '../resource';

/**
 * A catalogue node's rules: the library node's defaults (catalog.ts) and a preset's overrides of them (preset.ts,
 * where a blank value inherits the library node's own and is stored as null).
 */
export const NODE_RULE_FIELDS = {
  canAddAppNode: { kind: 'flag', label: 'fileConfig.rules.canAddAppNode' },
  canUpload: { kind: 'flag', label: 'fileConfig.rules.canUpload' },
  mustUpload: { kind: 'flag', label: 'fileConfig.rules.mustUpload' },
  canCover: { kind: 'flag', label: 'fileConfig.rules.canCover' },
  canDownload: { kind: 'flag', label: 'fileConfig.rules.canDownload' },
  canView: { kind: 'flag', label: 'fileConfig.rules.canView' },
  canDel: { kind: 'flag', label: 'fileConfig.rules.canDel' },
  canMultiUpload: { kind: 'int', label: 'fileConfig.rules.canMultiUpload' },
  maxFileSize: { kind: 'int', label: 'fileConfig.rules.maxFileSize' },
  needStamped: { kind: 'flag', label: 'fileConfig.rules.needStamped' },
} as const satisfies Record<string, FieldSpec>;

/**
 * Inclusive upper bounds of a library node's and a preset's numbers (a file count, megabytes, the sort), checked by
 * blade/.
 */
export const NODE_RULE_MAX = { canMultiUpload: 1000, maxFileSize: 500, sort: 1_000_000 } as const;
