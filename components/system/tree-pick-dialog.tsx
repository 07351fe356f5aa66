'use client';

import { useState } from 'react';
import { FormDialog } from '@/components/crud/form-dialog';
import { flattenTree, withAncestorIds } from '@/components/crud/ids';
import { TreeChecklist } from '@/components/crud/tree-checklist';
import type { TreeNode } from '@/components/crud/types';

export interface TreeSection {
  key: string;
  label: string;
  tree: TreeNode[];
  initial: string[];
  /**
   * How the picks are stored: `ancestors` adds the ancestors of each pick (menus: a button needs its page),
   * `leaves` keeps only leaf nodes (scopes hang under menus in the grant tree; the menus are not scopes).
   */
  store?: 'ancestors' | 'leaves' | 'picked';
}

interface TreePickDialogProps {
  open: boolean;
  title: string;
  sections: TreeSection[];
  onClose: () => void;
  onSubmit: (picked: Record<string, string[]>) => Promise<void>;
}

function stored(section: TreeSection, ids: string[]): string[] {
  if (section.store === 'ancestors') return withAncestorIds(section.tree, ids);
  if (section.store === 'leaves') {
    const leaves = new Set(
      flattenTree(section.tree)
        .filter((n) => !n.children?.length)
        .map((n) => n.id),
    );
    return ids.filter((id) => leaves.has(id));
  }
  return ids;
}

/** Checkbox trees in a dialog: role grants (menus, data scopes, API scopes), top-menu settings, user roles. */
export function TreePickDialog({ open, title, sections, onClose, onSubmit }: TreePickDialogProps) {
  // Mount it once the current keys are loaded: the picks start from them.
  const [picked, setPicked] = useState<Record<string, string[]>>(() =>
    Object.fromEntries(sections.map((s) => [s.key, s.initial])),
  );
  const [busy, setBusy] = useState(false);
  return (
    <FormDialog
      open={open}
      title={title}
      onClose={onClose}
      submitting={busy}
      onSubmit={async () => {
        setBusy(true);
        try {
          await onSubmit(Object.fromEntries(sections.map((s) => [s.key, stored(s, picked[s.key] ?? [])])));
        } finally {
          setBusy(false);
        }
      }}
    >
      {sections.map((s) => (
        <TreeChecklist
          key={s.key}
          label={s.label}
          tree={s.tree}
          value={picked[s.key] ?? []}
          height={sections.length > 1 ? 220 : 400}
          onChange={(ids) => setPicked((p) => ({ ...p, [s.key]: ids }))}
        />
      ))}
    </FormDialog>
  );
}
