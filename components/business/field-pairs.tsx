'use client';

import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';

export interface FieldPair {
  label: string;
  value: ReactNode;
  /** Amounts: figures of one width, so a column of them lines up. */
  money?: boolean;
  /** A long text (an address, a remark) across the whole row. */
  wide?: boolean;
}

/**
 * A record's fields as label / value pairs (a description list) in a grid of up to `columns` per row; an empty value
 * shows `--`, a value keeps its line breaks.
 */
export function FieldPairs({ items, columns = 4 }: { items: readonly FieldPair[]; columns?: 3 | 4 }) {
  return (
    <Box
      component="dl"
      sx={{
        m: 0,
        display: 'grid',
        gridTemplateColumns: { xs: '1fr', sm: 'repeat(2, 1fr)', lg: `repeat(${columns}, 1fr)` },
        columnGap: 3,
        rowGap: 1,
      }}
    >
      {items.map((item) => (
        <Box key={item.label} sx={item.wide ? { gridColumn: '1 / -1' } : undefined}>
          <Typography component="dt" variant="caption" color="text.secondary">
            {item.label}
          </Typography>
          <Typography
            component="dd"
            variant="body2"
            sx={{ m: 0, whiteSpace: 'pre-wrap', fontVariantNumeric: item.money ? 'tabular-nums' : undefined }}
            data-label={item.label}
          >
            {item.value === '' || item.value === null || item.value === undefined ? '--' : item.value}
          </Typography>
        </Box>
      ))}
    </Box>
  );
}
