'use client';

import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { RichTreeView } from '@mui/x-tree-view/RichTreeView';
import { useMemo } from 'react';
import { branchIds } from '@/components/crud/ids';
import type { TreeNode } from '@/components/crud/types';

interface SideTreeProps {
  title: string;
  tree: TreeNode[];
  selected: string | null;
  onSelect: (id: string | null) => void;
}

/** A tree beside a grid (departments beside users): clicking a node filters the grid, clicking it again clears it. */
export function SideTree({ title, tree, selected, onSelect }: SideTreeProps) {
  const expanded = useMemo(() => branchIds(tree), [tree]);
  return (
    <Paper variant="outlined" sx={{ p: 1, minWidth: 200, overflow: 'auto' }} role="region" aria-label={title}>
      <Typography variant="subtitle2" component="h2" sx={{ px: 1, pb: 1 }}>
        {title}
      </Typography>
      <RichTreeView<TreeNode>
        key={expanded.join(',')}
        items={tree}
        getItemId={(item) => item.id}
        getItemLabel={(item) => item.title}
        defaultExpandedItems={expanded}
        selectedItems={selected}
        onSelectedItemsChange={(_, id) => onSelect(id === selected ? null : (id ?? null))}
      />
    </Paper>
  );
}
