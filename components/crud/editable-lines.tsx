'use client';

import IconButton from '@mui/material/IconButton';
import { useState } from 'react';

/**
 * The lines of a form that bills or orders by line (item and amount, goods and quantity): edit one in place, add one
 * at the end, remove one. A form of lines keeps at least one, so `canRemove` is false while only one is left.
 */
export function useEditableLines<L>(initial: L[] | (() => L[])) {
  const [lines, setLines] = useState(initial);
  return {
    lines,
    setLine: (index: number, patch: Partial<L>) =>
      setLines((all) => all.map((line, j) => (j === index ? { ...line, ...patch } : line))),
    addLine: (line: L) => setLines((all) => [...all, line]),
    removeLine: (index: number) => setLines((all) => all.filter((_, j) => j !== index)),
    canRemove: lines.length > 1,
  };
}

/** The × at the end of a line; `label` names it for assistive technology (删除此行). */
export function RemoveLineButton({
  label,
  disabled,
  onClick,
}: {
  label: string;
  disabled: boolean;
  onClick: () => void;
}) {
  return (
    <IconButton aria-label={label} disabled={disabled} onClick={onClick}>
      ×
    </IconButton>
  );
}
