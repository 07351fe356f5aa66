'use client';

import Box from '@mui/material/Box';
import FormControl from '@mui/material/FormControl';
import FormHelperText from '@mui/material/FormHelperText';
import FormLabel from '@mui/material/FormLabel';
import { RichTreeView } from '@mui/x-tree-view/RichTreeView';
import { useId, useMemo } from 'react';
import { branchIds } from './ids';
import type { TreeNode } from './types';

interface TreeChecklistProps {
  label: string;
  tree: TreeNode[];
  value: string[];
  onChange: (ids: string[]) => void;
  onBlur?: () => void;
  error?: string;
  disabled?: boolean;
  height?: number;
}

/**
 * A multi-select tree with checkboxes (menu lists of packages, role grants). Checking a parent checks its
 * descendants. Callers that store menus add the ancestors of the picks on save (`withAncestorIds`).
 */
export function TreeChecklist({
  label,
  tree,
  value,
  onChange,
  onBlur,
  error,
  disabled,
  height = 280,
}: TreeChecklistProps) {
  const labelId = useId();
  const expanded = useMemo(() => branchIds(tree), [tree]);
  return (
    <FormControl error={!!error} fullWidth component="fieldset" onBlur={onBlur} disabled={disabled}>
      <FormLabel id={labelId} component="legend" sx={{ mb: 0.5, fontSize: 13 }}>
        {label}
      </FormLabel>
      <Box
        role="group"
        aria-labelledby={labelId}
        sx={{
          maxHeight: height,
          overflow: 'auto',
          border: 1,
          borderColor: error ? 'error.main' : 'divider',
          borderRadius: 1,
          p: 0.5,
        }}
      >
        <RichTreeView<TreeNode, true>
          items={tree}
          getItemId={(item) => item.id}
          getItemLabel={(item) => item.title}
          multiSelect
          checkboxSelection
          selectionPropagation={{ descendants: true, parents: false }}
          defaultExpandedItems={expanded}
          selectedItems={value}
          disableSelection={disabled}
          onSelectedItemsChange={(_, ids) => onChange(ids.map(String))}
        />
      </Box>
      <FormHelperText>{error ?? ' '}</FormHelperText>
    </FormControl>
  );
}
